"""Who may see the staff pages, and the helpers every staff page uses.

A page under ``/t/<id>/staff/`` checks the role on *that* tournament
(``tournaments.permissions``): a referee of one tournament gets 403 on
another's pages. The pages across tournaments need a staff role somewhere
(the index) or the right to create tournaments (a new tournament).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.http import urlencode

from tournaments.models import Tournament
from tournaments.permissions import (
    has_any_staff_role,
    is_organiser,
    is_staff_of,
    may_create_tournaments,
)
from tournaments.selectors import Phase, tournament_phase, with_phase

View = Callable[..., HttpResponse]


class StaffRequest(HttpRequest):
    """The request of a staff page: its user is logged in (``requires`` made sure).

    ``htmx`` is set by ``django_htmx``'s middleware (true for an htmx request).
    """

    user: User
    htmx: Any


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def requires(check: Callable[[Any, int | None], bool]) -> Callable[[View], View]:
    """Login first (anonymous users go to the login page), then the role (else 403).

    ``check(user, tournament_id)`` gets the URL's ``tournament_id`` (None on the
    pages across tournaments).
    """

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not check(request.user, kwargs.get("tournament_id")):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        return login_required(wrapped)

    return decorator


referee_required = requires(is_staff_of)
organiser_required = requires(is_organiser)
staff_required = requires(lambda user, _tournament_id: has_any_staff_role(user))
creator_required = requires(lambda user, _tournament_id: may_create_tournaments(user))


def get_tournament(tournament_id: int) -> Tournament:
    """The tournament with its phase (one query), or 404."""
    return get_object_or_404(with_phase(Tournament.objects.all()), pk=tournament_id)


NAV = {
    "tournament.html": "staff-home",
    "games.html": "staff-games",
    "result_form.html": "staff-games",
    "result_void.html": "staff-games",
    "participants.html": "staff-participants",
    "participant.html": "staff-participants",
    "progress.html": "staff-progress",
    "draw.html": "staff-draw",
    "knockout.html": "staff-knockout",
    "tournament_form.html": "staff-settings",
    "participants_import.html": "staff-participants",
    "audit.html": "staff-home",
    "team.html": "staff-team",
    "clock.html": "staff-clock",
}


def render_staff(
    request: HttpRequest, template: str, context: dict[str, Any], **kwargs: Any
) -> HttpResponse:
    """Render a staff template with the role and the staff menu entry to highlight."""
    context.setdefault("is_organiser", is_organiser(request.user, context.get("tournament")))
    context.setdefault("nav", NAV.get(template, ""))
    # A finished tournament looks finished: no check-in, a footer without "may change".
    tournament = context.get("tournament")
    if "finished" not in context and isinstance(tournament, Tournament):
        context["finished"] = tournament_phase(tournament) is Phase.FINISHED

    return render(request, f"tournaments/staff/{template}", context, **kwargs)


def scoresheets_url(tournament_id: int, *, stage: str, round: int, table: int | None = None) -> str:
    """The printable scoresheets of a round (or of one table in it): ``api-scoresheets``."""
    query: dict[str, Any] = {"stage": stage, "round": round}
    if table is not None:
        query["table"] = table
    return f"{reverse('api-scoresheets', args=[tournament_id])}?{urlencode(query)}"
