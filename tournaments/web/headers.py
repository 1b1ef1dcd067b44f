"""Security headers on every answer, in every settings module.

- ``Permissions-Policy``: the app uses no camera, microphone, location,
  payment or USB; no page (nor anything framed into one) may ask for them.
- ``Cache-Control: private, no-store`` on staff pages (``/staff/``,
  ``/t/<id>/staff/``, the admin, the login) and on every API answer to a
  logged-in user (session or token): what staff see is never kept by a shared
  cache or left in a browser's cache on a shared computer.

The Content-Security-Policy itself comes from django-csp (``CONTENT_SECURITY_POLICY``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

__all__ = ["PERMISSIONS_POLICY", "STAFF_PATH", "SecurityHeadersMiddleware", "is_staff_answer"]

PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=(), interest-cohort=()"
)
STAFF_PATH = re.compile(r"^/(?:staff/|t/\d+/staff/|admin/|accounts/)")


def is_staff_answer(request: HttpRequest) -> bool:
    """A staff page, or an API answer to someone logged in."""
    if STAFF_PATH.match(request.path):
        return True
    user = getattr(request, "user", None)
    return request.path.startswith("/api/") and bool(user and user.is_authenticated)


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        if is_staff_answer(request):
            response["Cache-Control"] = "private, no-store"
        return response
