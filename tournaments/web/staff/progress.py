"""The progress board (tables by rounds) and the referees' list of games.

Both read through selectors: ``selectors.progress_board`` (cells and their
states) and ``selectors.games_list``.
"""

from __future__ import annotations

from django.http import HttpResponse

from tournaments import selectors
from tournaments.models import Game, Stage, Tournament
from tournaments.templatetags.rounds import has_parts, round_label

from .access import (
    StaffRequest,
    get_tournament,
    organiser_required,
    referee_required,
    render_staff,
    scoresheets_url,
)
from .tables import game_card


@organiser_required
def progress(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Which games are open, recorded, corrected or not played; refreshes itself."""
    tournament = get_tournament(tournament_id)
    board = selectors.progress_board(tournament)
    context = {
        "tournament": tournament,
        "rounds": board.rounds,
        "grid": board.grid,
        # A format in parts shows a grid per part (rules.md §14); one part: as before.
        "part_grids": board.parts if has_parts(tournament) else (),
        "knockout": board.knockout,
        "summary": board.summary,
        "double_check": board.double_check,
        "unsigned": board.unsigned,
        "pending_on_phone": board.pending_on_phone,
    }
    if request.htmx:
        return render_staff(request, "partials/progress_grid.html", context)
    return render_staff(request, "progress.html", context)


@referee_required
def games(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """The referees' overview: games still open table by table, recorded ones to correct."""
    tournament = get_tournament(tournament_id)
    round_filter = _number(request.GET.get("round", ""))
    parts = has_parts(tournament)
    # A format in parts numbers its rounds from 1 in each part (rules.md §14).
    part_filter = _number(request.GET.get("part", "")) if parts else None
    show = request.GET.get("show", "open")
    double_check = tournament.config.double_check
    game_list = selectors.games_list(tournament, round=round_filter, part=part_filter)
    awaiting = selectors.awaiting_games(tournament)
    if show == "open":
        game_list = [g for g in game_list if g.game.status == Game.Status.OPEN]
    elif show == "recorded":
        game_list = [g for g in game_list if g.game.status == Game.Status.RECORDED]
    elif show == "unconfirmed" and double_check:
        game_list = [g for g in game_list if g.game.pk in awaiting]
    my_tables = _my_tables(request, tournament)
    if my_tables:
        game_list = [g for g in game_list if g.game.table.number in my_tables]
    game_list.sort(
        key=lambda g: (g.game.stage != Stage.GROUP, g.game.part, g.game.round, g.game.table.number)
    )
    stage_rounds = selectors.game_rounds(tournament)
    times = selectors.games_time((g.game for g in game_list), tournament)
    return render_staff(
        request,
        "games.html",
        {
            "tournament": tournament,
            "cards": [
                game_card(g, awaiting=g.game.pk in awaiting, time=times[g.game.pk], parts=parts)
                for g in game_list
            ],
            "my_tables": ", ".join(str(n) for n in sorted(my_tables)),
            "rounds": sorted({r for _stage, _part, r in stage_rounds}),
            "parts": sorted({p for stage, p, _r in stage_rounds if stage == Stage.GROUP})
            if parts
            else [],
            "round_sheets": [
                {
                    "stage": stage,
                    "part": part,
                    "round": r,
                    "label": round_label(round=r, part=part, stage=stage, parts=parts),
                    "url": scoresheets_url(
                        tournament.pk,
                        stage=stage,
                        round=r,
                        part=part if parts and stage == Stage.GROUP else None,
                    ),
                }
                for stage, part, r in stage_rounds
            ],
            "round_filter": round_filter,
            "part_filter": part_filter,
            "show": show,
            "double_check": double_check,
        },
    )


def _number(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


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
