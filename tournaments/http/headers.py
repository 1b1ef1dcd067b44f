"""Security headers on every answer, in every settings module.

- ``Permissions-Policy``: the app uses no camera, microphone, location,
  payment or USB; no page (nor anything framed into one) may ask for them.
- ``Cache-Control: private, no-store`` on staff pages (``/staff/``,
  ``/t/<id>/staff/``, the admin, the login) and on every API answer to a
  logged-in user (session or token): what staff see is never kept by a shared
  cache or left in a browser's cache on a shared computer.
- **Public state pages** (``STATE_PATH``: the leaderboard, projector and
  knockout with their live fragments, the ranking and player pages, rendered
  once per tournament state) answered to an anonymous visitor carry
  ``PUBLIC_STATE_CACHE``: a browser revalidates every time (by ETag where the
  page has one: a fragment's poll is a ``304``), and a shared cache (nginx in
  ``deploy/``, a CDN) may answer a burst of spectators for one second from one
  app request. ``Vary`` names what the body depends on (language, encoding,
  cookie). Nothing personal is ever shared: a request with a session cookie,
  an ``Authorization`` header or a logged-in user gets ``private, no-store``,
  and an answer that sets a cookie (the CSRF cookie of a first visit) is
  ``private``.

The Content-Security-Policy itself comes from django-csp (``CONTENT_SECURITY_POLICY``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

from .api import is_api

__all__ = [
    "PERMISSIONS_POLICY",
    "PUBLIC_STATE_CACHE",
    "STAFF_PATH",
    "STATE_PATH",
    "SecurityHeadersMiddleware",
    "is_staff_answer",
]

PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=(), interest-cohort=()"
)
STAFF_PATH = re.compile(r"^/(?:staff/|t/\d+/staff/|admin/|accounts/)")
STATE_PATH = re.compile(
    r"^/t/\d+/(?:(?:leaderboard|projector|knockout)/(?:live/)?|ranking/|players/\d+/)$"
)
#: Browsers revalidate each time; a shared cache may serve one second from one app request.
PUBLIC_STATE_CACHE = "public, max-age=0, s-maxage=1, must-revalidate"
PERSONAL_CACHE = "private, no-store"


def is_personal(request: HttpRequest) -> bool:
    """A request that names someone: a session cookie, a token, a logged-in user."""
    if settings.SESSION_COOKIE_NAME in request.COOKIES or "Authorization" in request.headers:
        return True
    user = getattr(request, "user", None)
    return bool(user and user.is_authenticated)


def state_cache_control(request: HttpRequest, response: HttpResponse) -> None:
    """The caching headers of a public state page (see the module's docstring)."""
    if request.method not in ("GET", "HEAD") or response.status_code not in (200, 304):
        return
    if is_personal(request):
        response["Cache-Control"] = PERSONAL_CACHE
    elif response.cookies:
        response["Cache-Control"] = "private, no-cache"
    else:
        response["Cache-Control"] = PUBLIC_STATE_CACHE
    patch_vary_headers(response, ["Accept-Encoding", "Accept-Language", "Cookie"])


def is_staff_answer(request: HttpRequest) -> bool:
    """A staff page, or an API answer to someone logged in."""
    if STAFF_PATH.match(request.path):
        return True
    user = getattr(request, "user", None)
    return is_api(request) and bool(user and user.is_authenticated)


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        if is_staff_answer(request):
            response["Cache-Control"] = PERSONAL_CACHE
        elif STATE_PATH.match(request.path):
            state_cache_control(request, response)
        return response
