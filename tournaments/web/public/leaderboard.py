"""The live group-stage leaderboard and its big-screen twin, the projector.

Words used here:

- **still playing**: each group table with a game still missing, with the
  lowest such round, as chips above the table.
- The **projector** shows the same standings in large type, pages through them
  by itself (``static/js/projector.js``) and shows a QR code of the
  leaderboard's address.

Both refresh themselves (see ``tournaments.web.public.live``).
"""

from __future__ import annotations

from typing import Any

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django_tables2 import RequestConfig

from tournaments import selectors
from tournaments.models import Game, Tournament
from tournaments.web.public.board import leaderboard_board
from tournaments.web.public.common import POLL_SECONDS, base_context
from tournaments.web.public.live import live_views
from tournaments.web.tables import ProjectorTable

PROJECTOR_ROWS_PER_PAGE = 15
PROJECTOR_PAGE_SECONDS = 10


def still_playing(missing_games: list[Game]) -> list[dict[str, int]]:
    """Each table with a game still missing, and the lowest such round."""
    by_table: dict[int, int] = {}
    for game in missing_games:
        number = game.table.number
        by_table[number] = min(by_table.get(number, game.round), game.round)
    return [
        {"table": table, "round": rnd}
        for table, rnd in sorted(by_table.items(), key=lambda item: (item[1], item[0]))
    ]


def _with_query(url: str, request: HttpRequest) -> str:
    query = request.GET.urlencode()
    return f"{url}?{query}" if query else url


def _leaderboard_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    standings = selectors.group_standings(tournament, with_missing=True)
    board = leaderboard_board(standings, tournament_id=tournament.pk, query=request.GET)
    return {
        **base_context(tournament, "leaderboard"),
        "standings": standings,
        "board": board,
        "still_playing": still_playing(standings.missing_games),
        "fragment_url": _with_query(reverse("leaderboard_fragment", args=[tournament.pk]), request),
        "poll_seconds": POLL_SECONDS,
    }


leaderboard, leaderboard_fragment = live_views(
    name="leaderboard",
    kind="lb",
    template="tournaments/public/leaderboard.html",
    fragment_template="tournaments/public/partials/leaderboard_body.html",
    context=_leaderboard_context,
)
leaderboard_fragment.__doc__ = (
    "The leaderboard's body alone, for htmx polling; 304 while unchanged."
)


def qr_svg(url: str) -> SafeString:
    """An inline SVG QR code for ``url`` (segno; nothing loaded from anywhere)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=6, dark="#000", light="#fff", border=2, omitsize=True
    )
    # segno writes the SVG itself; the URL only becomes QR modules, never text.
    return mark_safe(svg)


def _projector_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    standings = selectors.group_standings(tournament, with_missing=True)
    table = ProjectorTable(standings.rows, tournament_id=tournament.pk, metrics=standings.metrics)
    RequestConfig(request, paginate=False).configure(table)
    return {
        **base_context(tournament, "projector"),
        "standings": standings,
        "table": table,
        "still_playing": still_playing(standings.missing_games),
    }


def _projector_page_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """What only the full projector page needs: the QR code and the paging."""
    leaderboard_url = request.build_absolute_uri(reverse("leaderboard", args=[tournament.pk]))
    return {
        "fragment_url": reverse("projector_fragment", args=[tournament.pk]),
        "leaderboard_url": leaderboard_url,
        "qr": qr_svg(leaderboard_url),
        "rows_per_page": PROJECTOR_ROWS_PER_PAGE,
        "page_seconds": PROJECTOR_PAGE_SECONDS,
        "poll_seconds": POLL_SECONDS,
    }


projector, projector_fragment = live_views(
    name="projector",
    kind="pj",
    template="tournaments/public/projector.html",
    fragment_template="tournaments/public/partials/projector_body.html",
    context=_projector_context,
    page_context=_projector_page_context,
)
