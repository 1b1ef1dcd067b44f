"""Forms of the staff pages: they parse input, the services decide.

A form here only turns what a browser sends into the plain values a service
takes (``services.SeatInput``, ``services.ParticipantInput``, keyword
arguments); the rules are checked by the services and ``scoring``. When a
service refuses with a ``DomainError``, ``add_domain_errors`` puts each of its
items on the form field it names, or on the whole form.

Words: a **seat block** is the part of the result form for one seat (one
player at the table): role, character, lives left, "eliminated by" and, for
the Renegade, the final duel.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.forms.boundfield import BoundField
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from scoring.results import GameSpec, Problem, SeatReport
from scoring.rulesets import (
    SHOWDOWN_ROLE_CARDS,
    THREE_PLAYER_ROLES,
    Role,
    Ruleset,
    Side,
    max_lives,
)

from .errors import DomainError, ErrorItem
from .models import Penalty, Result, Seat, Tournament
from .preferences import SETTINGS, Setting
from .services import ParticipantInput

SEAT_FIELDS = ("role", "character", "lives", "eliminated_by", "final_duel")


def add_domain_errors(
    form: forms.BaseForm, error: DomainError, *, field_map: Mapping[str, str] | None = None
) -> list[ErrorItem]:
    """Put a service's error items on ``form``; return the items it could not place.

    An item whose ``field`` is a field of the form goes to that field (renamed by
    ``field_map`` first), anything else becomes a form-wide error. Items that name
    a seat ``position`` are returned untouched for the caller to place.
    """
    field_map = field_map or {}
    left: list[ErrorItem] = []
    for item in error.errors:
        if item.position is not None:
            left.append(item)
            continue
        name = field_map.get(item.field or "", item.field)
        if name and name in form.fields:
            form.add_error(name, str(item.message))
        else:
            form.add_error(None, str(item.message))
    return left


def random_seed() -> str:
    """A readable random seed to prefill the draw forms (the organiser may change it)."""
    return f"{secrets.randbelow(10**6):06d}-{secrets.token_hex(2)}"


# --------------------------------------------------------------------------- results


@dataclass
class SeatBlock:
    """One seat of the result form, as the template shows it."""

    position: int
    name: str
    role: BoundField | None
    character: BoundField | None
    lives: BoundField
    eliminated_by: BoundField
    final_duel: BoundField | None
    fixed_role: str | None = None  # the Sheriff fixed by the round
    problems: list[Any] = field(default_factory=list)  # engine or service messages
    missing: list[str] = field(default_factory=list)  # fields still empty (live check)

    @property
    def errors(self) -> list[str]:
        """Form-field errors (e.g. "Enter a whole number.") of this seat's fields."""
        found: list[str] = []
        for bound in (self.role, self.character, self.lives, self.eliminated_by, self.final_duel):
            if bound is not None:
                found.extend(str(e) for e in bound.errors)
        return found


class ResultForm(forms.Form):
    """A game's scoresheet: one seat block per playing seat, then the table's fields.

    The form accepts incomplete and impossible entries on purpose: the rules
    engine judges them (``scoring.results.validate_result``) so that the referee
    sees the rule's own message next to the seat. Only what cannot be read at
    all (letters in "lives") is a form error.
    """

    signed = forms.BooleanField(label=_("Sheet signed by all players"), required=False)
    reason = forms.CharField(
        label=_("Reason for the correction (required)"),
        required=False,  # the service asks for it, after checking the version
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(
        self,
        data: Any = None,
        *,
        game: Any,
        spec: GameSpec,
        seats: Sequence[Seat],
        current: Result | None = None,
        **kwargs: Any,
    ) -> None:
        self.game = game
        self.spec = spec
        self.current = current
        self.correcting = current is not None
        self.names = {s.position: s.participant.name for s in seats}
        self.count = spec.player_count
        if current is not None and data is None and "initial" not in kwargs:
            kwargs["initial"] = self._initial_from(current)
        super().__init__(data, **kwargs)
        self.fields["version"].initial = game.version
        self.fields["signed"].initial = self.fields["signed"].initial or (
            current.signed if current else False
        )
        character_choices = [("", _("— character —"))] + [
            (name, f"{name} ({points})") for name, points in sorted(spec.characters.items())
        ]
        for position in spec.positions:
            self._add_seat_fields(position, character_choices)
        self._add_winner_field()

    # ----------------------------------------------------------------- building

    @property
    def has_roles(self) -> bool:
        return self.count >= 3

    @property
    def has_characters(self) -> bool:
        return self.spec.ruleset == Ruleset.BANG

    def _role_choices(self, position: int) -> list[tuple[str, str]]:
        if self.count == 3:
            roles: Iterable[Role] = THREE_PLAYER_ROLES
        elif self.spec.sheriff_position is not None:
            roles = (Role.DEPUTY, Role.OUTLAW, Role.RENEGADE)  # the Sheriff is fixed
        else:
            roles = Role
        if self.spec.ruleset == Ruleset.SHOWDOWN:
            # Referees at a Showdown table see cards, not role names.
            labelled = [(r.value, f"{r.label} ({SHOWDOWN_ROLE_CARDS[r]})") for r in roles]
        else:
            labelled = [(r.value, str(r.label)) for r in roles]
        return [("", _("— role —")), *labelled]

    def _add_seat_fields(self, position: int, character_choices: list[tuple[str, str]]) -> None:
        prefix = f"s{position}_"
        if self.has_roles:
            if position == self.spec.sheriff_position:
                self.fields[prefix + "role"] = forms.ChoiceField(
                    choices=[(Role.SHERIFF.value, Role.SHERIFF.label)],
                    initial=Role.SHERIFF.value,
                    required=False,
                    widget=forms.HiddenInput(attrs={"class": "role"}),
                )
            else:
                self.fields[prefix + "role"] = forms.ChoiceField(
                    label=_("Role"),
                    choices=self._role_choices(position),
                    required=False,
                    widget=forms.Select(attrs={"class": "role"}),
                )
        if self.has_characters:
            self.fields[prefix + "character"] = forms.ChoiceField(
                label=_("Character"),
                choices=character_choices,
                required=False,
                widget=forms.Select(attrs={"class": "character"}),
            )
        self.fields[prefix + "lives"] = forms.IntegerField(
            label=_("Lives"),
            required=False,
            widget=forms.NumberInput(
                attrs={
                    "min": 0,
                    "max": self.max_lives_for(position, None, None),
                    "inputmode": "numeric",
                    "class": "lives",
                }
            ),
        )
        others = [(p, f"{p}: {self.names.get(p, '?')}") for p in self.spec.positions]
        self.fields[prefix + "eliminated_by"] = forms.TypedChoiceField(
            label=_("Eliminated by"),
            choices=[("", "—")] + [(p, label) for p, label in others if p != position],
            coerce=int,
            empty_value=None,
            required=False,
        )
        if self.count >= 4:
            self.fields[prefix + "final_duel"] = forms.BooleanField(
                label=_("Lost the final duel against the Sheriff"), required=False
            )

    def _add_winner_field(self) -> None:
        if self.count >= 4:
            choices = [("", _("(from the lives)"))] + [(s.value, s.label) for s in Side]
            label = _("Winning side")
            self.fields["winner"] = forms.ChoiceField(label=label, choices=choices, required=False)
        elif self.count == 3:
            choices = [("", _("(from the lives)"))] + [
                (r.value, r.label) for r in THREE_PLAYER_ROLES
            ]
            self.fields["winner"] = forms.ChoiceField(
                label=_("Winner"), choices=choices, required=False
            )
        else:
            self.fields["winner"] = forms.TypedChoiceField(
                label=_("Winner"),
                choices=[("", "—")]
                + [(p, f"{p}: {self.names.get(p, '?')}") for p in self.spec.positions],
                coerce=int,
                empty_value=None,
                required=False,
            )

    def _initial_from(self, result: Result) -> dict[str, Any]:
        initial: dict[str, Any] = {"signed": result.signed, "winner": result.winner or None}
        for seat in result.seats.all():
            prefix = f"s{seat.position}_"
            initial[prefix + "role"] = seat.role
            initial[prefix + "character"] = seat.character
            initial[prefix + "lives"] = seat.lives
            initial[prefix + "eliminated_by"] = seat.eliminated_by
            initial[prefix + "final_duel"] = seat.final_duel
        return initial

    # ----------------------------------------------------------------- lives

    def max_lives_for(self, position: int, role: str | None, character: str | None) -> int | None:
        """The highest lives a seat can report (for the input's ``max``), None if unknown."""
        if position == self.spec.sheriff_position:
            role = Role.SHERIFF.value
        points = None
        if self.has_characters:
            points = self.spec.characters.get(character or "") or max(
                self.spec.characters.values(), default=None
            )
            if points is None:
                return None
        return max_lives(
            ruleset=self.spec.ruleset,
            role=Role(role) if role else None,
            life_points=points,
            player_count=self.count,
            tougher_sheriff=self.spec.tougher_sheriff,
        )

    def lives_table(self) -> dict[str, Any]:
        """What the page's script needs to keep each ``max`` right: computed here, by the rules.

        ``{"sheriff": {character: max}, "other": {character: max}}``; the key ``""``
        stands for "no character chosen yet".
        """
        names = ["", *self.spec.characters] if self.has_characters else [""]
        table: dict[str, dict[str, int | None]] = {"sheriff": {}, "other": {}}
        for name in names:
            table["sheriff"][name] = self.max_lives_for(0, Role.SHERIFF.value, name)
            table["other"][name] = self.max_lives_for(0, Role.OUTLAW.value, name)
        return table

    # ----------------------------------------------------------------- reading

    def _value(self, name: str) -> Any:
        """A field's cleaned value, or None (also when that field did not parse)."""
        return getattr(self, "cleaned_data", {}).get(name)

    def seat_inputs(self) -> list[SeatReport]:
        """The seats as the service takes them (call after ``is_valid``)."""
        inputs = []
        for position in self.spec.positions:
            prefix = f"s{position}_"
            inputs.append(
                SeatReport(
                    position=position,
                    role=Role(role) if (role := self._value(prefix + "role")) else None,
                    character=self._value(prefix + "character") or None,
                    lives=self._value(prefix + "lives"),
                    eliminated_by=self._value(prefix + "eliminated_by"),
                    final_duel=bool(self._value(prefix + "final_duel")),
                )
            )
        return inputs

    def seat_reports(self) -> list[SeatReport]:
        """The seats as the rules engine takes them."""
        return [
            SeatReport(
                position=s.position,
                role=Role(s.role) if s.role else None,
                character=s.character,
                lives=s.lives,
                eliminated_by=s.eliminated_by,
                final_duel=s.final_duel,
            )
            for s in self.seat_inputs()
        ]

    def winner(self) -> str | int | None:
        value = self._value("winner")
        return value if value not in ("", None) else None

    def missing_fields(self, position: int) -> list[str]:
        """The seat's fields still empty that a complete sheet needs."""
        prefix = f"s{position}_"
        if self.count == 2:
            return []
        missing = []
        for name in ("role", "character", "lives"):
            key = prefix + name
            if key in self.fields and self._value(key) in (None, ""):
                missing.append(name)
        return missing

    def touched(self, position: int) -> bool:
        """Whether the referee has entered anything for this seat yet (the fixed role aside)."""
        prefix = f"s{position}_"
        for name in SEAT_FIELDS:
            if name == "role" and position == self.spec.sheriff_position:
                continue
            if self._value(prefix + name) not in (None, "", False) or (
                self.is_bound and self[prefix + name].errors
                if prefix + name in self.fields
                else False
            ):
                return True
        return False

    def is_complete(self) -> bool:
        """Whether every seat has what a finished sheet needs (the duel: a winner or both lives)."""
        if self.count == 2:
            lives_given = all(self._value(f"s{p}_lives") is not None for p in self.spec.positions)
            return lives_given or self.winner() is not None
        return not any(self.missing_fields(p) for p in self.spec.positions)

    # ----------------------------------------------------------------- showing

    def seat_blocks(
        self, problems: Iterable[Problem | ErrorItem] = (), *, live: bool = False
    ) -> list[SeatBlock]:
        """The seat blocks with their problems attached (``live``: also what is missing)."""
        by_position: dict[int, list[Any]] = {}
        for problem in problems:
            if problem.position is not None:
                by_position.setdefault(problem.position, []).append(problem.message)
        blocks = []
        for position in self.spec.positions:
            prefix = f"s{position}_"
            fixed = (
                Role.SHERIFF.label
                if self.has_roles and position == self.spec.sheriff_position
                else None
            )
            blocks.append(
                SeatBlock(
                    position=position,
                    name=self.names.get(position, "?"),
                    role=self[prefix + "role"] if prefix + "role" in self.fields else None,
                    character=(
                        self[prefix + "character"] if prefix + "character" in self.fields else None
                    ),
                    lives=self[prefix + "lives"],
                    eliminated_by=self[prefix + "eliminated_by"],
                    final_duel=(
                        self[prefix + "final_duel"]
                        if prefix + "final_duel" in self.fields
                        else None
                    ),
                    fixed_role=fixed,
                    problems=by_position.get(position, []),
                    missing=(
                        self.missing_fields(position)
                        if live and self.is_bound and self.touched(position)
                        else []
                    ),
                )
            )
        return blocks


def live_problems(form: ResultForm, problems: Sequence[Problem]) -> list[Problem]:
    """The problems worth showing while the sheet is still being typed.

    A problem about a field the referee has not filled yet ("the character is
    missing") is noise while typing, and so is a table-wide verdict (wrong role
    count, game not finished) before every seat is filled in. What was typed
    wrong (lives above the maximum, a character twice) shows at once.
    """
    complete = form.is_complete()
    shown = []
    for problem in problems:
        if problem.position is None:
            if complete:
                shown.append(problem)
            continue
        if problem.field in form.missing_fields(problem.position):
            continue
        shown.append(problem)
    return shown


# --------------------------------------------------------------------------- penalties


class PenaltyForm(forms.Form):
    kind = forms.ChoiceField(label=_("Kind"), choices=Penalty.Kind.choices)
    amount = forms.IntegerField(
        label=_("Amount (deductions only)"), required=False, min_value=1, max_value=100_000
    )
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}))


class WithdrawForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), required=False, max_length=500)


# --------------------------------------------------------------------------- tournaments


def setting_field(setting: Setting) -> forms.Field:
    """A form field for one tournament setting (rules in ``tournaments.preferences``)."""
    if setting.kind is bool:
        return forms.BooleanField(label=setting.label, required=False)
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
    language = forms.ChoiceField(
        label=_("Language"), choices=Tournament._meta.get_field("language").choices
    )

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
                **{f"setting_{s.key}": values[s.key] for s in SETTINGS},
            }
        super().__init__(data, **kwargs)
        for setting in SETTINGS:
            self.fields[f"setting_{setting.key}"] = setting_field(setting)
            self.fields[f"setting_{setting.key}"].initial = self.initial.get(
                f"setting_{setting.key}", setting.default
            )

    def setting_fields(self) -> list[BoundField]:
        return [self[f"setting_{s.key}"] for s in SETTINGS]

    def main_fields(self) -> list[BoundField]:
        return [self[name] for name in ("name", "date", "ruleset", "language")]

    def settings_overrides(self) -> dict[str, Any]:
        """The settings that differ from their defaults (what a tournament stores)."""
        overrides = {}
        for setting in SETTINGS:
            value = self.cleaned_data.get(f"setting_{setting.key}")
            if setting.kind is bool:
                value = bool(value)
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

    field_map = {**{s.key: f"setting_{s.key}" for s in SETTINGS}, "settings": "__all__"}


class CharacterForm(forms.Form):
    name = forms.CharField(label=_("Character"), max_length=100)
    life_points = forms.IntegerField(label=_("Life points"), min_value=1, max_value=9)


# --------------------------------------------------------------------------- participants


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

    def to_input(self) -> ParticipantInput:
        data = self.cleaned_data
        return ParticipantInput(
            name=data["name"],
            nationality=str(data["nationality"]),
            birth_date=data["birth_date"],
            age_approved=data["age_approved"],
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


# --------------------------------------------------------------------------- draws


class DrawForm(forms.Form):
    seed = forms.CharField(
        label=_("Seed"),
        max_length=200,
        help_text=_("Same participants and same seed give the same seating."),
    )
    five_tables = forms.IntegerField(
        label=_("Number of 5-tables (empty: as few as possible)"),
        required=False,
        min_value=0,
        max_value=30,
    )


class KnockoutStartForm(forms.Form):
    seed = forms.CharField(label=_("Seed"), max_length=200)
    field_size = forms.IntegerField(
        label=_("Field size (empty: number of group tables, at least 4)"),
        required=False,
        min_value=2,
        max_value=200,
    )


class KnockoutNextForm(forms.Form):
    seed = forms.CharField(label=_("Seed"), max_length=200)


# --------------------------------------------------------------------------- referees


class ExistingUserForm(forms.Form):
    user = forms.ModelChoiceField(label=_("User"), queryset=User.objects.none())

    def __init__(self, *args: Any, exclude_group: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["user"].queryset = (
            User.objects.filter(is_active=True)
            .exclude(groups__name=exclude_group)
            .order_by("username")
        )
