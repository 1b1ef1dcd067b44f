"""Pages anyone may read: home, leaderboard, projector, seating, player page, knockout, ranking."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Tournament


def home(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.order_by("-date", "-id")
    return render(request, "tournaments/home.html", {"tournaments": tournaments})
