"""The live group-stage leaderboard (its big-screen twin: ``projector``).

Words used here:

- **still playing**: each group table with a game still missing, with the
  lowest such round, as chips above the table.

It refreshes itself (see ``tournaments.live.pages``).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from scoring.standings import METRICS
from tournaments import selectors
from tournaments.live.pages import LivePage, live_views, sort_values
from tournaments.models import Game, Tournament
from tournaments.templatetags.rounds import has_parts
from tournaments.web.public.board import leaderboard_board
from tournaments.web.public.common import POLL_SECONDS, base_context, load_tournament


def still_playing(missing_games: list[Game], *, parts: bool = False) -> list[dict[str, int]]:
    """Each table with a game still missing, and the lowest such round; with ``parts``
    (a format in parts, rules.md §14) also that round's part (else 0)."""
    by_table: dict[int, tuple[int, int]] = {}
    for game in missing_games:
        number = game.table.number
        key = (game.part, game.round)
        by_table[number] = min(by_table.get(number, key), key)
    return [
        {"table": table, "round": rnd, "part": part if parts else 0}
        for table, (part, rnd) in sorted(by_table.items(), key=lambda item: (item[1], item[0]))
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
        "still_playing": still_playing(standings.missing_games, parts=has_parts(tournament)),
        "fragment_url": _with_query(reverse("leaderboard_fragment", args=[tournament.pk]), request),
        "poll_seconds": POLL_SECONDS,
    }


#: The leaderboard reads its sort order, by any of its columns.
READS = {"sort": sort_values("rank", "name", "nationality", "table", "games_played", *METRICS)}

leaderboard, leaderboard_fragment = live_views(
    LivePage(
        name="leaderboard",
        kind="lb",
        template="tournaments/public/leaderboard.html",
        fragment_template="tournaments/public/partials/leaderboard_body.html",
        load=load_tournament,
        context=_leaderboard_context,
        reads=READS,
    )
)
leaderboard_fragment.__doc__ = (
    "The leaderboard's body alone, for htmx polling; 304 while unchanged."
)
