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

**Device cookies** (OWASP "Slow down online guessing attacks with device
cookies"): a browser that logged in to an account successfully receives a
signed cookie (``DEVICE_COOKIE``) naming the account and a random nonce
(``LoginDevice``). A login attempt for that account carrying it is counted on
that device alone: ``LOGIN_FAILURES_PER_DEVICE`` (10) wrong passwords within
the cool-off lock that device, never the account, and the account's lockout
(the two rules above) does not apply to it. Its successful login resets only
its own count, so it does not lift a lockout for the others. Every client
without such a cookie (the attacker, a new phone, the token door without a
cookie) is counted as before. The cookie is signed with ``SECRET_KEY`` (it
cannot be forged) and names the account, so one for another account counts
for nothing.

The address axes counts is ``tournaments.http.client.client_address``
(``AXES_CLIENT_IP_CALLABLE``): the one the other throttles and the request log
see, through exactly ``DJANGO_TRUSTED_PROXIES`` proxies.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from django.conf import settings
from django.core import signing
from django.db.models import F, QuerySet, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournaments.http.api import error_json, is_api

__all__ = [
    "DEVICE_COOKIE",
    "DeviceCookieMiddleware",
    "LoginThrottleHandler",
    "locked_out",
]

DEVICE_COOKIE = "bang_device"
_DEVICE_SALT = "tournaments.login_throttle.device"
_DEVICE_MAX_AGE = 365 * 24 * 3600
#: Accounts one browser's device cookie remembers (the newest kept).
_DEVICES_PER_COOKIE = 5
#: Devices remembered per account (the newest kept; an older one counts as new again).
_DEVICES_PER_ACCOUNT = 20


def _cookie_devices(request: HttpRequest) -> list[list[str]]:
    """The (username, nonce) pairs of the request's valid device cookie (or none)."""
    raw = request.COOKIES.get(DEVICE_COOKIE, "")
    if not raw:
        return []
    try:
        data = signing.loads(raw, salt=_DEVICE_SALT, max_age=_DEVICE_MAX_AGE)
    except signing.BadSignature:
        return []
    if not isinstance(data, list):
        return []
    return [
        [str(pair[0]), str(pair[1])] for pair in data if isinstance(pair, list) and len(pair) == 2
    ]


def _device(request: HttpRequest, credentials: dict[str, Any] | None) -> Any:
    """The ``LoginDevice`` this request proves for the attempted account, or None."""
    from tournaments.models import LoginDevice

    username = get_client_username(request, credentials)
    if not username:
        return None
    cache: dict[str, Any] = request.__dict__.setdefault("_bang_login_devices", {})
    if username not in cache:
        nonces = [nonce for name, nonce in _cookie_devices(request) if name == username]
        cache[username] = (
            LoginDevice.objects.filter(username=username, nonce__in=nonces).first()
            if nonces
            else None
        )
    return cache[username]


def _cool_off() -> timedelta:
    value = settings.AXES_COOLOFF_TIME
    return value if isinstance(value, timedelta) else timedelta(hours=float(value))


def _device_failures(device: Any) -> int:
    from django.utils import timezone

    if device.last_failure_at is None or device.last_failure_at <= timezone.now() - _cool_off():
        return 0
    return int(device.failures)


def _failures(attempts: QuerySet[Any]) -> int:
    total: int | None = attempts.aggregate(total=Sum("failures_since_start"))["total"]
    return total or 0


class LoginThrottleHandler(AxesDatabaseHandler):
    """axes' database handler with two limits: per account, and per address and account.

    ``AXES_LOCKOUT_PARAMETERS`` is ``["username", ["username", "ip_address"]]``;
    axes compares one number with ``AXES_FAILURE_LIMIT``, so an exhausted
    address-and-account pair reports the full limit.
    """

    def is_locked(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> bool:
        device = _device(request, credentials)
        if device is not None:
            return _device_failures(device) >= settings.LOGIN_FAILURES_PER_DEVICE
        return bool(super().is_locked(request, credentials))

    def user_login_failed(
        self,
        sender: Any,
        credentials: dict[str, Any],
        request: HttpRequest | None = None,
        **kwargs: Any,
    ) -> None:
        device = _device(request, credentials) if request is not None else None
        if device is None:
            super().user_login_failed(sender, credentials, request, **kwargs)
            return
        from django.utils import timezone

        assert request is not None
        if getattr(request, "axes_locked_out", False):
            return  # refused before the password was checked: no new failure
        fresh = _device_failures(device) == 0
        type(device).objects.filter(pk=device.pk).update(
            failures=1 if fresh else F("failures") + 1, last_failure_at=timezone.now()
        )
        device.refresh_from_db()
        if device.failures >= settings.LOGIN_FAILURES_PER_DEVICE:
            request.axes_locked_out = True  # type: ignore[attr-defined]
            request.axes_credentials = credentials  # type: ignore[attr-defined]

    def user_logged_in(self, sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
        from tournaments.models import LoginDevice

        username = user.get_username()
        device = _device(request, {"username": username})
        if device is None:
            super().user_logged_in(sender, request, user, **kwargs)
            device = LoginDevice.objects.create(username=username, nonce=secrets.token_urlsafe(32))
            # A bounded table: the account's newest devices keep their cookies.
            keep = LoginDevice.objects.filter(username=username).order_by("-pk")
            stale = keep.values_list("pk", flat=True)[_DEVICES_PER_ACCOUNT:]
            LoginDevice.objects.filter(pk__in=list(stale)).delete()
        else:
            # Only this device's count: the account's lockout stays for the others.
            LoginDevice.objects.filter(pk=device.pk).update(failures=0, last_failure_at=None)
        pairs = [pair for pair in _cookie_devices(request) if pair[0] != username]
        pairs = [*pairs, [username, device.nonce]][-_DEVICES_PER_COOKIE:]
        request._bang_device_cookie = signing.dumps(pairs, salt=_DEVICE_SALT)  # type: ignore[attr-defined]

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
    if is_api(request):
        response = error_json(429, "too_many_login_attempts", message)
    else:
        response = render(request, "registration/locked_out.html", {"message": message}, status=429)
    response["Retry-After"] = str(seconds)
    response["Cache-Control"] = "private, no-store"
    return response


class DeviceCookieMiddleware:
    """Sets the device cookie a successful login asked for (``user_logged_in`` above)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        value = getattr(request, "_bang_device_cookie", None)
        if value:
            response.set_cookie(
                DEVICE_COOKIE,
                value,
                max_age=_DEVICE_MAX_AGE,
                secure=request.is_secure() or settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response
