"""Event packages (rules.md §16): make one on the season's server, take one on a laptop."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player, Tournament


class PackageForm(forms.Form):
    """A package for a tournament of the season to be played elsewhere."""

    name = forms.CharField(label=_("Tournament name"), max_length=200)
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    ruleset = forms.ChoiceField(label=_("Ruleset"), choices=Tournament.RulesetChoice.choices)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.FormatChoice.choices)
    players = forms.TypedMultipleChoiceField(
        label=_("The season's players expected there"),
        help_text=_("Those who played a tournament of this season; add others below."),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    more = forms.CharField(
        label=_("More players by their numbers"),
        help_text=_("Player numbers separated by commas or spaces, e.g. 12, 40."),
        required=False,
        max_length=5000,
    )

    def __init__(self, *args: Any, players: Sequence[Player] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["players"]
        assert isinstance(field, forms.TypedMultipleChoiceField)
        field.choices = [(p.pk, f"{p.shown_name} ({p.nationality}) · {p.pk}") for p in players]
        if not self.is_bound:
            self.initial.setdefault("players", [p.pk for p in players])

    def clean_more(self) -> list[int]:
        text = self.cleaned_data.get("more") or ""
        parts = [p for p in re.split(r"[\s,;]+", text) if p]
        if any(not p.isdigit() or len(p) > 9 or int(p) == 0 for p in parts):
            raise forms.ValidationError(_("Write player numbers only, e.g. 12, 40."))
        return [int(p) for p in parts]

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "date": data["date"],
            "ruleset": data["ruleset"],
            "format": data["format"],
            "players": [*data["players"], *data["more"]],
        }


class PackageFileForm(forms.Form):
    """The upload of a package file (JSON) on a laptop."""

    file = forms.FileField(
        label=_("Event package (.json)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
