"""Login throttling on every door: the login page, the admin's and ``POST /api/auth/token/``.

django-axes watches every ``authenticate()`` (its backend refuses a locked
account before the password is checked; its signal handlers count failures).
The counts live in the **database** (axes' ``AccessAttempt`` table), so every
app process and server shares them, and a fresh database needs only ``migrate``.

Two rules, both within ``AXES_COOLOFF_TIME`` (15 minutes):

- **per account**: ``AXES_FAILURE_LIMIT`` (30) consecutive wrong passwords for one
  username, from any addresses, lock that account; further attempts, the right
  password included, are refused until the cool-off has passed;
- **per address and account**: ``LOGIN_FAILURES_PER_ADDRESS`` (10) wrong passwords
  for one username from one address lock that pair earlier.

An address alone is never locked: at a venue many people share one address, and
someone's typos (or an attacker's guesses) there must not lock out the others.

The client's address is ``REMOTE_ADDR`` unless ``TRUSTED_PROXIES`` (environment
``DJANGO_TRUSTED_PROXIES``, default 0) says how many proxies in front of the app
append to ``X-Forwarded-For``; then it is the address the nearest trusted proxy
saw. A header the client forged counts for nothing.
"""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_cool_off
from django.conf import settings
from django.db.models import QuerySet, Sum
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

__all__ = ["LoginThrottleHandler", "client_address", "locked_out"]


def client_address(request: HttpRequest) -> str:
    """The client's address, trusting exactly ``TRUSTED_PROXIES`` proxies."""
    remote: str = request.META.get("REMOTE_ADDR", "") or ""
    proxies: int = settings.TRUSTED_PROXIES
    if proxies <= 0:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [part for part in forwarded if part]
    if not forwarded:
        return remote
    # Each trusted proxy appends the address it saw; anything before is the client's claim.
    return forwarded[-min(proxies, len(forwarded))]


def _failures(attempts: QuerySet[Any]) -> int:
    total: int | None = attempts.aggregate(total=Sum("failures_since_start"))["total"]
    return total or 0


class LoginThrottleHandler(AxesDatabaseHandler):
    """axes' database handler with two limits: per account, and per address and account.

    ``AXES_LOCKOUT_PARAMETERS`` is ``["username", ["username", "ip_address"]]``;
    axes compares one number with ``AXES_FAILURE_LIMIT``, so an exhausted
    address-and-account pair reports the full limit.
    """

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        attempts = self.get_user_attempts(request, credentials)
        if len(attempts) != 2:
            return int(super().get_failures(request, credentials))
        account, pair = (_failures(a) for a in attempts)
        if pair >= settings.LOGIN_FAILURES_PER_ADDRESS:
            return max(account, int(settings.AXES_FAILURE_LIMIT))
        return account


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """``429``: the API's error shape under ``/api/``, a page on the HTML doors."""
    cool_off = get_cool_off(request)
    seconds = int(cool_off.total_seconds()) if cool_off else 15 * 60
    minutes = max(1, seconds // 60)
    message = _("Too many failed logins for this account. Try again in %(minutes)s minutes.") % {
        "minutes": minutes
    }
    response: HttpResponse
    if request.path.startswith("/api/"):
        response = JsonResponse(
            {"errors": [{"code": "too_many_login_attempts", "message": message}]}, status=429
        )
    else:
        response = render(request, "registration/locked_out.html", {"message": message}, status=429)
    response["Retry-After"] = str(seconds)
    response["Cache-Control"] = "private, no-store"
    return response
