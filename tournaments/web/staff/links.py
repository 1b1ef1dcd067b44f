"""Linking participants to players (rules.md §13), for the tournament's staff.

- The **linking page** lists every participant without a player and the players
  they may be (``selectors.link_suggestions``); one button links all the chosen
  suggestions at once (``services.participants_link_players``).
- On a participant's page the staff **search** a player by name (the search of
  ``GET /api/players/?search=``) instead of typing a number, and a player whose
  name differs from the participant's (``selectors.same_name``) is linked only
  after a question.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import selectors, services
from tournaments.models import Participant, Player
from tournaments.permissions import may_create_tournaments

from .access import StaffRequest, get_tournament, referee_required, render_staff
from .actions import View, run_service

#: How many players a search shows at most (type more of the name for the rest).
SEARCH_LIMIT = 20


def _links_players(view: View) -> View:
    view.links_players = True  # type: ignore[attr-defined]
    return view


@referee_required
@_links_players
def player_links(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Every participant without a player and their suggestions; accept them in one step."""
    tournament = get_tournament(tournament_id)
    suggestions = selectors.link_suggestions(tournament)
    here = reverse("staff:player_links", args=[tournament.pk])
    if request.method == "POST":
        links: list[tuple[Participant, Player]] = []
        for item in suggestions:
            chosen = request.POST.get(f"p{item.participant.pk}", "")
            links += [(item.participant, p) for p in item.players if str(p.pk) == chosen]
        if not links:
            messages.error(request, _("Choose at least one player to link."))
            return redirect(here)
        done = run_service(
            request,
            None,
            lambda: services.participants_link_players(
                tournament=tournament, links=links, actor=request.user
            ),
            success_message=lambda linked: (
                ngettext(
                    "%(n)s participant has been linked to their player.",
                    "%(n)s participants have been linked to their players.",
                    len(linked),
                )
                % {"n": len(linked)}
            ),
            redirect_to=here,
        )
        return done or redirect(here)
    return render_staff(
        request,
        "player_links.html",
        {
            "tournament": tournament,
            "suggested": [s for s in suggestions if s.players],
            "without": [s.participant for s in suggestions if not s.players],
        },
    )


def player_search(request: StaffRequest, participant: Participant) -> dict[str, object]:
    """What the participant's page shows of a player search (``?player_q=``): the
    players found, at most ``SEARCH_LIMIT``, and whether there are more."""
    # PostgreSQL refuses a NUL character in a query.
    query = request.GET.get("player_q", "").replace("\x00", "").strip()
    found: list[Player] = []
    if query and participant.player_id is None:
        found = list(selectors.players_search(query)[: SEARCH_LIMIT + 1])
    return {
        "player_query": query,
        "player_results": found[:SEARCH_LIMIT],
        "player_more": len(found) > SEARCH_LIMIT,
    }


def player_link(
    request: StaffRequest, participant: Participant, *, action: str, redirect_to: str
) -> HttpResponse:
    """Link the participant to a player (a suggestion, a search result or a new
    player), asking first when the names differ; or remove the link."""
    if action == "unlink_player":
        services.participant_link_player(participant=participant, player=None, actor=request.user)
        messages.success(request, _("The link to the player has been removed."))
        return redirect(redirect_to)
    player: Player | None
    try:
        if action == "new_player":
            if not may_create_tournaments(request.user):
                raise PermissionDenied
            player = services.player_create(
                name=participant.name,
                nationality=str(participant.nationality),
                actor=request.user,
            )
        else:
            raw = request.POST.get("player", "").strip()
            player = services.player_get(int(raw) if raw.isdigit() else 0)
            assert player is not None
            if not selectors.same_name(participant, player) and not request.POST.get(
                "confirm_name"
            ):
                return render_staff(
                    request,
                    "player_link_confirm.html",
                    {
                        "tournament": participant.tournament,
                        "participant": participant,
                        "player": player,
                        "back": redirect_to,
                    },
                )
        assert player is not None
        services.participant_link_player(participant=participant, player=player, actor=request.user)
    except services.DomainError as error:
        for item in error.errors:
            messages.error(request, str(item.message))
        return redirect(redirect_to)
    messages.success(
        request,
        _("%(name)s is linked to the player %(player)s (no. %(id)s).")
        % {"name": participant.name, "player": player.name, "id": player.pk},
    )
    return redirect(redirect_to)
