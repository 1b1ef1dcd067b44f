"""One participant's page: seat, Sheriff round, games, rank and bounty, penalties, knockout path.

The reads are ``selectors.player_record``; this view only turns its games
into table rows with translated words.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django_tables2 import RequestConfig

from scoring.formats import SheriffRule
from tournaments import selectors
from tournaments.live.pages import frame_data_of, sort_values, state_page
from tournaments.models import Stage
from tournaments.templatetags.rounds import has_parts, part_numeral
from tournaments.web.public.common import (
    OUTCOME_LABELS,
    STAGE_SHORT,
    base_context,
    load_tournament,
)
from tournaments.web.tables import PlayerGamesTable, format_points

#: The player page reads the sort order of its games, by any of their columns.
READS = {"sort": sort_values(*PlayerGamesTable.base_columns)}


def player(request: HttpRequest, tournament_id: int, participant_id: int) -> HttpResponse:
    """One participant: seat, Sheriff round, games, rank and bounty, penalties, knockout path.

    Rendered once per state of the tournament (``live.pages.state_page``); a
    constant number of queries when it is (see ``selectors.player_record``).
    """

    def render(
        seen: HttpRequest, version: int, variant: str
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        return _render(seen, tournament_id, participant_id)

    return state_page(
        request,
        kind=f"player:{participant_id}",
        tournament_id=tournament_id,
        template="tournaments/public/player.html",
        render=render,
        reads=READS,
    )


def _render(
    request: HttpRequest, tournament_id: int, participant_id: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    tournament = load_tournament(tournament_id)
    participant = get_object_or_404(tournament.participants.all(), pk=participant_id)
    record = selectors.player_record(tournament, participant)
    parts = has_parts(tournament)
    # Drawn by lot (rules.md §14), the Sheriff's rounds are the games' own, not the seat.
    latest = max((g.part for g in record.games if g.stage == Stage.GROUP), default=1)
    sheriff_rounds = (
        [g.round for g in record.games if g.sheriff and g.stage == Stage.GROUP and g.part == latest]
        if tournament.config.format.sheriff == SheriffRule.LOT
        else None
    )
    games_table = PlayerGamesTable(
        [
            {
                # A format in parts names the part: its rounds restart (rules.md §14).
                "stage": f"{STAGE_SHORT[game.stage]} {part_numeral(game.part)}"
                if parts and game.stage == Stage.GROUP
                else STAGE_SHORT.get(game.stage, Stage(game.stage).label),
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
        "sheriff_rounds": sheriff_rounds,
    }
    return context, frame_data_of(
        tournament, "player", participant={"name": participant.name}, finished=context["finished"]
    )
