"""Setting a tournament up: its name, date, ruleset, language and settings; characters; the draw.

A **setting** is one entry of ``tournaments.preferences.SETTINGS``; its form
field is named ``setting_<key>``.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.forms.boundfield import BoundField
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scoring.formats import ALIASES, PRESETS, FormatKey
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
    # Which title the tournament awards (the ``title`` setting): asked, never pre-filled
    # on a new tournament; the API's default stays the championship's (api.md).
    title_choice = forms.ChoiceField(
        label=_("Title awarded"),
        required=False,
        widget=forms.RadioSelect(attrs={"required": True}),
    )

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
                **{f"setting_{s.key}": values[s.key] for s in SETTINGS if s.key in values},
                **_title_initial(tournament.settings.get("title")),
            }
        super().__init__(data, **kwargs)
        #: The overrides stored now (a setting the submitted form lacks keeps its value).
        self.stored_settings: dict[str, Any] = dict(tournament.settings) if tournament else {}
        self.effective: dict[str, Any] = dict(tournament.config.values) if tournament else {}
        self.creating = tournament is None
        # The German keys of rules.md §4 name cells only where the format has tables of
        # 5 and 6; elsewhere the service refuses them (the format page edits the cells).
        names_cells = tournament is None or tournament.config.format.named_cells
        #: The settings this form offers.
        self.offered = [s for s in SETTINGS if names_cells or s.key not in ALIASES]
        if self.creating:
            self.fields["format"] = forms.ChoiceField(
                label=_("Format"),
                choices=Tournament.FormatChoice.choices,
                initial=Tournament.FormatChoice.GERMAN_CHAMPIONSHIP,
                required=False,  # not sent: the German championship, the default
                help_text=_(
                    "The German championship, or the Czech club format; its points table "
                    "and structure are on the format page after creating."
                ),
            )
        for setting in self.offered:
            self.fields[f"setting_{setting.key}"] = setting_field(setting)
            default = "" if setting.key == "title" else setting.default
            self.fields[f"setting_{setting.key}"].initial = self.initial.get(
                f"setting_{setting.key}", default
            )
        self.fields["setting_title"].label = _("Name of the other title")
        title_choice = self.fields["title_choice"]
        assert isinstance(title_choice, forms.ChoiceField)
        title_choice.choices = [
            (TITLE_NONE, _("None (a club cup, say)")),
            (
                TITLE_CHAMPIONSHIP,
                format_lazy(_("The German championship's: “{title}”"), title=DEFAULT_TITLE),
            ),
            (TITLE_OTHER, _("Another title (name it below)")),
        ]

    def setting_fields(self) -> list[BoundField]:
        fields = []
        for setting in self.offered:
            if setting.key == "title":
                fields.append(self["title_choice"])
            fields.append(self[f"setting_{setting.key}"])
        return fields

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        choice = data.get("title_choice")
        if choice == TITLE_OTHER and not (data.get("setting_title") or "").strip():
            self.add_error("setting_title", _("Name the title, or choose none."))
        elif not choice and self.creating and "setting_title" in self.data:
            self.add_error("title_choice", _("Choose which title the tournament awards."))
        return data

    def main_fields(self) -> list[BoundField]:
        names = ["name", "date", "ruleset", "language", "version"]
        return [self[name] for name in names + (["format"] if self.creating else [])]

    def settings_overrides(self) -> dict[str, Any]:
        """The settings that differ from their defaults (what a tournament stores)."""
        overrides = {}
        chosen = self.cleaned_data.get("format") or FormatKey.GERMAN_CHAMPIONSHIP
        names_cells = PRESETS[FormatKey(chosen)].named_cells
        for setting in self.offered:
            if setting.key in ALIASES and not names_cells:
                continue  # a new tournament of a format whose cells these keys do not name
            value = self.cleaned_data.get(f"setting_{setting.key}")
            if setting.kind is bool:
                value = bool(value)
            if setting.key == "title" and self.cleaned_data.get("title_choice"):
                value = _title_value(self.cleaned_data["title_choice"], value)
            elif setting.key == "title":
                if self.is_bound and f"setting_{setting.key}" not in self.data:
                    # A form of before the title setting: the title stays as it is.
                    value = self.stored_settings.get("title")
                elif value == str(DEFAULT_TITLE):
                    value = None  # the default, in whichever language it was shown
            if value != setting.default or (
                # A cell set elsewhere (the format page's ``points``): the value shown
                # here is the one saved, since the German key wins over the cell.
                setting.key in ALIASES and self.effective.get(setting.key, value) != value
            ):
                overrides[setting.key] = value
        return overrides

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        # The stored settings this form does not show (the format's: its points
        # table, structure, ...) stay as they are.
        shown = {setting.key for setting in self.offered}
        kept = {key: value for key, value in self.stored_settings.items() if key not in shown}
        kwargs = {
            "name": data["name"],
            "date": data["date"],
            "ruleset": data["ruleset"],
            "language": data["language"],
            "settings": {**kept, **self.settings_overrides()},
        }
        if self.creating:
            kwargs["format"] = data.get("format") or FormatKey.GERMAN_CHAMPIONSHIP.value
        return kwargs


TITLE_NONE, TITLE_CHAMPIONSHIP, TITLE_OTHER = "none", "championship", "other"


def _title_initial(stored: str | None) -> dict[str, str]:
    """The title choice and the other title's name for a stored ``title`` setting."""
    if stored is None:
        return {"title_choice": TITLE_CHAMPIONSHIP, "setting_title": ""}
    if stored == "":
        return {"title_choice": TITLE_NONE, "setting_title": ""}
    return {"title_choice": TITLE_OTHER, "setting_title": stored}


def _title_value(choice: str, name: str | None) -> str | None:
    """The ``title`` setting for a choice: None is the championship's (its default)."""
    if choice == TITLE_NONE:
        return ""
    if choice == TITLE_CHAMPIONSHIP:
        return None
    return (name or "").strip()


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
