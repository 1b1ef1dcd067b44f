"""The knockout control's forms: start the knockout, seat the next round.

Each draws its seats from a seed typed here or from one of the tournament's
unused published commitments (rules.md §11), as the group-stage draw does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _


class SeedOrCommitmentForm(forms.Form):
    """A draw's seed: typed here, or the secret of a published commitment (its hex)."""

    seed = forms.CharField(label=_("Seed"), max_length=200, required=False)
    commitment = forms.ChoiceField(
        label=_("Or draw with a published commitment"),
        required=False,
        help_text=_("The draw then uses the commitment's secret seed and reveals it."),
    )

    def __init__(self, *args: Any, commitments: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["commitment"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "—"), *((c, c[:16] + "…") for c in commitments)]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not cleaned.get("commitment") and not str(cleaned.get("seed") or "").strip():
            raise forms.ValidationError(_("Give a seed or choose a commitment."))
        return cleaned

    def draw_kwargs(self) -> dict[str, str | None]:
        """``seed`` or ``commitment`` for the knockout services (the commitment wins)."""
        commitment = self.cleaned_data.get("commitment") or None
        return {"seed": None if commitment else self.cleaned_data["seed"], "commitment": commitment}


class KnockoutStartForm(SeedOrCommitmentForm):
    field_size = forms.IntegerField(
        label=_("Field size (empty: number of group tables, at least 4)"),
        required=False,
        min_value=2,
        max_value=200,
    )


class KnockoutNextForm(SeedOrCommitmentForm):
    pass
