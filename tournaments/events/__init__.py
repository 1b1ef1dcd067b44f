"""Live events: the tournament's live version pushed to every open page (api.md "Live events").

Words used here:

- A tournament's **state** is its live version (an integer counter that grows
  with every change of its public state) and ``what`` changed last
  (``tournaments.live``).
- The **hub** is the one change detector of a process: it knows the state of
  every tournament some stream of this process is watching, and wakes those
  streams when it moves on. However many clients listen, it costs one query a
  few times a second (``LIVE_EVENTS_POLL_SECONDS``) for all the tournaments
  watched, or, where ``REDIS_URL`` is set, one Redis subscription that every
  app process publishes to after a commit (plus a slow check from the
  database in case a message was lost).
- A **stream** is one client's ``text/event-stream`` answer. Under an ASGI
  server (uvicorn, the event server) it is an async iterator on the hub of
  the event loop (``AsyncHub``); under WSGI (``make run``'s development
  server, gunicorn) a sync iterator on a hub with a thread of its own
  (``ThreadHub``), which holds one worker thread per open stream: production
  sends the event paths to the event server.
"""

from tournaments.events.hub import AsyncHub, State, ThreadHub, async_hub, thread_hub
from tournaments.events.stream import (
    CHANNEL,
    async_stream,
    encode_event,
    keepalive_seconds,
    publish,
    sync_stream,
)

__all__ = [
    "CHANNEL",
    "AsyncHub",
    "State",
    "ThreadHub",
    "async_hub",
    "async_stream",
    "encode_event",
    "keepalive_seconds",
    "publish",
    "sync_stream",
    "thread_hub",
]
