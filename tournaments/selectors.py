"""Reads that pages and the API show.

Each selector answers with a fixed number of SQL queries, however many
participants and games a tournament has: aggregates are computed in the
database, rankings in ``scoring.standings``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, IntegerField, Max, Q, QuerySet, Sum, Value
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

from .models import (
    Game,
    Knockout,
    LotDraw,
    Participant,
    Penalty,
    Result,
    ResultSeat,
    Seat,
    Stage,
    Table,
    Tournament,
)


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

    def metric(self, key: str) -> int | None:
        """This row's value of the tie-break metric ``key`` (see ``Standings.metrics``)."""
        if key not in METRICS:
            raise KeyError(key)
        value: int | None = getattr(self, key)
        return value


@dataclass(frozen=True)
class Standings:
    complete: bool
    games_recorded: int
    games_total: int
    rows: list[StandingRow]
    missing_games: list[Game] = field(default_factory=list)
    # The tie-break metrics in the order they decide: every table, document and
    # API answer takes its ranking columns from here (header ``name``/``abbr``,
    # value ``row.metric(metric.key)``).
    metrics: tuple[Metric, ...] = tuple(METRICS[key] for key in DEFAULT_PRECEDENCE)

    @property
    def games_missing(self) -> int:
        return self.games_total - self.games_recorded


def counting_results(tournament: Tournament) -> QuerySet[Result]:
    """The results that count: the current version, confirmed if the tournament double-checks."""
    return Result.objects.counting(tournament)


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
        Result.objects.filter(game=game)
        .current()
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


# --------------------------------------------------------------------------- knockout


def knockout_tables(tournament: Tournament, *, include_unconfirmed: bool = False) -> list[Table]:
    """Every knockout table, round by round, with seats, game, result and pick order.

    ``.result`` is the result that counts (with ``double_check``: the confirmed
    one); referees pass ``include_unconfirmed`` to see the current version.

    Five queries whatever the size: tables, seats, games, current results with their seats.
    """
    tables = list(
        Table.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT).order_by(
            "round", "number"
        )
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


def counting_or_current_results(tournament: Tournament) -> QuerySet[Result]:
    """The current version of every result (confirmed or not), with who entered it."""
    return (
        Result.objects.current()
        .filter(game__tournament=tournament)
        .select_related("recorded_by", "confirmed_by")
    )


def lot_draws(tournament: Tournament) -> list[LotDraw]:
    """Recorded lot draws with names resolved (``.candidate_list``, ``.order_list``)."""
    draws = list(LotDraw.objects.filter(tournament=tournament).order_by("id"))
    ids = {p for d in draws for p in d.candidates}
    names = dict(Participant.objects.filter(pk__in=ids).values_list("pk", "name"))
    for draw in draws:
        draw.candidate_list = [(p, names.get(p, "?")) for p in draw.candidates]
        draw.order_list = [(p, names.get(p, "?")) for p in draw.order]
    return draws


@dataclass(frozen=True)
class RankingRow:
    place: int
    participant: Participant
    knockout_round_reached: int | None
    excluded: bool


@dataclass(frozen=True)
class Ranking:
    final: bool
    champion: Participant | None
    title_holder: Participant | None
    rows: list[RankingRow]
    knockout_started: bool = False


def final_ranking(tournament: Tournament) -> Ranking:
    """The final ranking (rules.md §8); before the knockout ends, the current order."""
    from scoring import knockout as rules

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
    rows = rules.final_ranking(
        seeding=seeding,
        round_reached=round_reached,
        champion=champion,
        group_order=[row.participant.pk for row in standings.rows],
        excluded=excluded,
    )
    holder = rules.title_holder(
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
