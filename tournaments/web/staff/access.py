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
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render, resolve_url
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django_htmx.http import HttpResponseClientRedirect

from tournaments.models import Tournament
from tournaments.permissions import (
    has_any_staff_role,
    is_organiser,
    is_season_organiser,
    is_staff_of,
    may_create_tournaments,
    may_manage_seasons,
)
from tournaments.selectors import Phase, tournament_phase, with_phase
from tournaments.services.imports import imported_guard

from .actions import View, answer_refusals


class StaffRequest(HttpRequest):
    """The request of a staff page: its user is logged in (``requires`` made sure).

    ``htmx`` is set by ``django_htmx``'s middleware (true for an htmx request).
    """

    user: User
    htmx: Any


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def requires(check: Callable[[Any, int | None], bool]) -> Callable[[View], View]:
    """Login first (anonymous users go to the login page), then the role (else 403);
    a refusal the view lets through answers the page with its message
    (``actions.answer_refusals``), so no staff page answers a refusal with a 500.

    ``check(user, tournament_id)`` gets the URL's ``tournament_id`` (None on the
    pages across tournaments).
    """

    def decorator(view: View) -> View:
        @wraps(view)
        def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            # An imported tournament is read-only (rules.md §16): no page writes to
            # it, except where its participants are linked to players.
            if request.method == "POST":
                imported_guard(
                    kwargs.get("tournament_id"),
                    links_players=getattr(view, "links_players", False),
                )
            return view(request, *args, **kwargs)

        answered = answer_refusals(guarded)

        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not check(request.user, kwargs.get("tournament_id")):
                raise PermissionDenied
            return answered(request, *args, **kwargs)

        logged_in = login_required(wrapped)

        @wraps(view)
        def entry(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if getattr(request, "htmx", False) and not request.user.is_authenticated:
                # htmx would follow the redirect and put the login page into a part of
                # the page. A tap (a check-in button) sends the page to the login; a
                # poll in the background (the calls box on every staff page) leaves
                # the page alone (204, nothing swapped), as does a check the page
                # makes by itself (``in_background``: the result form's live check):
                # a form with an entry waiting in its outbox stays, its bar offers
                # the login.
                if request.method in ("GET", "HEAD") or getattr(view, "in_background", False):
                    return HttpResponse(status=204)
                return _login_page(request)
            return logged_in(request, *args, **kwargs)

        return entry

    return decorator


def _login_page(request: HttpRequest) -> HttpResponse:
    """The login page for an htmx request, coming back to the page it was made from."""
    htmx: Any = getattr(request, "htmx", None)  # django_htmx's middleware sets it
    current = (htmx.current_url if htmx else None) or ""
    if not url_has_allowed_host_and_scheme(current, allowed_hosts={request.get_host()}):
        current = ""
    back = urlsplit(current)
    after = (back.path + (f"?{back.query}" if back.query else "")) if current else "/"
    login = resolve_url(settings.LOGIN_URL)
    return HttpResponseClientRedirect(f"{login}?{urlencode({'next': after})}")


referee_required = requires(is_staff_of)
organiser_required = requires(is_organiser)
staff_required = requires(lambda user, _tournament_id: has_any_staff_role(user))
creator_required = requires(lambda user, _tournament_id: may_create_tournaments(user))
seasons_required = requires(lambda user, _tournament_id: may_manage_seasons(user))


def season_organiser_required(view: View) -> View:
    """Login first, then an organiser of the URL's season (else 403)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_season_organiser(request.user, kwargs.get("season_id")):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return login_required(wrapped)


def in_background(view: View) -> View:
    """Mark a view that a page calls by itself (not on a tap): logged out, its htmx
    request is answered 204 instead of sending the page to the login."""
    view.in_background = True  # type: ignore[attr-defined]
    return view


def get_tournament(tournament_id: int) -> Tournament:
    """The tournament with its phase (one query), or 404."""
    return get_object_or_404(with_phase(Tournament.objects.all()), pk=tournament_id)


def posted_id(request: HttpRequest, field: str) -> int:
    """The id a form posted in ``field``: anything but a whole number is a 404, as an
    unknown id is (a tampered ``call=abc`` must not reach the database as a 500)."""
    value = request.POST.get(field, "")
    if not value.isascii() or not value.isdigit():
        raise Http404
    return int(value)


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
    "format.html": "staff-format",
    "participants_import.html": "staff-participants",
    "audit.html": "staff-home",
    "team.html": "staff-team",
    "clock.html": "staff-clock",
    "player_links.html": "staff-participants",
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


def scoresheets_url(
    tournament_id: int,
    *,
    stage: str,
    round: int,
    table: int | None = None,
    part: int | None = None,
) -> str:
    """The printable scoresheets of a round (or of one table in it): ``api-scoresheets``;
    ``part`` for a format in parts (rules.md §14)."""
    query: dict[str, Any] = {"stage": stage}
    if part is not None:
        query["part"] = part
    query["round"] = round
    if table is not None:
        query["table"] = table
    return f"{reverse('api-scoresheets', args=[tournament_id])}?{urlencode(query)}"
