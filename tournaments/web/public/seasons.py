"""Season pages: the ranking (phone-first, search and "find me"), a projector view,
and a player's public profile (rules.md §13).

The ranking is read once per state of the season (``tournaments.live.seasons``):
a repeat costs a query for the state and a cache read, and the player page
takes its rows from the same cached rankings. No birth date is shown anywhere
here.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments import selectors
from tournaments.live.seasons import season_standing, with_state
from tournaments.models import Player, Season, SeasonTournament
from tournaments.models.seasons import SEASON_ORDER

from .projector import PROJECTOR_PAGE_SECONDS, PROJECTOR_ROWS_PER_PAGE


def season_list(request: HttpRequest) -> HttpResponse:
    seasons = Season.objects.order_by("-id")
    return render(request, "tournaments/public/seasons.html", {"seasons": seasons})


def season_ranking(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_object_or_404(with_state(Season.objects.all()), pk=season_id)
    standing = season_standing(season)
    return render(
        request,
        "tournaments/public/season_ranking.html",
        {
            "season": season,
            "standing": standing,
            "archives": selectors.season_archives(season),
        },
    )


def season_how(request: HttpRequest, season_id: int) -> HttpResponse:
    """How the season's points, ranking and rating are computed, with its settings."""
    season = get_object_or_404(Season, pk=season_id)
    return render(request, "tournaments/public/season_how.html", {"season": season})


def season_projector(request: HttpRequest, season_id: int) -> HttpResponse:
    """The ranked players, as many a page as the screen shows, paging like the
    tournament's projector (``static/js/projector.js``)."""
    season = get_object_or_404(with_state(Season.objects.all()), pk=season_id)
    standing = season_standing(season)
    return render(
        request,
        "tournaments/public/season_projector.html",
        {
            "season": season,
            "standing": standing,
            "rows": standing.rows,
            "rows_per_page": PROJECTOR_ROWS_PER_PAGE,
            "page_seconds": PROJECTOR_PAGE_SECONDS,
        },
    )


def player_profile(request: HttpRequest, player_id: int) -> HttpResponse:
    """A player's tournaments, places and season points (no birth date): the rows of
    the seasons' cached rankings (the seasons and their states in one query)."""
    player = get_object_or_404(Player, pk=player_id)
    participants = list(player.participants.select_related("tournament").order_by(*SEASON_ORDER))
    tournament_ids = [p.tournament_id for p in participants]
    season_ids = set(
        SeasonTournament.objects.filter(tournament_id__in=tournament_ids).values_list(
            "season_id", flat=True
        )
    )
    places: dict[int, int] = {}
    seasons = []
    for season in with_state(Season.objects.filter(pk__in=season_ids)).order_by("id"):
        standing = season_standing(season)
        row = next((r for r in [*standing.rows, *standing.unranked] if r.player == player.pk), None)
        if row is not None:
            places.update({r.tournament: r.place for r in row.results})
        seasons.append((season, row))
    return render(
        request,
        "tournaments/public/player_profile.html",
        {
            "player": player,
            "entries": [(p, places.get(p.tournament_id)) for p in participants],
            "seasons": seasons,
        },
    )
