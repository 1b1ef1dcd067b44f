"""One log line per request: method, path, status, duration and the client's address.

So that an organiser watching the laptop's terminal in the hall (or
``journalctl -u bang-app``) sees what the server does and how long it takes::

    INFO bang.requests GET /t/1/leaderboard/live/ 304 1.2ms 10.0.0.23

The path is logged without its query string (a PIN or a token never travels
there, but a search box's words need not end up in a log either). A streamed
answer (the event stream) is logged when its headers are ready: the duration
is the time to the first byte, not the life of the stream. The address is the
client's as the throttles see it (``client.client_address``). Django runs
as a WSGI application under every server (``config.asgi``), so this is a sync
middleware; the ASGI server logs its streams itself (``events.asgi``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase

from tournaments.http.client import client_address

__all__ = ["RequestLogMiddleware", "log_request"]

logger = logging.getLogger("bang.requests")


def log_request(request: HttpRequest, response: HttpResponseBase, started: float) -> None:
    """Write the request's line (``started`` from ``time.perf_counter()``)."""
    if not logger.isEnabledFor(logging.INFO):
        return
    millis = (time.perf_counter() - started) * 1000
    logger.info(
        "%s %s %s %.1fms %s",
        request.method,
        request.path,
        response.status_code,
        millis,
        client_address(request) or "-",
    )


class RequestLogMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        started = time.perf_counter()
        response = self.get_response(request)
        log_request(request, response, started)
        return response
