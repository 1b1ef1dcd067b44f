"""The final ranking, with the champion and the German title holder."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_tables2 import RequestConfig

from tournaments import selectors
from tournaments.web.public.common import base_context, load_tournament
from tournaments.web.tables import KnockoutRankingTable


def ranking(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The final ranking, with the champion and the German title holder."""
    tournament = load_tournament(tournament_id)
    result = selectors.final_ranking(tournament)
    table = KnockoutRankingTable(result.rows, tournament_id=tournament.pk)
    RequestConfig(request, paginate=False).configure(table)
    context = {**base_context(tournament, "ranking"), "ranking": result, "table": table}
    return render(request, "tournaments/public/ranking.html", context)
