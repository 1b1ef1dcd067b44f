"""The list of all tournaments and one tournament's overview page."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import cache_control

from tournaments import selectors
from tournaments.models import Participant, Season, Tournament
from tournaments.web.format_words import format_facts
from tournaments.web.public.common import base_context, load_tournament


def home(request: HttpRequest) -> HttpResponse:
    """All tournaments, newest first."""
    tournaments = Tournament.objects.order_by("-date", "-id")
    seasons = Season.objects.order_by("-id")
    return render(
        request, "tournaments/home.html", {"tournaments": tournaments, "seasons": seasons}
    )


def tournament_home(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A tournament's overview: date, ruleset, participants, stage, links."""
    tournament = load_tournament(tournament_id)
    context = base_context(tournament, "tournament")
    context["participant_count"] = tournament.participants.exclude(
        status=Participant.Status.WITHDRAWN
    ).count()
    context["champion"] = selectors.champion_of(tournament)
    # The format in words (rules.md §14); its points table is on the rules page.
    context["format_facts"] = format_facts(
        tournament.config.format, tournament.get_format_display()
    )[:5]
    context["archives"] = tournament.archives.defer("content").order_by("version")
    return render(request, "tournaments/public/tournament.html", context)


@cache_control(max_age=86400, public=True)
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``, which browsers ask for on their own: ``static/favicon.ico``."""
    path = finders.find("favicon.ico")
    if not isinstance(path, str):
        raise Http404
    with open(path, "rb") as file:
        return HttpResponse(file.read(), content_type="image/x-icon")
