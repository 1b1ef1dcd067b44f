"""The progress board (tables by rounds) and the referees' list of games.

A **cell** of the progress board is one game (a table in a round); its state is
*open*, *recorded*, *corrected* (version > 1), *awaiting confirmation* or
*not played* (void).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Exists, OuterRef, Subquery
from django.http import HttpResponse

from tournaments import selectors
from tournaments.models import Game, OutboxReport, Result, ResultSeat, Stage, Tournament

from .access import (
    StaffRequest,
    get_tournament,
    organiser_required,
    referee_required,
    render_staff,
    scoresheets_url,
)
from .tables import cell_label, cell_state, game_card


@dataclass(frozen=True)
class Cell:
    game: Game | None
    # "open", "recorded", "corrected", "awaiting" (recorded, not yet confirmed: setting
    # ``double_check``), "void" or "none" (no such round)
    state: str
    unsigned: bool = False  # its current result's sheet is not marked as signed
    # A referee's phone reported a submission for it that it could not send yet.
    pending_on_phone: bool = False

    @property
    def label(self) -> str:
        return cell_label(self.state)


def _unconfirmed() -> Exists:
    """Per game: its current result still waits for a second person's confirmation."""
    return Exists(Result.objects.awaiting_confirmation().filter(game=OuterRef("pk")))


def _unsigned() -> Exists:
    """Per game: its current result's sheet is not marked as signed by all players."""
    return Exists(Result.objects.current().filter(game=OuterRef("pk"), signed=False))


def _cell(game: Game) -> Cell:
    return Cell(
        game,
        _state(game),
        unsigned=getattr(game, "unsigned", False),
        pending_on_phone=getattr(game, "pending_on_phone", False),
    )


def _pending_on_phone() -> Exists:
    """Per game: a referee's phone reported an unsent submission for it (rules.md §12)."""
    return Exists(OutboxReport.objects.filter(game=OuterRef("pk")))


def _signatures() -> Subquery:
    """Per game: how many players confirmed its current result with their PIN."""
    signed = (
        ResultSeat.objects.current()
        .filter(result__game=OuterRef("pk"), player_confirmed_at__isnull=False)
        .values("result")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Subquery(signed)


def _state(game: Game) -> str:
    # ``awaiting``: annotated by ``progress_board`` when the tournament double-checks.
    return cell_state(game, awaiting=getattr(game, "awaiting", False))


def progress_board(tournament: Tournament) -> dict[str, Any]:
    """The grid tables x rounds of every stage, from one query of the games."""
    double_check = tournament.config.double_check
    query = (
        Game.objects.filter(tournament=tournament)
        .select_related("table")
        .annotate(
            unsigned=_unsigned(), signatures=_signatures(), pending_on_phone=_pending_on_phone()
        )
    )
    if double_check:
        query = query.annotate(awaiting=_unconfirmed())
    games = list(query.order_by("stage", "table__round", "table__number", "round"))
    group = [g for g in games if g.stage == Stage.GROUP]
    rounds = list(range(1, max((g.table.size for g in group), default=0) + 1))
    rows: dict[int, dict[str, Any]] = {}
    for game in group:
        row = rows.setdefault(
            game.table.number,
            {"table": game.table, "cells": {r: Cell(None, "none") for r in rounds}},
        )
        row["cells"][game.round] = _cell(game)
    grid = [{"table": row["table"], "cells": list(row["cells"].values())} for row in rows.values()]
    knockout: dict[int, list[Cell]] = {}
    for game in games:
        if game.stage == Stage.KNOCKOUT:
            knockout.setdefault(game.round, []).append(_cell(game))
    states = [_state(g) for g in group]
    unsigned = [g for g in games if getattr(g, "unsigned", False)]
    return {
        "rounds": rounds,
        "grid": grid,
        "knockout": sorted(knockout.items()),
        "summary": {
            s: states.count(s) for s in ("open", "recorded", "corrected", "awaiting", "void")
        },
        "double_check": double_check,
        "unsigned": len(unsigned),
        "pending_on_phone": sum(1 for g in games if getattr(g, "pending_on_phone", False)),
    }


@organiser_required
def progress(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Which games are open, recorded, corrected or not played; refreshes itself."""
    tournament = get_tournament(tournament_id)
    context = {"tournament": tournament, **progress_board(tournament)}
    if request.htmx:
        return render_staff(request, "partials/progress_grid.html", context)
    return render_staff(request, "progress.html", context)


@referee_required
def games(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """The referees' overview: games still open table by table, recorded ones to correct."""
    tournament = get_tournament(tournament_id)
    try:
        round_filter = int(request.GET.get("round", ""))
    except ValueError:
        round_filter = None
    show = request.GET.get("show", "open")
    double_check = tournament.config.double_check
    game_list = selectors.games_list(tournament, round=round_filter)
    awaiting: set[int] = set()
    if double_check:
        awaiting = set(
            Result.objects.awaiting_confirmation()
            .filter(game__tournament=tournament)
            .values_list("game_id", flat=True)
        )
    if show == "open":
        game_list = [g for g in game_list if g.game.status == Game.Status.OPEN]
    elif show == "recorded":
        game_list = [g for g in game_list if g.game.status == Game.Status.RECORDED]
    elif show == "unconfirmed" and double_check:
        game_list = [g for g in game_list if g.game.pk in awaiting]
    my_tables = _my_tables(request, tournament)
    if my_tables:
        game_list = [g for g in game_list if g.game.table.number in my_tables]
    game_list.sort(key=lambda g: (g.game.stage != Stage.GROUP, g.game.round, g.game.table.number))
    stage_rounds = sorted(
        set(Game.objects.filter(tournament=tournament).values_list("stage", "round")),
        key=lambda item: (item[0] != Stage.GROUP, item[1]),
    )
    return render_staff(
        request,
        "games.html",
        {
            "tournament": tournament,
            "cards": [game_card(g, awaiting=g.game.pk in awaiting) for g in game_list],
            "my_tables": ", ".join(str(n) for n in sorted(my_tables)),
            "rounds": sorted({r for _stage, r in stage_rounds}),
            "round_sheets": [
                {
                    "stage": stage,
                    "round": r,
                    "url": scoresheets_url(tournament.pk, stage=stage, round=r),
                }
                for stage, r in stage_rounds
            ],
            "round_filter": round_filter,
            "show": show,
            "double_check": double_check,
        },
    )


def parse_tables(text: str) -> set[int]:
    """Table numbers from "1, 3-5": numbers and ranges; anything else is ignored."""
    numbers: set[int] = set()
    for part in text.replace(";", ",").replace(" ", ",").split(","):
        low, _dash, high = part.partition("-")
        if low.isdigit() and (not high or high.isdigit()):
            first, last = int(low), int(high or low)
            numbers.update(range(first, min(last, first + 200) + 1))
    return numbers


def _my_tables(request: StaffRequest, tournament: Tournament) -> set[int]:
    """The referee's own tables ("my tables"): set with ``?tables=``, kept in the session."""
    key = f"my_tables_{tournament.pk}"
    if "tables" in request.GET:
        request.session[key] = request.GET["tables"][:100]
    return parse_tables(request.session.get(key, ""))
