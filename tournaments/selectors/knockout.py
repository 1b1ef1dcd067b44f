"""Reads of the knockout: its tables round by round, the lot draws, the final ranking.

Words used here:

- The **seeding list** (``Knockout.seeding``) orders the knockout's players;
  the **pick order** of a table is its players in seeding-list order, the
  order in which they pick characters.
- A **lot draw** (``LotDraw``) settles a shared rank that decides a place,
  with a recorded seed.
- The **final ranking** (rules.md §8) places the champion first, then by the
  knockout round reached, then by the group stage (after a format's final table:
  rules.md §14, ``selectors.final_table``); the **title holder** is the
  best-placed participant of the format's ``title_nationality`` (German by default).

Read models (frozen dataclasses):

- ``KnockoutTableView``: a knockout ``table`` with its ``seats`` by position,
  its ``players_in_pick_order``, its ``game`` (or ``None``) and the ``result``
  shown (seats prefetched, or ``None``).
- ``LotView``: a recorded lot draw with the drawn order's names.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Max

from scoring import knockout as knockout_rules
from tournaments.models import (
    Game,
    Knockout,
    LotDraw,
    Participant,
    Result,
    ResultSeat,
    Seat,
    Stage,
    Table,
    Tournament,
)
from tournaments.selectors.final_table import final_table_placement
from tournaments.selectors.games import (
    SeatView,
    counting_results,
    current_results,
    seats_by_table,
)
from tournaments.selectors.standings import group_standings

__all__ = [
    "KnockoutProgress",
    "KnockoutTableView",
    "LotView",
    "Ranking",
    "RankingRow",
    "final_ranking",
    "knockout_progress",
    "knockout_round_advancers",
    "knockout_round_winners",
    "knockout_tables",
    "lot_draws",
]


@dataclass(frozen=True)
class KnockoutTableView:
    """A knockout table: seats by position, players in pick order, its game and result."""

    table: Table
    seats: tuple[SeatView, ...]
    players_in_pick_order: tuple[Participant, ...]
    game: Game | None
    result: Result | None


@dataclass(frozen=True)
class LotView:
    """A recorded drawing of lots; ``order_names``: the drawn order's names."""

    purpose: str
    seed: str
    places: int
    candidates: tuple[int, ...]
    order: tuple[int, ...]
    order_names: tuple[str, ...]


def knockout_tables(
    tournament: Tournament, *, include_unconfirmed: bool = False
) -> list[KnockoutTableView]:
    """Every knockout table, round by round, with seats, game, result and pick order.

    ``result`` is the result that counts (with ``double_check``: the confirmed
    one); referees pass ``include_unconfirmed`` to see the current version.

    Five queries whatever the size: tables, seats, games, current results with their seats.
    """
    query = Table.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT)
    tables = list(query.order_by("round", "number"))
    seats = seats_by_table(t.pk for t in tables)
    games = {g.table_id: g for g in Game.objects.filter(table__in=tables)}
    shown = (
        current_results(tournament)
        if include_unconfirmed
        else counting_results(tournament).select_related("recorded_by", "confirmed_by")
    )
    results = {r.game_id: r for r in shown.filter(game__table__in=tables).prefetch_related("seats")}
    views = []
    for table in tables:
        table_seats = seats.get(table.pk, ())
        by_id = {s.participant.pk: s.participant for s in table_seats}
        game = games.get(table.pk)
        views.append(
            KnockoutTableView(
                table=table,
                seats=table_seats,
                players_in_pick_order=tuple(by_id[p] for p in table.pick_order if p in by_id),
                game=game,
                result=results.get(game.pk) if game else None,
            )
        )
    return views


def lot_draws(tournament: Tournament) -> list[LotView]:
    """Recorded lot draws, oldest first, with the drawn order's names."""
    draws = list(LotDraw.objects.filter(tournament=tournament).order_by("id"))
    ids = {p for d in draws for p in d.candidates}
    names = dict(Participant.objects.filter(pk__in=ids).values_list("pk", "name"))
    return [
        LotView(
            purpose=draw.purpose,
            seed=draw.seed,
            places=draw.places,
            candidates=tuple(draw.candidates),
            order=tuple(draw.order),
            order_names=tuple(names.get(p, "?") for p in draw.order),
        )
        for draw in draws
    ]


@dataclass(frozen=True)
class RankingRow:
    """One line of the final ranking."""

    place: int
    participant: Participant
    knockout_round_reached: int | None
    excluded: bool


@dataclass(frozen=True)
class Ranking:
    """The final ranking; ``final`` once the knockout has a champion."""

    final: bool
    champion: Participant | None
    title_holder: Participant | None
    rows: list[RankingRow]
    knockout_started: bool = False
    #: The title the best-placed participant of ``title_nationality`` earns (``""``: none).
    title: str = ""
    title_nationality: str = "DE"
    #: The tournament ends with a format's final table, not a knockout (rules.md §14).
    final_table: bool = False


def final_ranking(tournament: Tournament) -> Ranking:
    """The final ranking (rules.md §8, or §14 after a final table); before the end, the
    current order."""
    standings = group_standings(tournament)
    knockout = Knockout.objects.filter(tournament=tournament).first()
    by_id = {row.participant.pk: row.participant for row in standings.rows}
    excluded = [row.participant.pk for row in standings.rows if row.excluded]
    fmt = tournament.config.format
    if fmt.final.is_table:
        rows = final_table_placement(tournament, standings=standings, knockout=knockout)
        return _ranking(tournament, rows, by_id=by_id, excluded=excluded, knockout=knockout)
    round_reached = dict(
        Seat.objects.filter(table__tournament=tournament, table__stage=Stage.KNOCKOUT)
        .values("participant_id")
        .annotate(reached=Max("table__round"))
        .order_by()
        .values_list("participant_id", "reached")
    )
    seeding = [p for p in (knockout.seeding if knockout else []) if p in by_id]
    champion = knockout.champion_id if knockout else None
    won = {pid for pid, round in _knockout_wins(tournament) if round_reached.get(pid) == round}
    rows = knockout_rules.final_ranking(
        seeding=seeding,
        round_reached=round_reached,
        champion=champion,
        group_order=[row.participant.pk for row in standings.rows],
        excluded=excluded,
        group_rank={row.participant.pk: row.rank for row in standings.rows},
        won_last_round=won,
    )
    return _ranking(tournament, rows, by_id=by_id, excluded=excluded, knockout=knockout)


def _ranking(
    tournament: Tournament,
    rows: list[knockout_rules.FinalRow],
    *,
    by_id: dict[int, Participant],
    excluded: list[int],
    knockout: Knockout | None,
) -> Ranking:
    champion = knockout.champion_id if knockout else None
    holder = knockout_rules.title_holder(
        rows,
        nationality={pid: str(p.nationality) for pid, p in by_id.items()},
        excluded=excluded,
        title_nationality=tournament.config.format.title_nationality,
    )
    excluded_set = set(excluded)
    title = tournament.config.title
    return Ranking(
        final=champion is not None,
        champion=by_id.get(champion) if champion else None,
        title_holder=by_id.get(holder) if holder and champion and title else None,
        title=title,
        rows=[
            RankingRow(
                place=row.place,
                participant=by_id[row.participant],
                knockout_round_reached=row.knockout_round_reached,
                excluded=row.participant in excluded_set,
            )
            for row in rows
        ],
        knockout_started=knockout is not None,
        title_nationality=tournament.config.format.title_nationality,
        final_table=tournament.config.format.final.is_table,
    )


def _knockout_wins(tournament: Tournament, *, round: int | None = None) -> set[tuple[int, int]]:
    """(participant, round) of every knockout game won by a counting result, and of
    every seat at a game voided because players left (a walkover: rules.md §7)."""
    seats = ResultSeat.objects.counting(tournament).filter(
        result__game__stage=Stage.KNOCKOUT, won=True
    )
    walkovers = Seat.objects.filter(
        table__tournament=tournament,
        table__stage=Stage.KNOCKOUT,
        table__games__status=Game.Status.VOID,
    )
    if round is not None:
        seats = seats.filter(result__game__round=round)
        walkovers = walkovers.filter(table__round=round)
    return set(seats.order_by().values_list("participant_id", "result__game__round")) | set(
        walkovers.order_by().values_list("participant_id", "table__round")
    )


def knockout_round_winners(tournament: Tournament, *, round: int) -> list[tuple[int, str]]:
    """(participant, role) of everyone on a winning side of the round's counting results."""
    return list(
        ResultSeat.objects.counting(tournament)
        .filter(result__game__stage=Stage.KNOCKOUT, result__game__round=round, won=True)
        .order_by()
        .values_list("participant_id", "role")
    )


def knockout_round_advancers(tournament: Tournament, *, round: int) -> set[int]:
    """Who goes on from a knockout round: its winners and walkovers still in the tournament."""
    advancing = {pid for pid, _round in _knockout_wins(tournament, round=round)}
    return set(
        tournament.participants.filter(
            pk__in=advancing, status=Participant.Status.ACTIVE
        ).values_list("pk", flat=True)
    )


@dataclass(frozen=True)
class KnockoutProgress:
    """Where the knockout stands, for the organiser's next action.

    ``round_complete``: every game of the current round counts a result;
    ``decides_champion``: closing the round names the champion (one player goes on).
    """

    round: int
    games: int
    games_counted: int
    decides_champion: bool
    finished: bool

    @property
    def round_complete(self) -> bool:
        return self.games > 0 and self.games_counted >= self.games


def knockout_progress(tournament: Tournament, knockout: Knockout) -> KnockoutProgress:
    """The current round's games, how many count, and whether it ends the knockout."""
    games = Game.objects.filter(
        tournament=tournament, stage=Stage.KNOCKOUT, round=knockout.current_round
    ).exclude(status=Game.Status.VOID)
    total = games.count()
    counted = Result.objects.counting(tournament).filter(game__in=games).count()
    complete = total > 0 and counted >= total
    decides = (
        knockout.champion_id is None
        and complete
        and len(knockout_round_advancers(tournament, round=knockout.current_round)) == 1
    )
    return KnockoutProgress(
        round=knockout.current_round,
        games=total,
        games_counted=counted,
        decides_champion=decides,
        finished=knockout.champion_id is not None,
    )
