"""Erasing a player on request: first what will change, then the name typed (rules.md §13).

Site administrators only. The page reads ``selectors.erasure_preview`` (it
writes nothing): the participants and tournaments the erasure changes and the
archive versions it withdraws. Erasing takes the player's current name typed
into the form; ``services.player_erase`` compares it and refuses another.
The admin's "Erase" action leads here.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import selectors, services
from tournaments.models import Player
from tournaments.permissions import is_site_admin
from tournaments.web.forms import PlayerEraseForm

from .access import StaffRequest, render_staff, requires
from .actions import run_service

site_admin_required = requires(lambda user, _tournament_id: is_site_admin(user))


@site_admin_required
def player_erase(request: StaffRequest, player_id: int) -> HttpResponse:
    """What erasing the player changes, and the form that confirms it with their name."""
    player = get_object_or_404(Player, pk=player_id)
    form = PlayerEraseForm(request.POST or None)
    if request.method == "POST":
        done = run_service(
            request,
            form,
            lambda: services.player_erase(
                player=player, confirm=form.cleaned_data["confirm"], actor=request.user
            ),
            success_message=lambda erased: (
                _("Erased: the player is now “%(name)s”.") % {"name": erased.shown_name}
            ),
            redirect_to=lambda erased: reverse("staff:player_erase", args=[erased.pk]),
        )
        if done is not None:
            return done
    return render_staff(
        request,
        "player_erase.html",
        {"preview": selectors.erasure_preview(player), "form": form},
    )
