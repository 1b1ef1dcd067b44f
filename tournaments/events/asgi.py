"""The event server's own path: streams served on the event loop, in front of Django.

Django runs each request in a thread (``config.asgi``) for as long as the
request lasts: for a stream that never ends, one idle thread (and a database
connection) per open page. So the ASGI server (``config.asgi``) answers
``GET /api/tournaments/{id}/events/`` here, without Django's request cycle:
the state is read through the hub's single database thread, and the stream
is ``async_stream``; ``HEAD`` gets the stream's headers. Everything else, an
unknown tournament (Django's ``404`` in the API's JSON shape, in the
visitor's language), a host Django would refuse, and every other path or
method, goes to Django. A process holds at most ``stream_budget()`` streams
(its open-file limit less a reserve); beyond it a page is told ``503`` at
once and polls, so that saves never wait for a file.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import resource
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from django.conf import settings
from django.http.request import split_domain_port, validate_host

from tournaments.events.hub import async_hub
from tournaments.events.stream import async_stream
from tournaments.http.client import client_address_from_scope
from tournaments.http.outage import RETRY_AFTER, api_unavailable

request_logger = logging.getLogger("bang.requests")

__all__ = ["EVENTS_PATH", "with_event_streams"]

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[Mapping[str, Any]]]
Send = Callable[[Mapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The one path served here (as ``tournaments.converters.IdConverter`` reads ids).
EVENTS_PATH = re.compile(r"^/api/tournaments/([1-9][0-9]{0,17})/events/$")

HEADERS = [
    (b"content-type", b"text/event-stream"),
    (b"cache-control", b"no-store"),
    # For a proxy in front (nginx): pass each event on at once, do not buffer.
    (b"x-accel-buffering", b"no"),
    (b"x-content-type-options", b"nosniff"),
]


#: Open files kept for everything but the streams: pages, saves, the database, logs.
RESERVED_FILES = 256
_open_streams = 0


def stream_budget() -> int:
    """How many streams this process may hold open: its open-file limit less the
    reserve. Beyond it a page is told ``503`` at once and polls instead (static/js/live.js),
    so that saves and pages never wait for a file the streams took."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1 << 30
    return max(soft - RESERVED_FILES, 0)


async def _refuse_stream(send: Send) -> None:
    body = json.dumps(api_unavailable()).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", str(RETRY_AFTER).encode()),
        (b"cache-control", b"no-store"),
    ]
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def _host_allowed(scope: Scope) -> bool:
    host = _header(scope, b"host") or ""
    domain, _port = split_domain_port(host)
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    return bool(domain) and validate_host(domain, allowed)


def with_event_streams(django: ASGIApp) -> ASGIApp:
    """``django``, with the event streams answered on the event loop itself."""

    async def application(scope: Scope, receive: Receive, send: Send) -> None:
        found = EVENTS_PATH.match(scope.get("path", "")) if scope["type"] == "http" else None
        if found is None or scope["method"] not in {"GET", "HEAD"} or not _host_allowed(scope):
            await django(scope, receive, send)
            return
        global _open_streams
        if scope["method"] == "GET" and _open_streams >= stream_budget():
            await _refuse_stream(send)
            return
        started = time.perf_counter()
        tournament_id = int(found.group(1))
        hub = async_hub()
        state = await hub.read_one(tournament_id)
        if state is None:
            await django(scope, receive, send)  # the API's 404
            return
        if scope["method"] == "HEAD":  # the stream's headers, and done
            await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
            await send({"type": "http.response.body", "body": b""})
            return
        _log_opened(scope, started)
        _open_streams += 1
        try:
            await _stream(tournament_id, state, _header(scope, b"last-event-id"), receive, send)
        finally:
            _open_streams -= 1

    return application


def _log_opened(scope: Scope, started: float) -> None:
    """The request log's line for a stream (``bang.requests``, as every other request has),
    written when it opens: a stream lasts as long as its page."""
    if not request_logger.isEnabledFor(logging.INFO):
        return
    request_logger.info(
        "GET %s 200 %.1fms %s (stream opened)",
        scope.get("path", ""),
        (time.perf_counter() - started) * 1000,
        client_address_from_scope(scope) or "-",
    )


async def _stream(
    tournament_id: int, state: Any, last_event_id: str | None, receive: Receive, send: Send
) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})

    async def pump() -> None:
        async for chunk in async_stream(tournament_id, state, last_event_id):
            await send({"type": "http.response.body", "body": chunk, "more_body": True})

    task = asyncio.ensure_future(pump())
    try:
        while True:  # until the client leaves (or the server stops)
            message = await receive()
            if message["type"] == "http.disconnect":
                break
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, OSError):
            await task
