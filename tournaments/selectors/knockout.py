"""Reads of the knockout: its tables round by round, the lot draws, the final ranking.

Words used here:

- The **seeding list** (``Knockout.seeding``) orders the knockout's players;
  the **pick order** of a table is its players in seeding-list order, the
  order in which they pick characters.
- A **lot draw** (``LotDraw``) settles a shared rank that decides a place,
  with a recorded seed.
- The **final ranking** (rules.md §8) places the champion first, then by the
  knockout round reached, then by the group stage; the **title holder** is the
  best-placed German.

Read models on model instances (kept in this shape for the API and the staff
pages; a later change turns them into frozen dataclasses):

- ``knockout_tables`` sets, on each ``Table`` (typed as ``KnockoutTable``):
  ``seat_list`` (its ``Seat`` rows by position, participant loaded),
  ``pick_list`` (its ``Participant`` objects in pick order), ``game`` (its
  ``Game`` or ``None``) and ``result`` (the ``Result`` shown, seats
  prefetched, or ``None``).
- ``lot_draws`` sets, on each ``LotDraw`` (typed as ``LotDrawWithNames``):
  ``candidate_list`` and ``order_list``, ``(participant id, name)`` pairs.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

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
from tournaments.selectors.games import counting_or_current_results, counting_results
from tournaments.selectors.standings import group_standings

if TYPE_CHECKING:

    class KnockoutTable(Table):
        """A ``Table`` as ``knockout_tables`` returns it (for the type checker only)."""

        seat_list: list[Seat]
        pick_list: list[Participant]
        game: Game | None
        result: Result | None

        class Meta:
            abstract = True

    class LotDrawWithNames(LotDraw):
        """A ``LotDraw`` as ``lot_draws`` returns it (for the type checker only)."""

        candidate_list: list[tuple[int, str]]
        order_list: list[tuple[int, str]]

        class Meta:
            abstract = True


__all__ = [
    "KnockoutProgress",
    "Ranking",
    "RankingRow",
    "final_ranking",
    "knockout_progress",
    "knockout_round_advancers",
    "knockout_round_winners",
    "knockout_tables",
    "lot_draws",
]


def knockout_tables(
    tournament: Tournament, *, include_unconfirmed: bool = False
) -> list[KnockoutTable]:
    """Every knockout table, round by round, with seats, game, result and pick order.

    ``.result`` is the result that counts (with ``double_check``: the confirmed
    one); referees pass ``include_unconfirmed`` to see the current version.

    Five queries whatever the size: tables, seats, games, current results with their seats.
    """
    tables = cast(
        "list[KnockoutTable]",
        list(
            Table.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT).order_by(
                "round", "number"
            )
        ),
    )
    seats_by_table: dict[int, list[Seat]] = defaultdict(list)
    for seat in (
        Seat.objects.filter(table__in=tables).select_related("participant").order_by("position")
    ):
        seats_by_table[seat.table_id].append(seat)
    games = {g.table_id: g for g in Game.objects.filter(table__in=tables)}
    shown = (
        counting_or_current_results(tournament)
        if include_unconfirmed
        else counting_results(tournament).select_related("recorded_by", "confirmed_by")
    )
    results = {r.game_id: r for r in shown.filter(game__table__in=tables).prefetch_related("seats")}
    for table in tables:
        table.seat_list = seats_by_table[table.pk]
        by_id = {s.participant_id: s.participant for s in table.seat_list}
        table.pick_list = [by_id[p] for p in table.pick_order if p in by_id]
        table.game = games.get(table.pk)
        table.result = results.get(table.game.pk) if table.game else None
    return tables


def lot_draws(tournament: Tournament) -> list[LotDrawWithNames]:
    """Recorded lot draws with names resolved (``.candidate_list``, ``.order_list``)."""
    draws = cast(
        "list[LotDrawWithNames]",
        list(LotDraw.objects.filter(tournament=tournament).order_by("id")),
    )
    ids = {p for d in draws for p in d.candidates}
    names = dict(Participant.objects.filter(pk__in=ids).values_list("pk", "name"))
    for draw in draws:
        draw.candidate_list = [(p, names.get(p, "?")) for p in draw.candidates]
        draw.order_list = [(p, names.get(p, "?")) for p in draw.order]
    return draws


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


def final_ranking(tournament: Tournament) -> Ranking:
    """The final ranking (rules.md §8); before the knockout ends, the current order."""
    standings = group_standings(tournament)
    knockout = Knockout.objects.filter(tournament=tournament).first()
    by_id = {row.participant.pk: row.participant for row in standings.rows}
    excluded = [row.participant.pk for row in standings.rows if row.excluded]
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
        won_last_round=won,
    )
    holder = knockout_rules.title_holder(
        rows,
        nationality={pid: str(p.nationality) for pid, p in by_id.items()},
        excluded=excluded,
    )
    excluded_set = set(excluded)
    return Ranking(
        final=champion is not None,
        champion=by_id.get(champion) if champion else None,
        title_holder=by_id.get(holder) if holder and champion else None,
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
