"""Reads of a format's final table (rules.md §14): its games, the points, the placement.

- ``FinalTableView``: the final ``table`` with its ``seats`` by position, its
  ``games`` (round order, each with the Sheriff's seat and the result that
  counts), each finalist's ``points`` so far and ``complete`` (every game
  counts or is void).
- ``final_table_placement``: everyone's place (``scoring.final_table``); the
  champion is place 1 once the final table is complete.

A fixed number of queries, however many players the tournament has.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Sum

from scoring import final_table as rules
from scoring.knockout import FinalRow
from tournaments.models import (
    Game,
    Knockout,
    Participant,
    Result,
    ResultSeat,
    Stage,
    Table,
    Tournament,
)
from tournaments.selectors.games import SeatView, counting_results, seats_by_table
from tournaments.selectors.standings import Standings, group_standings

__all__ = [
    "FinalGameView",
    "FinalSeatRow",
    "FinalTableView",
    "final_table_champion",
    "final_table_placement",
    "final_table_view",
]


@dataclass(frozen=True)
class FinalGameView:
    """One game of the final table: its Sheriff's seat and the result that counts."""

    game: Game
    sheriff: SeatView | None
    result: Result | None


@dataclass(frozen=True)
class FinalSeatRow:
    """A finalist: their seat, the games in which they are Sheriff, their points so far."""

    position: int
    participant: Participant
    sheriff_in: tuple[int, ...]
    points: int


@dataclass(frozen=True)
class FinalTableView:
    """The final table: seats by position, games in round order, points per participant id."""

    table: Table
    seats: tuple[SeatView, ...]
    games: tuple[FinalGameView, ...]
    points: dict[int, int]
    complete: bool

    @property
    def sheriff_positions(self) -> list[int]:
        return [g.game.sheriff_position or 0 for g in self.games]

    @property
    def playing(self) -> FinalGameView | None:
        """The game being played: the first without a result that is not void."""
        return next(
            (g for g in self.games if g.result is None and g.game.status != Game.Status.VOID),
            None,
        )

    @property
    def rows(self) -> list[FinalSeatRow]:
        """The finalists in seat order, with their Sheriff games and points."""
        return [
            FinalSeatRow(
                position=seat.position,
                participant=seat.participant,
                sheriff_in=tuple(
                    g.game.round for g in self.games if g.game.sheriff_position == seat.position
                ),
                points=self.points.get(seat.participant.pk, 0),
            )
            for seat in self.seats
        ]


def _points(tournament: Tournament) -> dict[int, int]:
    """Participant id -> points at the final table, from the results that count."""
    return {
        pid: total or 0
        for pid, total in ResultSeat.objects.counting(tournament)
        .filter(result__game__stage=Stage.FINAL)
        .values("participant_id")
        .annotate(total=Sum("bounty"))
        .order_by()
        .values_list("participant_id", "total")
    }


def _complete(tournament: Tournament) -> bool:
    games = Game.objects.filter(tournament=tournament, stage=Stage.FINAL).exclude(
        status=Game.Status.VOID
    )
    counted = counting_results(tournament).filter(game__in=games).count()
    return Game.objects.filter(tournament=tournament, stage=Stage.FINAL).exists() and (
        counted >= games.count()
    )


def final_table_view(tournament: Tournament) -> FinalTableView | None:
    """The final table with its games and points, or None before it is seated (five queries)."""
    table = Table.objects.filter(tournament=tournament, stage=Stage.FINAL).first()
    if table is None:
        return None
    seats = seats_by_table([table.pk]).get(table.pk, ())
    by_position = {seat.position: seat for seat in seats}
    games = list(Game.objects.filter(table=table).order_by("round"))
    results = {
        r.game_id: r
        for r in counting_results(tournament).filter(game__table=table).prefetch_related("seats")
    }
    points = _points(tournament)
    views = tuple(
        FinalGameView(
            game=game,
            sheriff=by_position.get(game.sheriff_position or 0),
            result=results.get(game.pk),
        )
        for game in games
    )
    complete = all(g.result is not None or g.game.status == Game.Status.VOID for g in views)
    return FinalTableView(table=table, seats=seats, games=views, points=points, complete=complete)


def final_table_placement(
    tournament: Tournament, *, standings: Standings, knockout: Knockout | None
) -> list[FinalRow]:
    """Everyone's place: the finalists by points at the final table, then the rest."""
    return rules.final_placement(
        seeding=knockout.seeding if knockout else [],
        points=_points(tournament) if knockout else {},
        group_order=[row.participant.pk for row in standings.rows],
        group_rank={row.participant.pk: row.rank for row in standings.rows},
        excluded=[row.participant.pk for row in standings.rows if row.excluded],
    )


def final_table_champion(tournament: Tournament) -> int | None:
    """Place 1 once every final game counts a result or is void, else None."""
    knockout = Knockout.objects.filter(tournament=tournament).first()
    if knockout is None or not _complete(tournament):
        return None
    rows = final_table_placement(
        tournament, standings=group_standings(tournament), knockout=knockout
    )
    finalists = set(knockout.seeding)
    return next((row.participant for row in rows if row.participant in finalists), None)
