"""Reads of games, tables and results: which results count, who sits where.

Words used here:

- A **counting result** is the result of a game that the standings use: the
  current version, and with ``double_check`` only once a second referee has
  confirmed it (``Result.objects.counting``).
- A **current result** is the newest version of a game's result, confirmed or
  not: what referees see and correct.

Read models (frozen dataclasses, built from rows loaded once):

- ``SeatView``: who sits at a position of a table (``position``, ``participant``).
- ``GameView``: a ``Game`` (its ``table`` loaded) with its table's seats by position.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from tournaments.models import Game, Participant, Result, ResultSeat, Seat, Stage, Table, Tournament
from tournaments.selectors.seating import latest_part

__all__ = [
    "GameView",
    "ResultVersion",
    "SeatView",
    "counting_results",
    "current_result",
    "current_results",
    "game_rounds",
    "game_view",
    "games_list",
    "group_tables",
    "result_history",
    "seats_by_table",
]


@dataclass(frozen=True)
class SeatView:
    """Who sits at a position of a table."""

    position: int
    participant: Participant

    @property
    def participant_id(self) -> int:
        return self.participant.pk


@dataclass(frozen=True)
class GameView:
    """A game (with its table) and the seats of its table, by position."""

    game: Game
    seats: tuple[SeatView, ...]


def seats_by_table(tables: Iterable[int]) -> dict[int, tuple[SeatView, ...]]:
    """The seats of the given tables (ids) by position, with their participants: one query."""
    seats: dict[int, list[SeatView]] = defaultdict(list)
    for seat in (
        Seat.objects.filter(table_id__in=set(tables))
        .select_related("participant")
        .order_by("position")
    ):
        seats[seat.table_id].append(SeatView(position=seat.position, participant=seat.participant))
    return {table: tuple(rows) for table, rows in seats.items()}


def counting_results(tournament: Tournament) -> QuerySet[Result]:
    """The results that count: the current version, confirmed if the tournament double-checks."""
    return Result.objects.counting(tournament)


def current_results(tournament: Tournament) -> QuerySet[Result]:
    """The current version of every result (confirmed or not), with who entered it."""
    return (
        Result.objects.current()
        .filter(game__tournament=tournament)
        .select_related("recorded_by", "confirmed_by")
    )


def games_list(
    tournament: Tournament,
    *,
    stage: str | None = None,
    part: int | None = None,
    round: int | None = None,
) -> list[GameView]:
    """Games with their table and seated participants, by game id (two queries)."""
    query = Game.objects.filter(tournament=tournament).select_related("table").order_by("id")
    if stage:
        query = query.filter(stage=stage)
    if part is not None:
        query = query.filter(part=part)
    if round is not None:
        query = query.filter(round=round)
    games = list(query)
    seats = seats_by_table(g.table_id for g in games)
    return [GameView(game=game, seats=seats.get(game.table_id, ())) for game in games]


def game_rounds(tournament: Tournament) -> list[tuple[str, int, int]]:
    """Every (stage, part, round) the tournament has games in: the group's first, by
    part and round (rounds restart in each part, rules.md §14)."""
    return sorted(
        set(Game.objects.filter(tournament=tournament).values_list("stage", "part", "round")),
        key=lambda item: (item[0] != Stage.GROUP, item[1], item[2]),
    )


def game_view(game: Game) -> GameView:
    """One game (its ``table`` loaded) with its table's seats (one query)."""
    return GameView(game=game, seats=seats_by_table([game.table_id]).get(game.table_id, ()))


def current_result(game: Game) -> Result | None:
    """The game's current result with its seats and who entered and confirmed it."""
    return (
        Result.objects.filter(game=game)
        .current()
        .select_related("recorded_by", "confirmed_by")
        .prefetch_related("seats")
        .first()
    )


@dataclass(frozen=True)
class ResultVersion:
    """One version of a game's result and what it changed against the version before:
    the positions whose entry (role, character, lives, won) differs, and the winner."""

    result: Result
    seats: dict[int, ResultSeat]  # by position
    changed: frozenset[int]
    winner_changed: bool


def _entry(seat: ResultSeat | None) -> tuple[object, ...] | None:
    return None if seat is None else (seat.role, seat.character, seat.lives, seat.won)


def result_history(game: Game) -> list[ResultVersion]:
    """Every version of the game's result, oldest first, with its seats and who entered
    and confirmed it (two queries)."""
    versions = (
        Result.objects.filter(game=game)
        .select_related("recorded_by", "confirmed_by")
        .prefetch_related("seats")
        .order_by("version")
    )
    history: list[ResultVersion] = []
    for result in versions:
        seats = {seat.position: seat for seat in result.seats.all()}
        before = history[-1] if history else None
        changed = frozenset(
            position
            for position, seat in seats.items()
            if before is not None and _entry(before.seats.get(position)) != _entry(seat)
        )
        history.append(
            ResultVersion(
                result=result,
                seats=seats,
                changed=changed,
                winner_changed=before is not None and before.result.winner != result.winner,
            )
        )
    return history


def group_tables(tournament: Tournament, *, part: int | None = None) -> list[Table]:
    """The group-stage tables of ``part`` (the latest drawn part when None) by number,
    with their seats and participants prefetched.

    The participants come joined to the seats: a separate prefetch would list
    every participant's id, too many for SQLite at 1,000 participants.
    """
    seats = Seat.objects.select_related("participant")
    return list(
        Table.objects.filter(
            tournament=tournament,
            stage=Stage.GROUP,
            part=latest_part(tournament) if part is None else part,
        )
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("number")
    )
