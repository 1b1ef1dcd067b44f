"""Reads that pages and the API show.

Each selector answers with a fixed number of SQL queries, however many
participants and games a tournament has: aggregates are computed in the
database, rankings in ``scoring.standings``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, IntegerField, Q, QuerySet, Sum, Value
from django.db.models.functions import Coalesce

from scoring.bounty import tournament_total
from scoring.standings import PlayerLine, RankedLine, rank_standings

from .models import Game, Participant, Penalty, Result, ResultSeat, Seat, Stage, Table, Tournament


@dataclass(frozen=True)
class StandingRow:
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


@dataclass(frozen=True)
class Standings:
    complete: bool
    games_recorded: int
    games_total: int
    rows: list[StandingRow]
    missing_games: list[Game] = field(default_factory=list)

    @property
    def games_missing(self) -> int:
        return self.games_total - self.games_recorded


def counting_results(tournament: Tournament) -> QuerySet[Result]:
    """The results that count: the current version, confirmed if the tournament double-checks."""
    results = Result.objects.filter(game__tournament=tournament, is_current=True)
    if tournament.config.double_check:
        results = results.filter(confirmed_by__isnull=False)
    return results


def group_standings(tournament: Tournament, *, with_missing: bool = False) -> Standings:
    """The live group-stage standings (rules.md §6) in a fixed number of queries."""
    config = tournament.config
    bounty_table = config.bounty_table
    participants = list(tournament.participants.order_by("id"))
    group_seat = {
        s.participant_id: s
        for s in Seat.objects.filter(
            table__tournament=tournament, table__stage=Stage.GROUP
        ).select_related("table")
    }
    seat_filter = Q(
        result__game__stage=Stage.GROUP,
        result__game__tournament=tournament,
        result__is_current=True,
    )
    if config.double_check:
        seat_filter &= Q(result__confirmed_by__isnull=False)
    totals = {
        row["participant_id"]: row
        for row in ResultSeat.objects.filter(seat_filter)
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
        agg = totals.get(p.pk, {})
        five = seat is not None and seat.table.size == 5
        game_bounty = agg.get("game_bounty", 0)
        deducted = deductions.get(p.pk, 0)
        total = tournament_total(
            game_bounties=[game_bounty], five_table=five, deductions=deducted, table=bounty_table
        )
        parts[p.pk] = (game_bounty, total - game_bounty + deducted, deducted)
        by_id[p.pk] = p
        lines.append(
            PlayerLine(
                participant=p.pk,
                table=seat.table.number if seat else 0,
                position=seat.position if seat else 0,
                bounty=total,
                wins=agg.get("wins", 0),
                lives=agg.get("lives", 0),
                games_played=agg.get("games", 0),
                excluded=p.status == Participant.Status.EXCLUDED,
            )
        )
    ranked: list[RankedLine] = rank_standings(lines)
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
            .order_by("round", "table__number")
        )
    return Standings(
        complete=games_total > 0 and games_recorded == games_total,
        games_recorded=games_recorded,
        games_total=games_total,
        rows=rows,
        missing_games=missing,
    )


def games_list(
    tournament: Tournament, *, stage: str | None = None, round: int | None = None
) -> list[Game]:
    """Games with their table and seated participants (three queries)."""
    games = Game.objects.filter(tournament=tournament).select_related("table").order_by("id")
    if stage:
        games = games.filter(stage=stage)
    if round is not None:
        games = games.filter(round=round)
    games = list(games)
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
    return (
        Result.objects.filter(game=game, is_current=True)
        .select_related("recorded_by", "confirmed_by")
        .prefetch_related("seats")
        .first()
    )


def group_tables(tournament: Tournament) -> list[Table]:
    return list(
        Table.objects.filter(tournament=tournament, stage=Stage.GROUP)
        .prefetch_related("seats__participant")
        .order_by("number")
    )
