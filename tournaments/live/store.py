"""The once-per-state store: what is computed from a tournament's state alone, kept once.

Words used here:

- A **state render** is anything computed from a tournament's state alone (a
  page body, an API answer, a document). ``once_per_state`` computes it once
  per **live version** (``tournaments.live.version``) and **variant** (what
  else it depends on: the language, the query parameters the page reads) and
  keeps it in Django's cache (``cache.get_or_set``): local memory, or Redis
  shared by every app process where ``REDIS_URL`` is set. The version is read from the database
  by the caller on every request, so a change saved through any process is
  seen by the next request to any process: nothing is stale for a time.
- An **exclusive** render (documents: a PDF takes a second or more) is done by
  one request at a time per document and variant, whatever the state, across
  processes (a lock entry added atomically to the shared cache): while the
  render of one state runs, a newer state starts no second render of the same
  document (saves 2 s apart would otherwise pile up renders of states that are
  already old when they are done); the next request after it renders the
  newest state. The others do not wait for it: they
  get the newest state's render that is already kept (one state old, for the
  second the new one takes), or, when there is none yet, ``RenderBusy``, which
  the views answer with ``503`` and ``Retry-After``. No thread is parked. A
  kept render older than the caller's **floor** (the tournament's
  ``live_floor``, raised by an erasure) never stands in: after an erasure the
  answer is the new render or ``503``, never a document that names the person.

Page renders are not exclusive across processes: they take milliseconds, and
a lock in the shared cache would cost every request two more round trips. In
one process they are done once: requests that miss the same key wait for the
first one's render (a lock per key in memory) instead of each rendering it.
After a save, every phone's page fetches the new state at once, several
requests of a process run at a time, and each would render: on the hall's
stack, 200 phones were once about 200 renders of one leaderboard
(``benchmarks/hall.py``).
Django's cache has neither (``get_or_set`` lets every request that misses
compute), so that part is ours; so is the key, which carries the live version
Django knows nothing of.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

__all__ = [
    "RENDER_LOCK_SECONDS",
    "RETRY_AFTER_SECONDS",
    "STATE_RENDER_SECONDS",
    "RenderBusy",
    "once_per_state",
    "render_lock",
    "state_key",
]

#: How long a state render is kept. Keys carry the live version, so an entry
#: is never served for another state; this only lets old states age out.
STATE_RENDER_SECONDS = 3600
#: When an exclusive render's lock expires by itself (its renderer died). A render
#: process at a lower priority may take half a minute on a busy machine: a lock
#: that expired while it still ran would start a second render of the same document.
RENDER_LOCK_SECONDS = 120
#: What a ``503`` tells a client to wait while the first render of a document runs.
RETRY_AFTER_SECONDS = 2

T = TypeVar("T")


#: The page renders this process is doing now, by key (see the module's docstring).
_rendering: dict[str, threading.Lock] = {}
_rendering_guard = threading.Lock()


class RenderBusy(Exception):
    """Another request renders this state now and no earlier render is kept."""

    retry_after = RETRY_AFTER_SECONDS


def state_key(*, kind: str, tournament_id: int, version: int | str, variant: str) -> str:
    """The cache key of one state render (the variant hashed: keys stay short)."""
    digest = hashlib.blake2s(variant.encode(), digest_size=8).hexdigest()
    return f"live:{kind}:{tournament_id}:{version}:{digest}"


def render_lock(*, kind: str, tournament_id: int, variant: str) -> str:
    """The cache key of the lock of an exclusive render: one per document and variant."""
    return state_key(kind=kind, tournament_id=tournament_id, version="rendering", variant=variant)


def once_per_state(
    *,
    kind: str,
    tournament_id: int,
    version: int,
    variant: str,
    render: Callable[[], T],
    exclusive: bool = False,
    floor: int = 0,
) -> T:
    """``render()``, computed once per state of the tournament and kept in the cache.

    ``kind`` names what is rendered (``"leaderboard"``, ``"standings-api"``,
    ``"standings.pdf"``); ``variant`` everything else the result depends on
    besides the state (language, the query parameters read). ``version`` is
    the tournament's live version, read by the caller. The value must be
    picklable (bytes, str, plain data). ``exclusive``: see the module's
    docstring; may raise ``RenderBusy``. ``floor``: the oldest version whose
    kept render an exclusive render may answer with meanwhile.
    """
    key = state_key(kind=kind, tournament_id=tournament_id, version=version, variant=variant)
    if not exclusive:
        return _render_in_process_once(key, render)
    found: T | None = cache.get(key)
    if found is not None:
        return found
    newest = state_key(kind=kind, tournament_id=tournament_id, version="newest", variant=variant)
    lock = render_lock(kind=kind, tournament_id=tournament_id, variant=variant)
    if cache.add(lock, 1, timeout=RENDER_LOCK_SECONDS):
        try:
            found = render()
            cache.set_many({key: found, newest: version}, timeout=STATE_RENDER_SECONDS)
        finally:
            cache.delete(lock)
        return found
    previous = cache.get(newest)
    if previous is not None and floor <= previous:
        key = state_key(kind=kind, tournament_id=tournament_id, version=previous, variant=variant)
        found = cache.get(key)
        if found is not None:
            return found
    raise RenderBusy


def _render_in_process_once(key: str, render: Callable[[], T]) -> T:
    """The kept render of ``key``; on a miss, one render per process (the others wait)."""
    found: T | None = cache.get(key)
    if found is not None:
        return found
    with _rendering_guard:
        lock = _rendering.setdefault(key, threading.Lock())
    try:
        with lock:
            found = cache.get(key)
            if found is None:
                found = render()
                cache.set(key, found, timeout=STATE_RENDER_SECONDS)
    finally:
        with _rendering_guard:
            if _rendering.get(key) is lock:
                del _rendering[key]
    return found
