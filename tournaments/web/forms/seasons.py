"""Season forms: its name and settings, a tournament with its weight, an organiser."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from tournaments.models import Season, Tournament


class SeasonForm(forms.Form):
    """A season's name and its three settings (rules.md §13)."""

    name = forms.CharField(label=_("Name"), max_length=200)
    best_of = forms.IntegerField(
        label=_("Results that count"),
        min_value=1,
        max_value=1000,
        initial=5,
        help_text=_("Each player's best results are added up."),
    )
    min_events = forms.IntegerField(
        label=_("Results needed to be ranked"), min_value=0, max_value=1000, initial=1
    )
    qualifiers = forms.IntegerField(
        label=_("Places that qualify"),
        min_value=0,
        max_value=10000,
        initial=0,
        help_text=_("0: nobody qualifies through this season."),
    )

    @classmethod
    def of(cls, season: Season, data: Any = None) -> SeasonForm:
        return cls(
            data,
            initial={
                "name": season.name,
                "best_of": season.best_of,
                "min_events": season.min_events,
                "qualifiers": season.qualifiers,
            },
        )


class SeasonTournamentForm(forms.Form):
    """A tournament not yet in the season, and its weight."""

    weight = forms.DecimalField(
        label=_("Weight"),
        min_value=Decimal(0),
        max_digits=6,
        decimal_places=3,
        initial=Decimal(1),
        help_text=_("1 for an ordinary tournament, 2 for one that counts double."),
        widget=forms.NumberInput(attrs={"step": "0.1", "inputmode": "decimal"}),
    )

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["tournament"] = forms.ModelChoiceField(
            label=_("Tournament"),
            queryset=Tournament.objects.exclude(season_entries__season=season).order_by(
                "-date", "-id"
            ),
        )
        self.order_fields(["tournament", "weight"])


class SeasonOrganiserForm(forms.Form):
    """An active user, by name, to become an organiser of the season."""

    username = forms.CharField(label=_("User name"), max_length=150)

    def clean_username(self) -> User:
        name = self.cleaned_data["username"].strip()
        user = User.objects.filter(username=name, is_active=True).first()
        if user is None:
            raise forms.ValidationError(_("There is no user with this name."))
        return user
