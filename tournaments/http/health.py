"""``GET /healthz``: is this server able to serve the hall?

Answers JSON, never cached::

    {"status": "ok", "database": "ok", "cache": "ok", "events": "ok"}

- ``database``: one ``SELECT 1``.
- ``cache``: a value written and read back (Redis where ``REDIS_URL`` is set).
- ``events``: the event server's own ``/healthz?shallow=1`` at
  ``EVENT_SERVER_URL`` answered ``ok`` within 5 s; ``"off"`` where no event
  server is configured (the development server). ``?shallow=1`` skips this
  check: that is how the event server is asked, and what a unit's start-up
  check of one server uses.

Any check other than ``"ok"``/``"off"`` makes the answer ``503``, so that
nginx, systemd or a monitoring script can act on the status alone. Nothing in
it is secret: the failures are named, not explained (details go to the log).
"""

from __future__ import annotations

import json
import logging
import secrets
import urllib.request

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

__all__ = ["OK", "UNAVAILABLE", "healthz"]

logger = logging.getLogger(__name__)

OK = "ok"
OFF = "off"
UNAVAILABLE = "unavailable"
EVENT_SERVER_TIMEOUT = 5.0


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:
        logger.exception("health: the database does not answer")
        return UNAVAILABLE
    return OK


def _cache() -> str:
    # A key of its own: checks running at the same time must not read each other's value.
    value = secrets.token_hex(8)
    key = f"healthz:{value}"
    try:
        cache.set(key, value, timeout=10)
        if cache.get(key) != value:
            raise RuntimeError("the cache did not give back what it was given")
        cache.delete(key)
    except Exception:
        logger.exception("health: the cache does not work")
        return UNAVAILABLE
    return OK


def _event_server() -> str:
    base = settings.EVENT_SERVER_URL
    if not base:
        return OFF
    try:
        with urllib.request.urlopen(
            f"{base}/healthz?shallow=1", timeout=EVENT_SERVER_TIMEOUT
        ) as answer:
            status = json.loads(answer.read()).get("status")
    except Exception:
        logger.exception("health: the event server at %s does not answer", base)
        return UNAVAILABLE
    return OK if status == OK else UNAVAILABLE


@require_safe
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": _database(), "cache": _cache()}
    checks["events"] = OFF if request.GET.get("shallow") else _event_server()
    healthy = all(value in (OK, OFF) for value in checks.values())
    return JsonResponse(
        {"status": OK if healthy else UNAVAILABLE, **checks}, status=200 if healthy else 503
    )
