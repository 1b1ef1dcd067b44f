"""How many requests of one server process run Django's code at a time, writes first.

After a save, 200 phones fetch the new state within a second. Django runs in a
pool of threads (``config.asgi``), and a pool's queue is first come, first
served: the referee's next save would wait behind the whole burst of fetches
the previous save caused. So at most ``CONCURRENT_REQUESTS`` requests per
process are inside Django, the others wait on the event loop (no thread, no
memory beyond the request), and waiting writes (a referee's save, a check-in:
any method but ``GET``, ``HEAD`` and ``OPTIONS``) get the next free slot before
waiting reads, each class in the order it came. ``asyncio.Semaphore`` has one
queue, hence the two here.

A slot is taken once the body has arrived (``bodies.with_bounded_bodies`` runs
first, so a slow upload holds none) and given back as soon as the answer's
headers go out: a slow reader of a large PDF does not hold it either. Event
streams never reach this (``events.asgi`` answers them on the loop).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

__all__ = ["Slots", "with_bounded_concurrency"]

Scope = dict[str, Any]
Message = Mapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

READS = frozenset({"GET", "HEAD", "OPTIONS"})


class Slots:
    """``limit`` slots; a waiting write is handed a freed slot before a waiting read."""

    def __init__(self, limit: int) -> None:
        self.free = limit
        self.writes: deque[asyncio.Future[None]] = deque()
        self.reads: deque[asyncio.Future[None]] = deque()

    async def take(self, *, write: bool) -> None:
        if self.free > 0 and not self.writes and not self.reads:
            self.free -= 1
            return
        handed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        (self.writes if write else self.reads).append(handed)
        try:
            await handed
        except asyncio.CancelledError:
            if handed.done() and not handed.cancelled():
                self.give()  # handed over just as the request went away: pass it on
            else:
                handed.cancel()
            raise

    def give(self) -> None:
        for waiting in (self.writes, self.reads):
            while waiting:
                handed = waiting.popleft()
                if not handed.done():
                    handed.set_result(None)
                    return
        self.free += 1


def with_bounded_concurrency(app: ASGIApp, limit: int) -> ASGIApp:
    """``app`` with at most ``limit`` HTTP requests inside it at once (``0``: no bound)."""
    if limit <= 0:
        return app
    slots: Slots | None = None  # made on the server's running loop

    async def application(scope: Scope, receive: Receive, send: Send) -> None:
        nonlocal slots
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        if slots is None:
            slots = Slots(limit)
        taken = slots
        await taken.take(write=scope.get("method", "GET") not in READS)
        held = True

        def give_back() -> None:
            nonlocal held
            if held:
                held = False
                taken.give()

        async def send_then_give_back(message: Message) -> None:
            if message["type"] == "http.response.start":
                give_back()
            await send(message)

        try:
            await app(scope, receive, send_then_give_back)
        finally:
            give_back()

    return application
