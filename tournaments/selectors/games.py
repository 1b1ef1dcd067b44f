"""Reads of games, tables and results: which results count, who sits where.

Words used here:

- A **counting result** is the result of a game that the standings use: the
  current version, and with ``double_check`` only once a second referee has
  confirmed it (``Result.objects.counting``).
- A **current result** is the newest version of a game's result, confirmed or
  not: what referees see and correct.

Read models on model instances (kept in this shape for the API and the staff
pages; a later change turns them into frozen dataclasses):

- ``games_list`` sets ``game.seat_list``: the game's ``Seat`` rows, by
  position, with their participant loaded (typed as ``GameWithSeats``).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, cast

from django.db.models import Prefetch, QuerySet

from tournaments.models import Game, Result, Seat, Stage, Table, Tournament

if TYPE_CHECKING:

    class GameWithSeats(Game):
        """A ``Game`` as ``games_list`` returns it (for the type checker only)."""

        seat_list: list[Seat]

        class Meta:
            abstract = True


__all__ = [
    "counting_or_current_results",
    "counting_results",
    "current_result",
    "games_list",
    "group_tables",
]


def counting_results(tournament: Tournament) -> QuerySet[Result]:
    """The results that count: the current version, confirmed if the tournament double-checks."""
    return Result.objects.counting(tournament)


def counting_or_current_results(tournament: Tournament) -> QuerySet[Result]:
    """The current version of every result (confirmed or not), with who entered it."""
    return (
        Result.objects.current()
        .filter(game__tournament=tournament)
        .select_related("recorded_by", "confirmed_by")
    )


def games_list(
    tournament: Tournament, *, stage: str | None = None, round: int | None = None
) -> list[GameWithSeats]:
    """Games with their table and seated participants (``.seat_list``; two queries)."""
    query = Game.objects.filter(tournament=tournament).select_related("table").order_by("id")
    if stage:
        query = query.filter(stage=stage)
    if round is not None:
        query = query.filter(round=round)
    games = cast("list[GameWithSeats]", list(query))
    seats_by_table: dict[int, list[Seat]] = defaultdict(list)
    for seat in (
        Seat.objects.filter(table_id__in={g.table_id for g in games})
        .select_related("participant")
        .order_by("position")
    ):
        seats_by_table[seat.table_id].append(seat)
    for game in games:
        game.seat_list = seats_by_table[game.table_id]
    return games


def current_result(game: Game) -> Result | None:
    """The game's current result with its seats and who entered and confirmed it."""
    return (
        Result.objects.filter(game=game)
        .current()
        .select_related("recorded_by", "confirmed_by")
        .prefetch_related("seats")
        .first()
    )


def group_tables(tournament: Tournament) -> list[Table]:
    """The group-stage tables by number, with their seats and participants prefetched.

    The participants come joined to the seats: a separate prefetch would list
    every participant's id, too many for SQLite at 1,000 participants.
    """
    seats = Seat.objects.select_related("participant")
    return list(
        Table.objects.filter(tournament=tournament, stage=Stage.GROUP)
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("number")
    )
