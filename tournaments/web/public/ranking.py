"""The final ranking, with the champion and the German title holder."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django_tables2 import RequestConfig

from tournaments import selectors
from tournaments.web.public.cache import render_as_nobody, state_page
from tournaments.web.public.common import base_context, load_tournament
from tournaments.web.public.live import header_context
from tournaments.web.tables import KnockoutRankingTable


def ranking(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The final ranking, with the champion and the German title holder (once per state)."""

    def draw() -> tuple[str, dict[str, Any]]:
        return _render(request, tournament_id)

    return state_page(request, kind="ranking", tournament_id=tournament_id, render=draw)


def _render(request: HttpRequest, tournament_id: int) -> tuple[str, dict[str, Any]]:
    tournament = load_tournament(tournament_id)
    result = selectors.final_ranking(tournament)
    table = KnockoutRankingTable(result.rows, tournament_id=tournament.pk)
    RequestConfig(request, paginate=False).configure(table)
    context = {**base_context(tournament, "ranking"), "ranking": result, "table": table}
    html = render_as_nobody(request, "tournaments/public/ranking.html", context)
    return html, header_context(tournament, "ranking")
