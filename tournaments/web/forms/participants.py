"""Participants: register one, import a spreadsheet, give a penalty, mark a withdrawal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from tournaments.models import PackagePlayer, Penalty
from tournaments.names import fold
from tournaments.services import ParticipantInput


class PackagePlayerSelect(forms.Select):
    """The package's players as options that carry their name (folded, for the search
    box of ``package_players.js``) and nationality (to fill the form)."""

    def __init__(self, players: Sequence[PackagePlayer]) -> None:
        super().__init__(
            attrs={
                "data-package-players": "",
                "data-search-label": _("Search the package's players"),
            }
        )
        self.players = {str(p.federation_id): p for p in players}

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        player = self.players.get(str(value))
        if player is not None:
            option["attrs"].update(
                {
                    "data-fold": fold(player.name),
                    "data-name": player.name,
                    "data-nationality": str(player.nationality),
                }
            )
        return option


class ParticipantForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    nationality = CountryField(blank=False).formfield(label=_("Nationality"), initial="DE")
    birth_date = forms.DateField(
        label=_("Birth date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    age_approved = forms.BooleanField(
        label=_("Under 8: the organiser has seen that the child knows the rules"), required=False
    )
    language = forms.ChoiceField(
        label=_("Language of the player card"),
        choices=[("", _("— the tournament's —")), *settings.LANGUAGES],
        required=False,
    )
    # The participant's edit version when the form was opened (``services.versions``).
    version = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def __init__(
        self, *args: Any, package_players: Sequence[PackagePlayer] = (), **kwargs: Any
    ) -> None:
        """``package_players``: for a tournament made from an event package, the
        package's players still free; the form then offers them (rules.md §16), and
        the chosen one's name and nationality stand in for fields left empty."""
        super().__init__(*args, **kwargs)
        self.package_players = {p.federation_id: p for p in package_players}
        if self.package_players:
            self.fields["federation_player"] = forms.TypedChoiceField(
                label=_("Player of the event package"),
                help_text=_("Search by name; the name and nationality are taken over."),
                choices=[("", _("— not in the package —"))]
                + [
                    (p.federation_id, f"{p.name} ({p.nationality})" if p.nationality else p.name)
                    for p in package_players
                ],
                coerce=int,
                empty_value=None,
                required=False,
                widget=PackagePlayerSelect(package_players),
            )
            self.fields["name"].required = False
            self.order_fields(["federation_player", "name"])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        chosen = self.package_players.get(data.get("federation_player") or 0)
        if chosen is not None and not data.get("name"):
            data["name"] = chosen.name
            if chosen.nationality:
                data["nationality"] = chosen.nationality
        if not data.get("name") and "name" not in self.errors:
            self.add_error("name", forms.ValidationError(_("A name is required."), "required"))
        return data

    def to_input(self) -> ParticipantInput:
        data = self.cleaned_data
        return ParticipantInput(
            name=data["name"],
            nationality=str(data["nationality"]),
            birth_date=data["birth_date"],
            age_approved=data["age_approved"],
            federation_player=data.get("federation_player"),
            language=data.get("language") or None,
        )


class FederationPlayerForm(forms.Form):
    """Link a registered participant to one of the event package's players still free."""

    def __init__(self, *args: Any, package_players: Sequence[PackagePlayer], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["federation_player"] = forms.TypedChoiceField(
            label=_("Player of the event package"),
            choices=[
                (p.federation_id, f"{p.name} ({p.nationality})" if p.nationality else p.name)
                for p in package_players
            ],
            coerce=int,
            widget=PackagePlayerSelect(package_players),
        )


class ParticipantImportForm(forms.Form):
    """The upload of a participant spreadsheet; ``tournaments.imports`` reads it."""

    file = forms.FileField(
        label=_("Spreadsheet (.xlsx)"),
        widget=forms.ClearableFileInput(
            attrs={
                "accept": ".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            }
        ),
    )


class PenaltyForm(forms.Form):
    kind = forms.ChoiceField(label=_("Kind"), choices=Penalty.Kind.choices)
    amount = forms.IntegerField(
        label=_("Amount (deductions only)"), required=False, min_value=1, max_value=100_000
    )
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}))


class WithdrawForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), required=False, max_length=500)
