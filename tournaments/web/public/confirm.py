"""A game's confirmation page (rules.md §11): players check the recorded result and sign it.

The scoresheet's QR code leads here. The page shows the game's **current
version** of the result and, per **position** not yet confirmed, a PIN form.
A wrong PIN is refused and throttled (``services.signatures``); a correction
is a new version that needs its own confirmations.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournaments import selectors, services
from tournaments.errors import DomainError
from tournaments.http.client import client_address
from tournaments.models import Game
from tournaments.web.public.common import base_context, load_tournament


def game_confirmation(request: HttpRequest, tournament_id: int, game_id: int) -> HttpResponse:
    """``GET`` shows the recorded result; ``POST`` confirms one position with its PIN."""
    tournament = load_tournament(tournament_id)
    game = get_object_or_404(
        Game.objects.select_related("table", "tournament"), pk=game_id, tournament=tournament
    )
    status = 200
    if request.method == "POST":
        try:
            services.player_confirm(
                game=game,
                position=int(request.POST.get("position", "0") or 0),
                pin=request.POST.get("pin", "").strip(),
                version=int(request.POST.get("version", "0") or 0),
                address=client_address(request),
                actor=request.user,
            )
        except (DomainError, ValueError) as error:
            items = error.errors if isinstance(error, DomainError) else []
            status = error.status_code if isinstance(error, DomainError) else 400
            for item in items:
                messages.error(request, _page_message(item.code, item.message))
        else:
            messages.success(request, _("Thank you: your confirmation is recorded."))
            return redirect(request.path)
    result = selectors.current_result(game)
    names = {seat.position: seat.participant.name for seat in game.table.seats.all()}
    seats = []
    if result is not None:
        for line in result.seats.all():
            seats.append(
                {
                    "line": line,
                    "name": names.get(line.position, "?"),
                    "confirmed": line.player_confirmed_at is not None,
                }
            )
    context = {
        **base_context(tournament, "games"),
        "game": game,
        "result": result,
        "seats": seats,
        "counts": result.counts(double_check=tournament.config.double_check) if result else False,
        "corrected": result is not None and result.version > 1,
        "call_game": game,
        "call_seats": sorted(names.items()),
    }
    return render(request, "tournaments/public/confirm.html", context, status=status)


def _page_message(code: str, message: object) -> str:
    """What the page says of a refusal: a confirmation of a version that a referee has
    corrected since tells the player that the new version, shown below, needs them again."""
    if code == "version_conflict":
        return _(
            "A referee has corrected this result since you opened the page. "
            "Check the new version below and confirm it again with your PIN."
        )
    return str(message)
