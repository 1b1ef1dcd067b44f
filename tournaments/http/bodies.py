"""Request bodies, as the server receives them: bounded in size and in time.

The hall's ASGI server has nobody in front of it (production has nginx with
``client_max_body_size``), so its application does here what a proxy would:

- a body announced larger than ``REQUEST_BODY_LIMIT`` is refused with ``413``
  before a byte of it is read; a body without a length (chunked) is counted and
  refused the same way once it passes the limit;
- a body that does not arrive within ``REQUEST_BODY_SECONDS`` (a phone that
  lost the wifi mid-upload, or one that sends a byte a minute on purpose) is
  answered ``408`` and its connection closed;
- a complete body is handed to the application as it came.

Nothing here holds a thread: the body is read on the event loop, as Django's
ASGI handler would read it too, only with a limit and a deadline.
"""

from __future__ import annotations

import asyncio
import io
import json
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.http.api import error_body, is_api
from tournaments.http.language import chosen_language

__all__ = ["with_bounded_bodies"]

Scope = dict[str, Any]
Message = Mapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class _Refused(Exception):
    def __init__(self, status: int) -> None:
        self.status = status


def _announced_length(scope: Scope) -> int | None:
    for key, value in scope.get("headers", []):
        if key.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # the server refuses a malformed length before we see it
    return None


async def _read_body(receive: Receive, limit: int, seconds: float) -> list[Message] | None:
    """The request's body messages, complete; None where the client left."""
    deadline = time.monotonic() + seconds
    messages: list[Message] = []
    size = 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise _Refused(408)
        try:
            message = await asyncio.wait_for(receive(), left)
        except TimeoutError:
            raise _Refused(408) from None
        if message["type"] == "http.disconnect":
            return None
        size += len(message.get("body", b""))
        if size > limit:
            raise _Refused(413)
        messages.append(message)
        if not message.get("more_body", False):
            return messages


def _refusal(scope: Scope, status: int) -> tuple[bytes, bytes]:
    """The answer's body and content type, in the visitor's language."""
    request = ASGIRequest(dict(scope), io.BytesIO())
    # No tournament's language here: this runs on the event loop, without the database.
    with translation.override(chosen_language(request) or settings.LANGUAGE_CODE):
        if status == 413:
            code, message = "request_too_large", _("The request is too large.")
        else:
            code, message = "request_timeout", _("The request did not arrive in time.")
        if is_api(request):
            body = error_body({"code": code, "message": message})
            return json.dumps(body).encode(), b"application/json"
        return message.encode(), b"text/plain; charset=utf-8"


async def _refuse(scope: Scope, send: Send, status: int) -> None:
    body, content_type = _refusal(scope, status)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", content_type),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
                # The rest of the body is never read: the connection cannot carry another request.
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def with_bounded_bodies(app: ASGIApp) -> ASGIApp:
    """``app``, receiving only bodies within the limit that arrived in time."""

    async def application(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        limit: int = settings.REQUEST_BODY_LIMIT
        announced = _announced_length(scope)
        if announced is not None and announced > limit:
            await _refuse(scope, send, 413)
            return
        try:
            messages = await _read_body(receive, limit, settings.REQUEST_BODY_SECONDS)
        except _Refused as refused:
            await _refuse(scope, send, refused.status)
            return
        if messages is None:
            return  # the client left before its body was complete

        async def replay() -> Message:
            # The body as it came, then the client's own messages (its disconnect).
            return messages.pop(0) if messages else await receive()

        await app(scope, replay, send)

    return application
