"""The projector: the hall's big screen, following the tournament's phase.

Words used here:

- The **phase** of the projector is what the hall needs to see now:
  ``seating`` at a group round's start (no result of that round yet: who sits
  where, who is Sheriff), ``standings`` while the round is played, ``knockout``
  (the current knockout round's tables, winners ticked), ``final`` (a format's
  final table: the game being played, its Sheriff, the points) and ``champion`` (the
  champion and the top of the final ranking).
- **Time rule**: with a time limit, every phase but the champion's lists the
  open games whose time runs, each with its deadline; the page shows a game
  there from the moment its rule is in force (``static/js/hall.js``).
- **Paging**: ``static/js/projector.js`` shows as many items (rows or table
  cards) as fit the screen and moves on to the next page every few seconds.

It refreshes itself (see ``tournaments.live.pages``); a new phase arrives
with the next poll. The QR code and the URL under it are absolute (``SITE_URL``,
else the scheme and host of the request), so they are drawn for each request, outside the cached
state part: one visitor's ``X-Forwarded-Proto`` or ``Host`` never reaches another.
"""

from __future__ import annotations

import functools
from typing import Any

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from tournaments import selectors
from tournaments.live.pages import LivePage, live_views
from tournaments.models import Game, Tournament
from tournaments.selectors import Phase
from tournaments.site import absolute_url
from tournaments.templatetags.rounds import has_parts
from tournaments.web.public.board import leaderboard_board
from tournaments.web.public.common import (
    POLL_SECONDS,
    base_context,
    load_tournament,
    tournament_stage,
)
from tournaments.web.public.leaderboard import still_playing

#: At most this many rows a page; fewer when the screen is smaller (projector.js).
PROJECTOR_ROWS_PER_PAGE = 15
PROJECTOR_PAGE_SECONDS = 10
#: The champion's screen lists the final ranking's top places.
CHAMPION_TOP = 8


@functools.lru_cache(maxsize=32)
def qr_svg(url: str) -> SafeString:
    """An inline SVG QR code for ``url`` (segno; nothing loaded from anywhere).

    Drawn per request; the few URLs a hall's screens show are kept (bounded)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=6, dark="#000", light="#fff", border=2, omitsize=True
    )
    # segno writes the SVG itself; the URL only becomes QR modules, never text.
    return mark_safe(svg)


def _seating(standings: selectors.Standings, round: int) -> list[dict[str, Any]] | None:
    """The group tables with their players when ``round`` has not started (no result
    of it yet), else None. From the standings alone (their ``seating``): no query."""
    tables = standings.seating.tables
    playing_round = sum(1 for table in tables if len(table.seats) >= round)
    missing = [game for game in standings.missing_games if game.round == round]
    if len(missing) < playing_round:
        return None  # a result of this round is in: the standings show
    # The game's Sheriff: the player at the round's position, or drawn by lot (rules.md §14).
    sheriffs = {game.table.number: game.sheriff_position for game in missing}
    return [
        {
            "number": table.number,
            "seats": [
                {
                    "position": seat.position,
                    "name": seat.participant.name,
                    "sheriff": seat.position == sheriffs.get(table.number, round),
                }
                for seat in table.seats
            ],
        }
        for table in tables
    ]


def _group_context(tournament: Tournament) -> dict[str, Any]:
    standings = selectors.group_standings(tournament, with_missing=True)
    current = min((g.round for g in standings.missing_games), default=None)
    seating = _seating(standings, current) if current is not None else None
    timed = _time_rules(tournament, among=standings.missing_games)
    if seating is not None:
        part = min((g.part for g in standings.missing_games if g.round == current), default=1)
        return {
            "phase": "seating",
            "round": current,
            "part": part if has_parts(tournament) else None,
            "seating": seating,
            **timed,
        }
    board = leaderboard_board(
        standings,
        tournament_id=tournament.pk,
        query={},
        projector=True,
    )
    return {
        "phase": "standings",
        "standings": standings,
        "board": board,
        "still_playing": still_playing(standings.missing_games, parts=has_parts(tournament)),
        **timed,
    }


def _time_rules(tournament: Tournament, among: list[Game] | None = None) -> dict[str, Any]:
    """The open games against a time limit (the page flips "High Noon" at each deadline)."""
    timed = selectors.timed_games(tournament, among=among)
    return {
        "timed_games": timed,
        "time_rule_in_force": any(g.time.in_force for g in timed),
        "time_rule_name": selectors.time_rule_name(tournament),
    }


def _knockout_context(tournament: Tournament) -> dict[str, Any]:
    tables = selectors.knockout_tables(tournament)
    current = max((view.table.round for view in tables), default=1)
    cards = []
    for view in tables:
        if view.table.round != current:
            continue
        won = {s.position for s in view.result.seats.all() if s.won} if view.result else set()
        cards.append(
            {
                "number": view.table.number,
                "done": view.result is not None,
                "seats": [
                    {"name": s.participant.name, "won": s.position in won} for s in view.seats
                ],
            }
        )
    return {
        "phase": "knockout",
        "round": current,
        "knockout_cards": cards,
        **_time_rules(tournament),
    }


def _final_table_context(tournament: Tournament) -> dict[str, Any]:
    """The final table (rules.md §14): the game being played, its Sheriff, the points."""
    view = selectors.final_table_view(tournament)
    if view is None:
        return {"phase": "final", "round": None, "final_rows": []}
    playing = view.playing
    sheriff = playing.game.sheriff_position if playing else None
    rows = sorted(view.rows, key=lambda row: (-row.points, row.position))
    return {
        "phase": "final",
        "round": playing.game.round if playing else None,
        "final_rows": [
            {"name": row.participant.name, "points": row.points, "sheriff": row.position == sheriff}
            for row in rows
        ],
    }


def _champion_context(tournament: Tournament) -> dict[str, Any]:
    ranking = selectors.final_ranking(tournament)
    return {
        "phase": "champion",
        "ranking": ranking,
        "top": ranking.rows[:CHAMPION_TOP],
    }


def _projector_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    stage = tournament_stage(tournament)
    if stage == Phase.FINISHED:
        phase = _champion_context(tournament)
    elif stage == Phase.KNOCKOUT and tournament.config.format.final.is_table:
        phase = _final_table_context(tournament)
    elif stage == Phase.KNOCKOUT:
        phase = _knockout_context(tournament)
    else:
        phase = _group_context(tournament)
    return {**base_context(tournament, "projector"), **phase}


def _projector_page_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """What only the full projector page's state part needs."""
    return {
        "fragment_url": reverse("projector_fragment", args=[tournament.pk]),
        "poll_seconds": POLL_SECONDS,
    }


def _projector_frame(request: HttpRequest) -> dict[str, Any]:
    """The QR code and the paging, drawn for each request (absolute URLs)."""
    match = request.resolver_match
    tournament_id = match.kwargs["tournament_id"] if match else 0
    # The hall's address where ``SITE_URL`` is set (``make hall``), else the request's.
    leaderboard_url = absolute_url(request, reverse("leaderboard", args=[tournament_id]))
    return {
        "leaderboard_url": leaderboard_url,
        "qr": qr_svg(leaderboard_url),
        "rows_per_page": PROJECTOR_ROWS_PER_PAGE,
        "page_seconds": PROJECTOR_PAGE_SECONDS,
    }


projector, projector_fragment = live_views(
    LivePage(
        name="projector",
        kind="pj",
        template="tournaments/public/projector.html",
        fragment_template="tournaments/public/partials/projector_body.html",
        load=load_tournament,
        context=_projector_context,
        page_context=_projector_page_context,
        per_request=_projector_frame,
    )
)
