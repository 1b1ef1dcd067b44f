"""How many requests of one server process run Django's code at a time.

Under an ASGI server Django runs each request's synchronous code in a thread of
its own (``django/core/handlers/asgi.py``, ``ThreadSensitiveContext``): nothing
bounds the threads. After a save, 200 phones fetch the new state within a
second; 200 threads then share one interpreter lock, and every answer, the
referee's next save included, waits for all of them. gunicorn's threaded
workers bounded this by their thread count; the hall's one server bounds it
here: at most ``CONCURRENT_REQUESTS`` requests per process are inside Django,
the others wait on the event loop (no thread, no memory beyond the request),
in the order they came.

A slot is taken once the body has arrived (``bodies.with_bounded_bodies`` runs
first, so a slow upload holds none) and given back as soon as the answer's
headers go out: a slow reader of a large PDF does not hold it either. Event
streams never reach this (``events.asgi`` answers them on the loop).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

__all__ = ["with_bounded_concurrency"]

Scope = dict[str, Any]
Message = Mapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def with_bounded_concurrency(app: ASGIApp, limit: int) -> ASGIApp:
    """``app`` with at most ``limit`` HTTP requests inside it at once (``0``: no bound)."""
    if limit <= 0:
        return app
    slots: asyncio.Semaphore | None = None  # made on the server's running loop

    async def application(scope: Scope, receive: Receive, send: Send) -> None:
        nonlocal slots
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        if slots is None:
            slots = asyncio.Semaphore(limit)
        taken = slots
        await taken.acquire()
        held = True

        def give_back() -> None:
            nonlocal held
            if held:
                held = False
                taken.release()

        async def send_then_give_back(message: Message) -> None:
            if message["type"] == "http.response.start":
                give_back()
            await send(message)

        try:
            await app(scope, receive, send_then_give_back)
        finally:
            give_back()

    return application
