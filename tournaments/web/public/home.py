"""The list of all tournaments and one tournament's overview page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Participant, Season, Tournament
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
    return render(request, "tournaments/public/tournament.html", context)
