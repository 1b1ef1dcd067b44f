"""One client's ``text/event-stream``: the tournament's state, then every change of it.

The wire format (api.md "Live events")::

    id: 12
    event: state
    data: {"tournament": 7, "version": 12, "what": "result"}

followed by a blank line; ``: keep-alive`` comment lines at least every
``keepalive_seconds()`` (15 s, below the 20 s the API promises) while nothing
changes. The first event is sent at once, unless the client's
``Last-Event-ID`` names the current version (then nothing until the next
change); an id that is not an integer or lies above the current version counts
as moved on. An event stands for every change since the last one sent: it
carries the newest version and what changed last.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import AsyncIterator, Iterator
from functools import cache

import redis
from django.conf import settings

from tournaments.events.hub import CHANNEL, State, async_hub, thread_hub

logger = logging.getLogger(__name__)

KEEPALIVE = b": keep-alive\n\n"


def keepalive_seconds() -> float:
    return float(os.environ.get("LIVE_EVENTS_KEEPALIVE_SECONDS", "15"))


def encode_event(tournament_id: int, state: State) -> bytes:
    data = json.dumps({"tournament": tournament_id, "version": state.version, "what": state.what})
    return f"id: {state.version}\nevent: state\ndata: {data}\n\n".encode()


def parse_last_event_id(value: str | None) -> int | None:
    """The client's last version; ``None`` where there is none or it is not an integer."""
    if value is None:
        return None
    try:
        return int(value.strip())
    except ValueError:
        return None


def first_state_to_send(current: State, last_event_id: str | None) -> bool:
    """Whether the stream starts with an event: unless the client has the current version."""
    return parse_last_event_id(last_event_id) != current.version


async def async_stream(
    tournament_id: int, current: State, last_event_id: str | None
) -> AsyncIterator[bytes]:
    """The stream under ASGI, on the event loop's hub."""
    hub = async_hub()
    async with hub.watching(tournament_id, current):
        sent = current
        if first_state_to_send(current, last_event_id):
            yield encode_event(tournament_id, current)
        # The hub may already know a newer state than the view read.
        while True:
            state = await hub.changed(tournament_id, sent, keepalive_seconds())
            if state is None:
                yield KEEPALIVE
            else:
                sent = state
                yield encode_event(tournament_id, state)


def sync_stream(tournament_id: int, current: State, last_event_id: str | None) -> Iterator[bytes]:
    """The stream under WSGI (the development server), on the process's thread hub."""
    hub = thread_hub()
    with hub.watching(tournament_id, current):
        sent = current
        if first_state_to_send(current, last_event_id):
            yield encode_event(tournament_id, current)
        while True:
            state = hub.changed(tournament_id, sent, keepalive_seconds())
            if state is None:
                yield KEEPALIVE
            else:
                sent = state
                yield encode_event(tournament_id, state)


@cache
def _redis() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2)


def publish(tournament_id: int, version: int, what: str) -> None:
    """After a commit: tell this process's hubs, and every event process through Redis."""
    from tournaments.events.hub import notify_local

    notify_local(tournament_id, version, what)
    if not settings.REDIS_URL:
        return
    message = json.dumps({"tournament": tournament_id, "version": version, "what": what})
    try:
        _redis().publish(CHANNEL, message)
    except Exception:  # the event processes resync from the database within seconds
        logger.warning("live events: publishing to Redis failed", exc_info=True)
