"""The seat forms of the result form: one per seat that plays the game, as a formset.

Words used here:

- A **seat form** (``SeatForm``) is the part of the result form for one seat (one
  player at the table): role, character, lives left, "eliminated by" and, from
  four players on, the Renegade's final duel, and "among the last three" where the
  format's points table counts it for the table's size (rules.md §14). It reads one
  ``scoring.results.SeatReport``; which fields it has depends on the game
  (``scoring.results.GameSpec``): no role in a duel, no character at Showdown,
  and with the character deal only the characters dealt to the seat.
- The **seat formset** (``SeatFormSet``) has one seat form per seat that plays
  the game. The game fixes the seats, so the formset does not read a count from
  the browser (no management form), and its forms are named by seat position,
  not by index: seat 3's lives are ``seat-3-lives`` whoever else plays.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.forms.formsets import ManagementForm
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scoring.results import GameSpec, SeatReport, seat_max_lives
from scoring.rulesets import SHOWDOWN_ROLE_CARDS, THREE_PLAYER_ROLES, Role, Ruleset

Choices = list[tuple[Any, str | Promise]]

SEAT_FIELDS = ("role", "character", "lives", "eliminated_by", "final_duel", "last_three")
#: The fields a finished sheet needs at every seat (except in a duel).
NEEDED_FIELDS = ("role", "character", "lives")


def character_choices(spec: GameSpec, position: int) -> Choices:
    """The characters a seat may record: with the character deal only those dealt
    to it (a group seat's two, a knockout table's revealed ones), else all."""
    allowed = spec.dealt.get(position, frozenset()) if spec.dealt is not None else None
    return [
        (name, f"{name} ({points})")
        for name, points in sorted(spec.characters.items())
        if allowed is None or name in allowed
    ]


def role_choices(spec: GameSpec) -> Choices:
    """The roles a seat may pick (not the Sheriff when the round fixes the Sheriff)."""
    if spec.player_count == 3:
        roles: Iterable[Role] = THREE_PLAYER_ROLES
    elif spec.sheriff_position is not None:
        roles = (Role.DEPUTY, Role.OUTLAW, Role.RENEGADE)
    else:
        roles = Role
    if spec.ruleset == Ruleset.SHOWDOWN:
        # Referees at a Showdown table see cards, not role names.
        labelled: Choices = [(r.value, f"{r.label} ({SHOWDOWN_ROLE_CARDS[r]})") for r in roles]
    else:
        labelled = [(r.value, r.label) for r in roles]
    return [("", _("— role —")), *labelled]


class SeatForm(forms.Form):
    """One seat of the sheet; which fields it has depends on the game (``spec``)."""

    def __init__(
        self,
        *args: Any,
        spec: GameSpec,
        position: int,
        names: Mapping[int, str],
        last_three: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.spec = spec
        self.position = position
        self.name = names.get(position, "?")
        # The seat's points once the entries make a valid result (the live check sets it).
        self.points: int | None = None
        count = spec.player_count
        if count >= 3:
            self.fields["role"] = self._role_field()
        if spec.ruleset == Ruleset.BANG:
            self.fields["character"] = forms.ChoiceField(
                label=_("Character"),
                choices=[("", _("— character —")), *character_choices(spec, position)],
                required=False,
                widget=forms.Select(attrs={"class": "character"}),
            )
        fixed = Role.SHERIFF if position == spec.sheriff_position else None
        self.fields["lives"] = forms.IntegerField(
            label=_("Lives"),
            required=False,
            widget=forms.NumberInput(
                attrs={
                    "min": 0,
                    "max": seat_max_lives(spec, role=fixed, character=None),
                    "inputmode": "numeric",
                    "class": "lives",
                }
            ),
        )
        self.fields["eliminated_by"] = forms.TypedChoiceField(
            label=_("Eliminated by"),
            choices=[("", "—")]
            + [(p, f"{p}: {names.get(p, '?')}") for p in spec.positions if p != position],
            coerce=int,
            empty_value=None,
            required=False,
        )
        if count >= 4:
            self.fields["final_duel"] = forms.BooleanField(
                label=_("Lost the final duel against the Sheriff"), required=False
            )
        if last_three and count >= 4 and not self.is_sheriff:
            # A Deputy's flag (rules.md §14); the page shows it for a Deputy only.
            self.fields["last_three"] = forms.BooleanField(
                label=_("Deputy among the last three players"), required=False
            )

    @property
    def is_sheriff(self) -> bool:
        """Whether the round fixes this seat as the Sheriff."""
        return self.spec.player_count >= 3 and self.position == self.spec.sheriff_position

    @property
    def fixed_role(self) -> str | None:
        """The label of the role the round fixes (the Sheriff), shown instead of a picker."""
        return str(Role.SHERIFF.label) if self.is_sheriff else None

    def _role_field(self) -> forms.Field:
        if self.is_sheriff:
            return forms.ChoiceField(
                choices=[(Role.SHERIFF.value, Role.SHERIFF.label)],
                initial=Role.SHERIFF.value,
                required=False,
                widget=forms.HiddenInput(attrs={"class": "role"}),
            )
        return forms.ChoiceField(
            label=_("Role"),
            choices=role_choices(self.spec),
            required=False,
            widget=forms.Select(attrs={"class": "role"}),
        )

    def value(self, name: str) -> Any:
        """A field's cleaned value, or None (also when the field did not parse or is absent)."""
        return getattr(self, "cleaned_data", {}).get(name)

    def report(self) -> SeatReport:
        """The seat as the rules engine and ``services.result_record`` take it."""
        role = self.value("role")
        return SeatReport(
            position=self.position,
            role=Role(role) if role else None,
            character=self.value("character") or None,
            lives=self.value("lives"),
            eliminated_by=self.value("eliminated_by"),
            final_duel=bool(self.value("final_duel")),
            last_three=bool(self.value("last_three")),
        )

    def missing_fields(self) -> list[str]:
        """The seat's fields still empty that a finished sheet needs (none in a duel)."""
        if self.spec.player_count == 2:
            return []
        return [
            name for name in NEEDED_FIELDS if name in self.fields and self.value(name) in (None, "")
        ]

    def touched(self) -> bool:
        """Whether the referee has entered anything here yet (the fixed role aside)."""
        for name in SEAT_FIELDS:
            if name not in self.fields or (name == "role" and self.is_sheriff):
                continue
            if self.value(name) not in (None, "", False):
                return True
            if self.is_bound and self[name].errors:
                return True
        return False

    def add_problem(self, message: Any) -> None:
        """A rule's or a service's message about this seat, shown above its field errors."""
        self.add_error(None, str(message))


if TYPE_CHECKING:
    _SeatFormSetBase = forms.BaseFormSet[SeatForm]
else:  # Django's BaseFormSet is generic for the type checker only
    _SeatFormSetBase = forms.BaseFormSet


class BaseSeatFormSet(_SeatFormSetBase):
    """One seat form per playing seat, named by position (see the module docstring)."""

    def __init__(self, *args: Any, positions: Sequence[int], **kwargs: Any) -> None:
        self.positions = tuple(positions)
        super().__init__(*args, **kwargs)

    def total_form_count(self) -> int:
        return len(self.positions)

    def initial_form_count(self) -> int:
        # Every seat form is "initial": none may be skipped as an empty extra form.
        return len(self.positions)

    @cached_property
    def management_form(self) -> ManagementForm:
        """The counts come from the game, not from the browser; always valid."""
        count = len(self.positions)
        form = ManagementForm(
            {
                f"{self.prefix}-TOTAL_FORMS": count,
                f"{self.prefix}-INITIAL_FORMS": count,
                f"{self.prefix}-MIN_NUM_FORMS": 0,
                f"{self.prefix}-MAX_NUM_FORMS": count,
            },
            auto_id=self.auto_id,
            prefix=self.prefix,
        )
        form.full_clean()
        return form

    def add_prefix(self, index: Any) -> str:
        if isinstance(index, int):
            index = self.positions[index]
        return f"{self.prefix}-{index}"

    def get_form_kwargs(self, index: int | None) -> dict[str, Any]:
        kwargs = super().get_form_kwargs(index)
        kwargs["position"] = self.positions[index] if index is not None else 0
        return kwargs

    def by_position(self) -> dict[int, SeatForm]:
        return {form.position: form for form in self.forms}


# The stubs type the factory's class as a plain ``BaseFormSet``; it subclasses ``formset``.
SeatFormSet = cast(
    "type[BaseSeatFormSet]",
    forms.formset_factory(SeatForm, formset=BaseSeatFormSet, extra=0),
)
