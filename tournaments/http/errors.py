"""Django's error answers: the site's own pages, and the API's JSON error shape under ``/api/``.

- ``handler400``, ``handler403``, ``handler404`` and ``handler500``
  (``config/urls.py``) answer ``{"errors": [{"code", "message"}]}`` under
  ``/api/`` and the site's pages elsewhere (``templates/400.html`` ...): the
  site header and a link home, in the visitor's language. A ``403`` on a
  tournament's staff page says whether the visitor is not staff of that
  tournament or only not its organiser, and links to its public pages. A
  database outage is a ``503`` (``outage``), never a 500. The 500 page is
  drawn without the request's context: it needs no database.
- With ``DEBUG`` on, Django answers some errors with its own debug pages
  instead of calling these handlers (an unknown path or a ``404`` raised in a
  view, a server error). ``ApiErrorsMiddleware`` turns such an answer under
  ``/api/`` into the JSON shape, and Django's debug ``404`` elsewhere into the
  site's 404 page, so that ``make run`` shows what production shows.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament
from tournaments.permissions import is_staff_of

from .api import error_json, is_api
from .outage import DATABASE_ERRORS, unavailable

__all__ = [
    "ApiErrorsMiddleware",
    "api_error",
    "bad_request",
    "error_page",
    "not_found",
    "permission_denied",
    "server_error",
]

#: What each error status says under ``/api/``: its code and message.
API_ERRORS: dict[int, tuple[str, Any]] = {
    400: ("malformed_request", gettext_lazy("The request is malformed.")),
    403: ("permission_denied", gettext_lazy("You do not have permission to perform this action.")),
    404: ("not_found", gettext_lazy("Not found.")),
    405: ("method_not_allowed", gettext_lazy("This method is not allowed here.")),
    500: ("server_error", gettext_lazy("Something went wrong on the server; it has been logged.")),
}

#: Marks a response as drawn by this module (the middleware leaves it alone).
_OURS = "_site_error_page"


def api_error(status_code: int) -> JsonResponse:
    """The API's error shape for ``status_code``."""
    code, message = API_ERRORS[status_code]
    response = error_json(status_code, code, message)
    setattr(response, _OURS, True)
    return response


def error_page(
    request: HttpRequest | None, status_code: int, context: dict[str, Any] | None = None
) -> HttpResponse:
    """The site's page for ``status_code`` (``templates/<status>.html``).

    Without a request (the 500 page) it is drawn with no context processor, so
    it needs no database; the language switch then takes its token from the
    cookie, as on the cached public pages.
    """
    base: dict[str, Any] = {"status_code": status_code}
    if request is None:
        base |= {"csrf_from_cookie": True, "csrf_cookie_name": settings.CSRF_COOKIE_NAME}
    template = loader.get_template(f"{status_code}.html")
    response = HttpResponse(
        template.render({**base, **(context or {})}, request), status=status_code
    )
    setattr(response, _OURS, True)
    return response


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler400``."""
    return api_error(400) if is_api(request) else error_page(request, 400)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler404``."""
    return api_error(404) if is_api(request) else error_page(request, 404)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler403``: on a tournament's staff page, says why and links to its public pages."""
    if is_api(request):
        return api_error(403)
    return error_page(request, 403, _staff_refusal(request))


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: a database outage is a ``503`` (``outage``), anything else a 500."""
    if isinstance(sys.exc_info()[1], DATABASE_ERRORS):
        return unavailable(request)
    return api_error(500) if is_api(request) else error_page(request, 500)


def _staff_refusal(request: HttpRequest) -> dict[str, Any]:
    """For a 403 on ``/t/<id>/staff/...``: the tournament and the reason."""
    match = request.resolver_match
    tournament_id = match.kwargs.get("tournament_id") if match else None
    if match is None or match.namespace != "staff" or tournament_id is None:
        return {}
    tournament = Tournament.objects.filter(pk=tournament_id).only("pk", "name").first()
    if tournament is None:
        return {}
    if is_staff_of(request.user, tournament.pk):
        reason = _("This page is for the organisers of this tournament.")
    else:
        reason = _("You are not staff of this tournament.")
    return {
        "refused_tournament": {"pk": tournament.pk, "name": tournament.name},
        "reason": reason,
        "public_url": reverse("tournament", args=[tournament.pk]),
    }


class ApiErrorsMiddleware:
    """JSON under ``/api/`` and the site's 404 page elsewhere, also with ``DEBUG`` on.

    First in ``MIDDLEWARE``, so that it sees every answer. It changes only an
    error answer that is HTML and was not drawn here: one of Django's debug
    pages (or Django's bare pages, were the handlers not installed).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(response, _OURS, False) or response.status_code not in API_ERRORS:
            return response
        if not response.get("Content-Type", "").startswith("text/html"):
            return response
        if is_api(request):
            return api_error(response.status_code)
        if settings.DEBUG and response.status_code == 404:
            return error_page(request, 404)
        return response
