"""Live state: the per-tournament live version, the once-per-state store, and their HTTP side.

Below both ``tournaments.web`` and ``tournaments.api`` (it imports neither):

- ``version``: ``live_version`` (one query), ``live_bump`` (every audited
  service, through ``audit_log``) and ``on_change`` (listeners told after
  the commit: the push channel).
- ``store``: ``once_per_state``, the cache of what is computed from a
  tournament's state alone, and ``RenderBusy`` for exclusive renders.
- ``http``: state bodies (gzipped once), ``serve``, the live ETag (``304`` by
  Django's ``condition``).
- ``pages``: a public page composed from its cached state body and the part
  drawn for each visitor (header, name, forms and their tokens).
"""

from __future__ import annotations

from .http import (
    StateBody,
    live_condition,
    live_etag,
    no_cache,
    serve,
    state_body,
    state_version,
)
from .store import RenderBusy, once_per_state, state_key
from .version import (
    WHAT,
    Listener,
    What,
    live_bump,
    live_floor_raise,
    live_version,
    live_versions,
    on_change,
    what_of,
)

__all__ = [
    "WHAT",
    "Listener",
    "RenderBusy",
    "StateBody",
    "What",
    "live_bump",
    "live_condition",
    "live_etag",
    "live_floor_raise",
    "live_version",
    "live_versions",
    "no_cache",
    "on_change",
    "once_per_state",
    "serve",
    "state_body",
    "state_key",
    "state_version",
    "what_of",
]
