"""The result form: the seat formset (``seats``) and one form for the whole table.

Words used here:

- The **table form** (``ResultForm``) holds what belongs to the whole sheet: the
  winner (a duel's winner, or a side given by hand), the signature, the reason
  for a correction, the version being corrected and the table's seating the
  form was rendered against (api.md "The day's edges").
- A **result entry** (``ResultEntry``) is the seat formset and the table form
  together, as the page shows them.

The forms accept incomplete and impossible entries on purpose: the rules engine
judges them (``scoring.results.validate_result``) so that the referee sees the
rule's own message next to the seat. Only what cannot be read at all (letters
in "lives") is a form error.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.results import GameSpec, Problem, SeatReport, seat_max_lives
from scoring.rulesets import THREE_PLAYER_ROLES, Role, Ruleset, Side, side_label
from tournaments.models import Result, Seat

from .seats import SEAT_FIELDS, Choices, SeatFormSet


class Located(Protocol):
    """A message about the sheet: a rules-engine ``Problem`` or a service's ``ErrorItem``."""

    @property
    def position(self) -> int | None: ...
    @property
    def field(self) -> str | None: ...
    @property
    def message(self) -> Any: ...


class ResultForm(forms.Form):
    """The table's part of the sheet: winner, signature, reason, version, seating."""

    signed = forms.BooleanField(label=_("Sheet signed by all players"), required=False)
    reason = forms.CharField(
        label=_("Reason for the correction (required)"),
        required=False,  # the service asks for it, after checking the version
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    # Not required: an entry kept in a phone's outbox before the form carried it.
    seating = forms.IntegerField(widget=forms.HiddenInput, min_value=0, required=False)

    def __init__(
        self,
        data: Any = None,
        *,
        spec: GameSpec,
        names: Mapping[int, str],
        version: int,
        seating: int = 0,
        current: Result | None = None,
        **kwargs: Any,
    ) -> None:
        if current is not None and data is None and "initial" not in kwargs:
            kwargs["initial"] = {"signed": current.signed, "winner": current.winner or None}
        super().__init__(data, **kwargs)
        self.fields["version"].initial = version
        self.fields["seating"].initial = seating
        self.fields["winner"] = self._winner_field(spec, names)
        if current is not None:
            # A correction needs a reason: the browser says so before sending.
            self.fields["reason"].widget.attrs.update({"required": True, "aria-required": "true"})

    @staticmethod
    def _winner_field(spec: GameSpec, names: Mapping[int, str]) -> forms.Field:
        """The winner: from 4 players optional (the lives tell); the three-player game
        and the duel always name it (``winner_required``), so they offer no "from the
        lives". Left empty, the rules engine's message shows at the field (not Django's)."""
        if spec.player_count >= 4:
            choices: Choices = [
                ("", _("(from the lives)")),
                *((s.value, side_label(s, spec.player_count)) for s in Side),
            ]
            return forms.ChoiceField(label=_("Winning side"), choices=choices, required=False)
        attrs = {"required": True, "aria-required": "true"}
        if spec.player_count == 3:
            choices = [("", "—"), *((r.value, r.label) for r in THREE_PLAYER_ROLES)]
            return forms.ChoiceField(
                label=_("Winner (required)"),
                choices=choices,
                required=False,
                widget=forms.Select(attrs=attrs),
            )
        return forms.TypedChoiceField(
            label=_("Winner (required)"),
            choices=[("", "—")] + [(p, f"{p}: {names.get(p, '?')}") for p in spec.positions],
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.Select(attrs=attrs),
        )

    def winner(self) -> str | int | None:
        value = getattr(self, "cleaned_data", {}).get("winner")
        return value if value not in ("", None) else None


class ResultEntry:
    """A game's result form as the page shows it: the seat formset, then the table form."""

    def __init__(
        self,
        data: Any = None,
        *,
        spec: GameSpec,
        seats: Sequence[Seat],
        version: int,
        seating: int = 0,
        current: Result | None = None,
        last_three: bool = False,
    ) -> None:
        self.spec = spec
        self.current = current
        names = {s.position: s.participant.name for s in seats}
        initial = None
        if current is not None and data is None:
            stored = {seat.position: seat for seat in current.seats.all()}
            initial = [
                {name: getattr(stored[p], name) for name in SEAT_FIELDS} if p in stored else {}
                for p in spec.positions
            ]
        self.seats = SeatFormSet(
            data,
            prefix="seat",
            initial=initial,
            positions=spec.positions,
            form_kwargs={"spec": spec, "names": names, "last_three": last_three},
        )
        self.table = ResultForm(
            data, spec=spec, names=names, version=version, seating=seating, current=current
        )

    def is_valid(self) -> bool:
        """Both parts parse (each fills its ``cleaned_data`` with whatever could be read)."""
        seats_valid = self.seats.is_valid()
        return self.table.is_valid() and seats_valid

    def seat_reports(self) -> list[SeatReport]:
        """The seats as the rules engine and the service take them (after ``is_valid``)."""
        return [form.report() for form in self.seats]

    def winner(self) -> str | int | None:
        return self.table.winner()

    def is_complete(self) -> bool:
        """Whether every seat has what a finished sheet needs (a duel: a winner or both lives)."""
        if self.spec.player_count == 2:
            lives_given = all(form.value("lives") is not None for form in self.seats)
            return lives_given or self.winner() is not None
        return not any(form.missing_fields() for form in self.seats)

    def place(self, items: Iterable[Located]) -> list[str]:
        """Put each message at its seat, or on the winner or reason field; return the rest.

        What is returned concerns the whole table and is shown above the seats.
        """
        seats = self.seats.by_position()
        table: list[str] = []
        for item in items:
            if item.position in seats:
                seats[item.position].add_problem(item.message)
            elif item.position is None and item.field in ("winner", "reason"):
                self.table.add_error(item.field, str(item.message))
            else:
                table.append(str(item.message))
        return table

    def lives_table(self) -> dict[str, dict[str, int | None]]:
        """What the page's script needs to keep each ``max`` right: computed here, by the rules.

        ``{"sheriff": {character: max}, "other": {character: max}}``; the key ``""``
        stands for "no character chosen yet".
        """
        names = ["", *self.spec.characters] if self.spec.ruleset == Ruleset.BANG else [""]
        return {
            key: {name: seat_max_lives(self.spec, role=role, character=name) for name in names}
            for key, role in (("sheriff", Role.SHERIFF), ("other", Role.OUTLAW))
        }


def live_problems(entry: ResultEntry, problems: Sequence[Problem]) -> list[Problem]:
    """The problems worth showing while the sheet is still being typed.

    A problem about a field the referee has not filled yet ("the character is
    missing") is noise while typing, and so is a table-wide verdict (wrong role
    count, game not finished) before every seat is filled in. What was typed
    wrong (lives above the maximum, a character twice) shows at once.
    """
    complete = entry.is_complete()
    seats = entry.seats.by_position()
    shown = []
    for problem in problems:
        if problem.position is None:
            if complete:
                shown.append(problem)
            continue
        seat = seats.get(problem.position)
        if seat is not None and problem.field in seat.missing_fields():
            continue
        shown.append(problem)
    return shown
