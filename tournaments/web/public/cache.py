"""Public pages rendered once per tournament state and served from the cache.

Words used here:

- A **state body** is a response body computed from the tournament's state
  alone (``selectors.once_per_state``): the bytes, and their gzip when that
  pays (compressed once per state, not per request).
- A page is rendered for the cache **as nobody**: an anonymous visitor, no
  staff link, and no CSRF token in the HTML. The language switch's form then
  takes its token from the CSRF cookie when it is sent (``static/js/live.js``),
  so the body holds no secret and no personal data and may be compressed and
  served to everyone.
- A logged-in visitor gets the same cached body with the **site header**
  (between ``HEADER_START`` and ``HEADER_END``: their name, the logout form
  with their CSRF token, the staff link) rendered for them, uncompressed.

The gzip rule (BREACH): only a state body is ever compressed; a response that
carries a CSRF token or anything of the visitor is never compressed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers

from tournaments.live import StateBody, once_per_state, serve, state_body, state_version

HEADER_START = "<!--site-header-->"
HEADER_END = "<!--/site-header-->"
HEADER_TEMPLATE = "partials/site_header.html"

#: What a page rendered for the cache sees instead of the visitor.
AS_NOBODY: dict[str, Any] = {
    "user": AnonymousUser(),
    "csrf_cookie_name": settings.CSRF_COOKIE_NAME,
    "show_staff_link": False,
    "csrf_from_cookie": True,
}


def render_as_nobody(request: HttpRequest, template: str, context: dict[str, Any]) -> str:
    """``template`` rendered with nothing of the visitor in it (see ``AS_NOBODY``)."""
    return render_to_string(template, {**context, **AS_NOBODY}, request=request)


def variant(request: HttpRequest) -> str:
    """What a page depends on besides the state: language, host, path with query string."""
    return f"{request.LANGUAGE_CODE}|{request.get_host()}|{request.get_full_path()}"


def state_page(
    request: HttpRequest,
    *,
    kind: str,
    tournament_id: int,
    render: Callable[[], tuple[str, dict[str, Any]]],
    version: int | None = None,
) -> HttpResponse:
    """A public page, rendered once per state as nobody (``render`` does that).

    ``render`` returns the page's HTML and what its site header needs
    (``tournament``, ``nav``) to be drawn again for a logged-in visitor.
    """
    version = state_version(tournament_id) if version is None else version

    def draw() -> StateBody:
        html, header = render()
        return state_body(html, around=header)

    state = once_per_state(
        kind=kind,
        tournament_id=tournament_id,
        variant=variant(request),
        render=draw,
        version=version,
    )
    if request.user.is_authenticated:
        response = HttpResponse(_with_own_header(request, state))
    else:
        if settings.CSRF_COOKIE_NAME not in request.COOKIES:
            get_token(request)  # the cookie the language switch sends its token from
        response = serve(request, state)
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response


def _with_own_header(request: HttpRequest, state: StateBody) -> str:
    """The cached page with the site header drawn for the logged-in visitor."""
    html = state.body.decode()
    start, end = html.find(HEADER_START), html.find(HEADER_END)
    if start < 0 or end < 0:  # a page without the site header (the projector)
        return html
    own = render_to_string(HEADER_TEMPLATE, state.around, request=request)
    return html[:start] + own + html[end + len(HEADER_END) :]
