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


__all__ = ["Ranking", "RankingRow", "final_ranking", "knockout_tables", "lot_draws"]


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
    rows = knockout_rules.final_ranking(
        seeding=seeding,
        round_reached=round_reached,
        champion=champion,
        group_order=[row.participant.pk for row in standings.rows],
        excluded=excluded,
        group_rank={row.participant.pk: row.rank for row in standings.rows},
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
