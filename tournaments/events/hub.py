"""The change detector of a process: one per process, however many streams listen.

``AsyncHub`` serves the streams of an event loop (the ASGI event server),
``ThreadHub`` those of a WSGI server's threads. Both keep, per watched
tournament, the last known ``State`` and wake the streams waiting on it when
it changes. They learn of changes

- from the database: one query for **all** the tournaments watched
  (``read_states``) every ``LIVE_EVENTS_POLL_SECONDS`` (0.25 s) without Redis,
  every ``LIVE_EVENTS_RESYNC_SECONDS`` (5 s) with it, in case a message was lost;
- from Redis, where ``REDIS_URL`` is set: one subscription per process to
  ``CHANNEL``, which every app process publishes to after a commit
  (``stream.publish``);
- from this process itself: a change committed here (``notify``).

Nothing here runs a query per client.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import close_old_connections, connections

logger = logging.getLogger(__name__)

#: The Redis channel carrying ``{"tournament", "version", "what"}`` after each commit.
CHANNEL = "bang:live"


@dataclass(frozen=True)
class State:
    """A tournament's live version and what changed last."""

    version: int
    what: str


def read_states(tournament_ids: list[int]) -> dict[int, State]:
    """The states of ``tournament_ids`` in one query (unknown ids are left out)."""
    from tournaments.models import Tournament

    rows = Tournament.objects.filter(pk__in=tournament_ids).values_list(
        "pk", "live_version", "live_what"
    )
    return {pk: State(version, what or "other") for pk, version, what in rows}


def poll_seconds() -> float:
    return float(os.environ.get("LIVE_EVENTS_POLL_SECONDS", "0.25"))


def resync_seconds() -> float:
    return float(os.environ.get("LIVE_EVENTS_RESYNC_SECONDS", "5"))


def _message_state(data: Any) -> tuple[int, State] | None:
    """A Redis message as (tournament, state); ``None`` for anything malformed."""
    try:
        message = json.loads(data)
        return int(message["tournament"]), State(int(message["version"]), str(message["what"]))
    except (ValueError, KeyError, TypeError):
        return None


class AsyncHub:
    """The hub of one event loop: streams await ``changed``; one task watches for all."""

    def __init__(self, *, redis_url: str = "", read: Callable[..., dict[int, State]] = read_states):
        self.loop = asyncio.get_running_loop()
        self.redis_url = redis_url
        self.read = read
        self.states: dict[int, State] = {}
        self.events: dict[int, asyncio.Event] = {}
        self.listeners: dict[int, int] = {}
        self.task: asyncio.Task[None] | None = None
        # One thread for the database: its connection is kept between polls.
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="live-events")

    @contextlib.asynccontextmanager
    async def watching(self, tournament_id: int, state: State) -> AsyncIterator[None]:
        """Watch ``tournament_id`` (known to be at ``state``) while the block runs."""
        self.listeners[tournament_id] = self.listeners.get(tournament_id, 0) + 1
        if tournament_id not in self.states:
            self.states[tournament_id] = state
            self.events[tournament_id] = asyncio.Event()
        if self.task is None or self.task.done():
            self.task = self.loop.create_task(self._watch())
        try:
            yield
        finally:
            self.listeners[tournament_id] -= 1
            if not self.listeners[tournament_id]:
                del self.listeners[tournament_id], self.states[tournament_id]
                self.events.pop(tournament_id).set()

    def state(self, tournament_id: int) -> State:
        return self.states[tournament_id]

    async def changed(self, tournament_id: int, since: State, timeout: float) -> State | None:
        """The state once it differs from ``since``; ``None`` after ``timeout`` seconds."""
        current = self.states[tournament_id]
        if current != since:
            return current
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.events[tournament_id].wait(), timeout)
        current = self.states.get(tournament_id, since)
        return current if current != since else None

    def offer(self, tournament_id: int, state: State, *, newer_only: bool = False) -> None:
        """What a detector found; wakes the streams of ``tournament_id`` if it moved on."""
        known = self.states.get(tournament_id)
        if known is None or known == state or (newer_only and state.version <= known.version):
            return
        self.states[tournament_id] = state
        self.events.pop(tournament_id).set()
        self.events[tournament_id] = asyncio.Event()

    def notify(self, tournament_id: int, version: int, what: str) -> None:
        """A change committed in this process (any thread)."""
        state = State(version, what)
        with contextlib.suppress(RuntimeError):  # the loop has closed
            self.loop.call_soon_threadsafe(
                functools.partial(self.offer, tournament_id, state, newer_only=True)
            )

    async def read_one(self, tournament_id: int) -> State | None:
        """The state of one tournament, read in the hub's database thread."""
        found = await self.loop.run_in_executor(
            self.executor, _read_in_thread, self.read, [tournament_id]
        )
        return found.get(tournament_id)

    async def _read(self) -> dict[int, State]:
        ids = list(self.listeners)
        if not ids:
            return {}
        return await self.loop.run_in_executor(self.executor, _read_in_thread, self.read, ids)

    async def _watch(self) -> None:
        """The one detector: polls the database, or listens to Redis and resyncs slowly."""
        subscriber = None
        if self.redis_url:
            subscriber = self.loop.create_task(self._subscribe())
        pause = resync_seconds() if self.redis_url else poll_seconds()
        try:
            while self.listeners:
                try:
                    for tournament_id, state in (await self._read()).items():
                        self.offer(tournament_id, state)
                except Exception:  # the database is away: try again next time
                    logger.warning("live events: reading the versions failed", exc_info=True)
                await asyncio.sleep(pause)
        finally:
            if subscriber is not None:
                subscriber.cancel()

    async def _subscribe(self) -> None:
        import redis.asyncio

        while True:
            client = redis.asyncio.Redis.from_url(self.redis_url)
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL)
                    # Messages may have been missed while (re)connecting.
                    for tournament_id, state in (await self._read()).items():
                        self.offer(tournament_id, state)
                    async for message in pubsub.listen():
                        if message.get("type") != "message":
                            continue
                        found = _message_state(message["data"])
                        if found is not None:
                            self.offer(*found, newer_only=True)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("live events: Redis subscription lost", exc_info=True)
                await asyncio.sleep(1)
            finally:
                await client.aclose()


def _read_in_thread(read: Callable[..., dict[int, State]], ids: list[int]) -> dict[int, State]:
    close_old_connections()  # a connection past its age or broken is replaced
    try:
        return read(ids)
    except Exception:
        connections.close_all()
        raise


class ThreadHub:
    """The hub of a WSGI process: streams wait on a condition; one thread polls for all."""

    def __init__(self, *, read: Callable[..., dict[int, State]] = read_states):
        self.read = read
        self.condition = threading.Condition()
        self.states: dict[int, State] = {}
        self.listeners: dict[int, int] = {}
        self.thread: threading.Thread | None = None

    @contextlib.contextmanager
    def watching(self, tournament_id: int, state: State) -> Iterator[None]:
        with self.condition:
            self.listeners[tournament_id] = self.listeners.get(tournament_id, 0) + 1
            self.states.setdefault(tournament_id, state)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._watch, name="live-events", daemon=True)
                self.thread.start()
        try:
            yield
        finally:
            with self.condition:
                self.listeners[tournament_id] -= 1
                if not self.listeners[tournament_id]:
                    del self.listeners[tournament_id], self.states[tournament_id]
                if not self.listeners:
                    self.condition.notify_all()  # the polling thread may stop

    def changed(self, tournament_id: int, since: State, timeout: float) -> State | None:
        deadline = time.monotonic() + timeout
        with self.condition:
            while self.states[tournament_id] == since:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.condition.wait(left)
            return self.states[tournament_id]

    def offer(self, tournament_id: int, state: State, *, newer_only: bool = False) -> None:
        with self.condition:
            known = self.states.get(tournament_id)
            if known is None or known == state or (newer_only and state.version <= known.version):
                return
            self.states[tournament_id] = state
            self.condition.notify_all()

    def notify(self, tournament_id: int, version: int, what: str) -> None:
        self.offer(tournament_id, State(version, what), newer_only=True)

    def idle(self) -> bool:
        """No stream listens and the polling thread has stopped."""
        with self.condition:
            return not self.listeners and (self.thread is None or not self.thread.is_alive())

    def _watch(self) -> None:
        try:
            while True:
                with self.condition:
                    ids = list(self.listeners)
                    if not ids:
                        self.thread = None
                        return
                try:
                    for tournament_id, state in _read_in_thread(self.read, ids).items():
                        self.offer(tournament_id, state)
                except Exception:
                    logger.warning("live events: reading the versions failed", exc_info=True)
                # Until the next poll, or at once when the last stream has closed: the
                # thread and its database connection go with the last stream.
                deadline = time.monotonic() + poll_seconds()
                with self.condition:
                    while self.listeners and (left := deadline - time.monotonic()) > 0:
                        self.condition.wait(left)
        finally:
            connections.close_all()


_async_hubs: dict[asyncio.AbstractEventLoop, AsyncHub] = {}
_thread_hub: ThreadHub | None = None
_lock = threading.Lock()


def async_hub() -> AsyncHub:
    """The hub of the running event loop (one per loop: one per event-server process)."""
    loop = asyncio.get_running_loop()
    hub = _async_hubs.get(loop)
    if hub is None:
        retire_closed_hubs()
        hub = _async_hubs[loop] = AsyncHub(redis_url=settings.REDIS_URL)
    return hub


def retire_closed_hubs(*, wait: bool = False) -> None:
    """Let go of the hubs whose event loop has closed: their reading thread closes its
    database connection and ends (``wait``: until it has)."""
    for loop in [loop for loop in _async_hubs if loop.is_closed()]:
        executor = _async_hubs.pop(loop).executor
        executor.submit(connections.close_all)
        executor.shutdown(wait=wait)


def thread_hub() -> ThreadHub:
    """The hub of this WSGI process."""
    global _thread_hub
    with _lock:
        if _thread_hub is None:
            _thread_hub = ThreadHub()
        return _thread_hub


def threads_idle() -> bool:
    """This process's WSGI streams have all closed and their polling thread has stopped."""
    return _thread_hub is None or _thread_hub.idle()


def notify_local(tournament_id: int, version: int, what: str) -> None:
    """Tell this process's hubs of a change committed here (``tournaments.live.on_change``)."""
    for hub in list(_async_hubs.values()):
        if not hub.loop.is_closed():
            hub.notify(tournament_id, version, what)
    if _thread_hub is not None:
        _thread_hub.notify(tournament_id, version, what)
