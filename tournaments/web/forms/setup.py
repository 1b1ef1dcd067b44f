"""Setting a tournament up: its name, date, ruleset, language and settings; characters; the draw.

A **setting** is one entry of ``tournaments.preferences.SETTINGS``; its form
field is named ``setting_<key>``.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.forms.boundfield import BoundField
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament
from tournaments.preferences import DEFAULT_TITLE, SETTINGS, Setting
from tournaments.web.forms.knockout import SeedOrCommitmentForm


def setting_field(setting: Setting) -> forms.Field:
    """A form field for one tournament setting (rules in ``tournaments.preferences``)."""
    if setting.kind is bool:
        return forms.BooleanField(label=setting.label, required=False)
    if setting.kind is str:
        return forms.CharField(label=setting.label, required=False, max_length=setting.maximum)
    return forms.IntegerField(
        label=setting.label,
        required=not setting.nullable,
        min_value=setting.minimum,
        max_value=setting.maximum,
    )


class TournamentForm(forms.Form):
    """Name, date, ruleset, language and every setting of ``preferences.SETTINGS``."""

    name = forms.CharField(label=_("Name"), max_length=200)
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    ruleset = forms.ChoiceField(label=_("Ruleset"), choices=Tournament.RulesetChoice.choices)
    # The same choices as ``Tournament.language``.
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    # The tournament's version when the form was opened (``services.versions``).
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    #: Where a service's error about a setting goes on this form.
    field_map = {**{s.key: f"setting_{s.key}" for s in SETTINGS}, "settings": "__all__"}

    def __init__(
        self, data: Any = None, *, tournament: Tournament | None = None, **kwargs: Any
    ) -> None:
        if tournament is not None and data is None and "initial" not in kwargs:
            values = tournament.config.values
            kwargs["initial"] = {
                "name": tournament.name,
                "date": tournament.date,
                "ruleset": tournament.ruleset,
                "language": tournament.language,
                "version": tournament.version,
                **{f"setting_{s.key}": values[s.key] for s in SETTINGS},
                "setting_title": tournament.config.title,
            }
        super().__init__(data, **kwargs)
        #: The overrides stored now (a setting the submitted form lacks keeps its value).
        self.stored_settings: dict[str, Any] = dict(tournament.settings) if tournament else {}
        for setting in SETTINGS:
            self.fields[f"setting_{setting.key}"] = setting_field(setting)
            default = str(DEFAULT_TITLE) if setting.key == "title" else setting.default
            self.fields[f"setting_{setting.key}"].initial = self.initial.get(
                f"setting_{setting.key}", default
            )

    def setting_fields(self) -> list[BoundField]:
        return [self[f"setting_{s.key}"] for s in SETTINGS]

    def main_fields(self) -> list[BoundField]:
        return [self[name] for name in ("name", "date", "ruleset", "language", "version")]

    def settings_overrides(self) -> dict[str, Any]:
        """The settings that differ from their defaults (what a tournament stores)."""
        overrides = {}
        for setting in SETTINGS:
            value = self.cleaned_data.get(f"setting_{setting.key}")
            if setting.kind is bool:
                value = bool(value)
            if setting.key == "title":
                if self.is_bound and f"setting_{setting.key}" not in self.data:
                    # A form of before the title setting: the title stays as it is.
                    value = self.stored_settings.get("title")
                elif value == str(DEFAULT_TITLE):
                    value = None  # the default, in whichever language it was shown
            if value != setting.default:
                overrides[setting.key] = value
        return overrides

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "date": data["date"],
            "ruleset": data["ruleset"],
            "language": data["language"],
            "settings": self.settings_overrides(),
        }


class CharacterForm(forms.Form):
    name = forms.CharField(label=_("Character"), max_length=100)
    life_points = forms.IntegerField(label=_("Life points"), min_value=1, max_value=9)


class DrawForm(SeedOrCommitmentForm):
    """A seed, or one of the tournament's unused ``commitments`` (hex), and the split."""

    seed = forms.CharField(
        label=_("Seed"),
        max_length=200,
        required=False,
        help_text=_("Same participants and same seed give the same seating."),
    )
    five_tables = forms.IntegerField(
        label=_("Number of 5-tables (empty: as few as possible)"),
        required=False,
        min_value=0,
        max_value=30,
    )
