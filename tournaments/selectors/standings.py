"""The group-stage standings: every participant's figures, ranked (rules.md §6).

Words used here (see ``scoring.standings`` for the ranking itself):

- A **standing row** (``StandingRow``) is one participant's line: overall
  ``rank``, group table and position, ``table_rank`` (placement at their own
  table), **bounty** (the tournament total that ranks) with its parts
  (``game_bounty`` from games, ``bonus`` for a 5-table, ``deductions`` by
  referees), games won, lives left, games played, excluded / withdrawn.
- The **metrics** (``Standings.metrics``) are the tie-break criteria in the
  order they decide; every ranking column anywhere is produced from them.
- A **missing game** is a group game not void that has no counting result yet.

``group_standings`` answers in a fixed number of queries, however many
participants and games a tournament has.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, IntegerField, Q, Sum, Value
from django.db.models.functions import Coalesce

from scoring.bounty import tournament_total
from scoring.standings import (
    DEFAULT_PRECEDENCE,
    METRICS,
    Metric,
    PlayerLine,
    RankedLine,
    rank_standings,
)
from tournaments.models import Game, Participant, Penalty, ResultSeat, Seat, Stage, Tournament
from tournaments.selectors.games import counting_results
from tournaments.selectors.seating import Seating, group_seating

__all__ = ["StandingRow", "Standings", "group_standings"]


@dataclass(frozen=True)
class StandingRow:
    """One participant's line of the group-stage standings."""

    rank: int
    participant: Participant
    table: int | None
    position: int | None
    table_rank: int | None
    bounty: int
    game_bounty: int
    bonus: int
    deductions: int
    wins: int
    lives: int
    games_played: int
    excluded: bool
    withdrawn: bool

    @property
    def points(self) -> int:
        """The total under the name most formats give it (rules.md §14)."""
        return self.bounty

    def metric(self, key: str) -> int | None:
        """This row's value of the tie-break metric ``key`` (see ``Standings.metrics``)."""
        if key not in METRICS:
            raise KeyError(key)
        value: int | None = getattr(self, key)
        return value


@dataclass(frozen=True)
class Standings:
    """The ranked rows, how many games count so far, and the tie-break metrics."""

    complete: bool
    games_recorded: int
    games_total: int
    rows: list[StandingRow]
    missing_games: list[Game] = field(default_factory=list)
    # The tie-break metrics in the order they decide: every table, document and
    # API answer takes its ranking columns from here (header ``name``/``abbr``,
    # value ``row.metric(metric.key)``).
    metrics: tuple[Metric, ...] = tuple(METRICS[key] for key in DEFAULT_PRECEDENCE)
    # Who sits where in the group stage (``selectors.seating``), read once with the rows.
    seating: Seating = field(default_factory=lambda: Seating(stage=Stage.GROUP, round=0, tables=()))

    @property
    def games_missing(self) -> int:
        return self.games_total - self.games_recorded


def group_standings(tournament: Tournament, *, with_missing: bool = False) -> Standings:
    """The live group-stage standings (rules.md §6) in a fixed number of queries."""
    config = tournament.config
    fmt = config.format
    participants = list(tournament.participants.order_by("id"))
    seating = group_seating(tournament)
    group_seat = {seat.participant.pk: seat for table in seating.tables for seat in table.seats}
    if not fmt.small_table_bonus:  # nothing to give (the Czech format): no query for it
        small: set[int] = set()
    elif len(fmt.parts) == 1:
        sizes = {table.number: table.size for table in seating.tables}
        small = {pid for pid, seat in group_seat.items() if fmt.is_small_table(sizes[seat.table])}
    else:  # once, for a seat at a small table in any part
        small = set(
            Seat.objects.filter(
                table__tournament=tournament,
                table__stage=Stage.GROUP,
                table__size__in=[s for s in set(fmt.table_sizes) if fmt.is_small_table(s)],
            ).values_list("participant_id", flat=True)
        )
    totals = {
        row["participant_id"]: row
        for row in ResultSeat.objects.counting(tournament)
        .filter(result__game__stage=Stage.GROUP)
        .values("participant_id")
        .annotate(
            game_bounty=Coalesce(Sum("bounty"), Value(0), output_field=IntegerField()),
            wins=Count("id", filter=Q(won=True)),
            lives=Coalesce(Sum("lives"), Value(0), output_field=IntegerField()),
            games=Count("id"),
        )
        .order_by()
    }
    deductions = dict(
        Penalty.objects.filter(tournament=tournament, kind=Penalty.Kind.DEDUCTION)
        .values("participant_id")
        .annotate(total=Sum("amount"))
        .order_by()
        .values_list("participant_id", "total")
    )
    status_counts = dict(
        Game.objects.filter(tournament=tournament, stage=Stage.GROUP)
        .values("status")
        .annotate(n=Count("id"))
        .order_by()
        .values_list("status", "n")
    )
    games_total = status_counts.get(Game.Status.OPEN, 0) + status_counts.get(
        Game.Status.RECORDED, 0
    )
    if config.double_check:
        games_recorded = counting_results(tournament).filter(game__stage=Stage.GROUP).count()
    else:
        games_recorded = status_counts.get(Game.Status.RECORDED, 0)

    lines: list[PlayerLine] = []
    by_id: dict[int, Participant] = {}
    parts: dict[int, tuple[int, int, int]] = {}
    for p in participants:
        seat = group_seat.get(p.pk)
        if seat is None and p.status == Participant.Status.WITHDRAWN:
            continue  # withdrew before the draw: not part of the standings
        agg = totals.get(p.pk)
        game_bounty: int = agg["game_bounty"] if agg else 0
        deducted = deductions.get(p.pk, 0)
        total = tournament_total(
            game_bounties=[game_bounty],
            small_table=p.pk in small,
            small_table_bonus=fmt.small_table_bonus,
            deductions=deducted,
        )
        parts[p.pk] = (game_bounty, total - game_bounty + deducted, deducted)
        by_id[p.pk] = p
        lines.append(
            PlayerLine(
                participant=p.pk,
                table=seat.table if seat else 0,
                position=seat.position if seat else 0,
                bounty=total,
                wins=agg["wins"] if agg else 0,
                lives=agg["lives"] if agg else 0,
                games_played=agg["games"] if agg else 0,
                excluded=p.status == Participant.Status.EXCLUDED,
            )
        )
    ranked: list[RankedLine] = rank_standings(lines, precedence=fmt.tie_breaks)
    rows = []
    for r in ranked:
        p = by_id[r.line.participant]
        game_bounty, bonus, deducted = parts[p.pk]
        rows.append(
            StandingRow(
                rank=r.rank,
                participant=p,
                table=r.line.table or None,
                position=r.line.position or None,
                table_rank=r.table_rank if r.line.table else None,
                bounty=r.line.bounty,
                game_bounty=game_bounty,
                bonus=bonus,
                deductions=deducted,
                wins=r.line.wins,
                lives=r.line.lives,
                games_played=r.line.games_played,
                excluded=r.line.excluded,
                withdrawn=p.status == Participant.Status.WITHDRAWN,
            )
        )
    missing: list[Game] = []
    if with_missing:
        missing = list(
            Game.objects.filter(tournament=tournament, stage=Stage.GROUP)
            .exclude(status=Game.Status.VOID)
            .exclude(pk__in=counting_results(tournament).values("game_id"))
            .select_related("table")
            .order_by("part", "round", "table__number")
        )
    return Standings(
        complete=games_total > 0 and games_recorded == games_total,
        games_recorded=games_recorded,
        games_total=games_total,
        rows=rows,
        missing_games=missing,
        seating=seating,
        metrics=tuple(METRICS[key] for key in fmt.tie_breaks),
    )
