"""What a result form's conflict shows: the stored version beside the referee's entry.

A **conflict** is a save the game refused because it moved on while the form
was open (another version was saved: ``version_conflict``). Each
``ComparisonRow`` is one seat (then the winner) as stored and as sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.translation import gettext as _

from scoring.results import GameSpec, ResultInvalid, evaluate_result
from scoring.rulesets import Role
from tournaments.models import Result, Seat
from tournaments.web.forms import ResultEntry

__all__ = ["ComparisonRow", "result_comparison"]


class ResultPage(Protocol):
    """What a comparison needs of the result page (``results.ResultPage``)."""

    spec: GameSpec
    seats: list[Seat]
    current: Result | None

    def winner_label(self, winner: str | int) -> str: ...


def _parse_winner(value: str) -> str | int:
    return int(value) if value.isdigit() else value


@dataclass(frozen=True)
class ComparisonRow:
    """One line of a conflict: what is stored and what the phone sent, and whether they differ."""

    label: str
    stored: str
    sent: str

    @property
    def differs(self) -> bool:
        return self.stored != self.sent


def _seat_text(role: Any, character: str | None, lives: int | None) -> str:
    parts = [str(Role(role).label)] if role else []
    if character:
        parts.append(character)
    if lives is not None:
        parts.append(_("%(n)s lives") % {"n": lives})
    return " · ".join(parts) or "–"


def result_comparison(page: ResultPage, entry: ResultEntry) -> list[ComparisonRow]:
    """The stored current version beside the referee's entry, seat by seat, then the winner."""
    current = page.current
    stored = {rs.position: rs for rs in current.seats.all()} if current else {}
    sent = {report.position: report for report in entry.seat_reports()}
    names = {s.position: s.participant.name for s in page.seats}
    rows = []
    for position in page.spec.positions:
        mine = sent.get(position)
        theirs = stored.get(position)
        rows.append(
            ComparisonRow(
                label=f"{position}. {names.get(position, '')}",
                stored=_seat_text(theirs.role, theirs.character, theirs.lives) if theirs else "–",
                sent=_seat_text(mine.role, mine.character, mine.lives) if mine else "–",
            )
        )
    if current is not None:
        try:
            outcome = evaluate_result(page.spec, entry.seat_reports(), winner=entry.winner())
            sent_winner = page.winner_label(outcome.winner)
        except ResultInvalid:  # an entry the rules refuse has no winner to show
            sent_winner = "–"
        rows.append(
            ComparisonRow(
                label=_("Winner"),
                stored=page.winner_label(_parse_winner(current.winner)),
                sent=sent_winner,
            )
        )
    return rows
