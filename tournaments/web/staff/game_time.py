"""A game's time on its result page (rules.md §14 "Time limit").

The **game-time box** shows when the game started and, with a time limit, when
its time rule comes into force (the page flips the notice at that moment,
``static/js/hall.js``); before the start, a referee's "Game started" button
(``services.game_start``). The box follows the tournament's event stream, so a
start by the clock or by another referee reaches it without a reload.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse

from tournaments import selectors, services
from tournaments.errors import DomainError
from tournaments.models import Game

from .access import StaffRequest, get_tournament, referee_required, render_staff

__all__ = ["game_time"]


@referee_required
def game_time(request: StaffRequest, tournament_id: int, game_id: int) -> HttpResponse:
    """GET: the game-time box; POST: the game started now (then the box, or the page)."""
    tournament = get_tournament(tournament_id)
    game = get_object_or_404(
        Game.objects.select_related("table"), pk=game_id, tournament=tournament
    )
    refusal = ""
    if request.method == "POST":
        try:
            game = services.game_start(game=game, actor=request.user)
        except DomainError as error:
            refusal = " ".join(str(item.message) for item in error.errors)
        if not request.htmx:
            if refusal:
                messages.error(request, refusal)
            return redirect(reverse("staff:result", args=[tournament.pk, game.pk]))
    return render_staff(
        request,
        "partials/game_time.html",
        {
            "tournament": tournament,
            "game": game,
            "time": selectors.game_time(game, tournament),
            "start_refusal": refusal,
        },
    )
