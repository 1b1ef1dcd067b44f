"""A tournament's rules page: its format in words and its points table (rules.md §14)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.web.format_words import bonus_facts, format_facts, points_tables
from tournaments.web.public.common import base_context, load_tournament


def rules(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The format, the points table per table size and the bonuses (one query)."""
    tournament = load_tournament(tournament_id)
    fmt = tournament.config.format
    context = base_context(tournament, "rules")
    context["facts"] = format_facts(fmt, tournament.get_format_display())
    context["points_tables"] = points_tables(fmt)
    context["bonuses"] = bonus_facts(fmt)
    return render(request, "tournaments/public/rules.html", context)
