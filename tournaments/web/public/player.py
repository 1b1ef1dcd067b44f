"""One participant's page: seat, Sheriff round, games, rank and bounty, penalties, knockout path.

The reads are ``selectors.player_record``; this view only turns its games
into table rows with translated words.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django_tables2 import RequestConfig

from tournaments import selectors
from tournaments.web.public.cache import render_as_nobody, state_page
from tournaments.web.public.common import (
    OUTCOME_LABELS,
    STAGE_SHORT,
    base_context,
    load_tournament,
)
from tournaments.web.public.live import header_context
from tournaments.web.tables import PlayerGamesTable, format_points


def player(request: HttpRequest, tournament_id: int, participant_id: int) -> HttpResponse:
    """One participant: seat, Sheriff round, games, rank and bounty, penalties, knockout path.

    Rendered once per state of the tournament (``cache.state_page``); a
    constant number of queries when it is (see ``selectors.player_record``).
    """

    def draw() -> tuple[str, dict[str, Any]]:
        return _render(request, tournament_id, participant_id)

    return state_page(request, kind="player", tournament_id=tournament_id, render=draw)


def _render(
    request: HttpRequest, tournament_id: int, participant_id: int
) -> tuple[str, dict[str, Any]]:
    tournament = load_tournament(tournament_id)
    participant = get_object_or_404(tournament.participants.all(), pk=participant_id)
    record = selectors.player_record(tournament, participant)
    games_table = PlayerGamesTable(
        [
            {
                "stage": STAGE_SHORT[game.stage],
                "round": game.round,
                "table": game.table,
                "role": game.role_label,
                "outcome": OUTCOME_LABELS[game.outcome],
                "outcome_key": game.outcome,
                "lives": game.lives,
                "bounty": game.bounty,
            }
            for game in record.games
        ]
    )
    RequestConfig(request, paginate=False).configure(games_table)
    target = selectors.call_target(participant)
    context = {
        **base_context(tournament, "player"),
        "call_game": target[0] if target else None,
        "call_position": target[1] if target else None,
        "participant": participant,
        "record": record,
        "row": record.standing,
        "bounty_display": format_points(record.standing.bounty) if record.standing else "",
        # The sentence under the tiles writes its numbers as the tiles do ("12 600").
        "breakdown": {
            "games": format_points(record.standing.game_bounty),
            "bonus": format_points(record.standing.bonus),
            "deductions": format_points(record.standing.deductions),
        }
        if record.standing
        else None,
        "games_table": games_table,
    }
    html = render_as_nobody(request, "tournaments/public/player.html", context)
    return html, header_context(tournament, "player")
