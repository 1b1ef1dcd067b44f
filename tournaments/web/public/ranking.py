"""The final ranking, with the champion and the title holder."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django_tables2 import RequestConfig

from tournaments import selectors
from tournaments.live.pages import frame_data_of, sort_values, state_page
from tournaments.web.public.common import base_context, load_tournament
from tournaments.web.tables import KnockoutRankingTable

#: The ranking reads its sort order, by any of its columns.
READS = {"sort": sort_values(*KnockoutRankingTable.base_columns)}


def ranking(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The final ranking, with the champion and the title holder (once per state)."""

    def render(
        seen: HttpRequest, version: int, variant: str
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        tournament = load_tournament(tournament_id)
        result = selectors.final_ranking(tournament)
        table = KnockoutRankingTable(
            result.rows,
            tournament_id=tournament.pk,
            # After a final table (rules.md §14) nobody reaches a knockout round.
            exclude=("knockout_round_reached",) if result.final_table else (),
        )
        RequestConfig(seen, paginate=False).configure(table)
        context = {**base_context(tournament, "ranking"), "ranking": result, "table": table}
        return context, frame_data_of(tournament, "ranking", finished=context["finished"])

    return state_page(
        request,
        kind="ranking",
        tournament_id=tournament_id,
        template="tournaments/public/ranking.html",
        render=render,
        reads=READS,
    )
