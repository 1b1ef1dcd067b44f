"""The live version: a per-tournament counter that moves with every public change.

Words used here:

- The **live version** (``Tournament.live_version``) is an integer that every
  audited service raises by one inside its own transaction (``audit_log``
  calls ``live_bump``), and ``Tournament.live_what`` says what the newest
  change was about (``result``, ``draw``, ``knockout``, ``penalty``,
  ``clock``, ``ranking`` or ``other``). Reading it is one query by primary
  key, so a poll that finds nothing new costs little.
- The **live floor** (``Tournament.live_floor``) is the oldest live version
  whose kept render may stand in for a newer one while that renders
  (``store.once_per_state``). A change after which nothing rendered before
  it may be served again (an erasure) raises it to its own version
  (``live_floor_raise``).
- A **listener** (``on_change``) is told ``(tournament_id, version, what)``
  after the transaction that moved the version has committed; never for a
  rolled-back one. A listener's failure is logged and does not undo the
  change (the push channel registers its publisher here).

Only the services write the tables the public pages show (the admin is
read-only, a restore makes a new tournament that starts at version 0), so a
write made **outside the services** (a shell, a data migration, a test that
calls ``Model.objects.update``) is not a public change: it does not move the
version, and cached pages keep showing the state of the last audited change
until the next one. Code that must show such a write calls ``live_bump``.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from django.db import connections, transaction
from django.db.models import F

from tournaments.models import Tournament

__all__ = [
    "WHAT",
    "Listener",
    "What",
    "live_bump",
    "live_floor_raise",
    "live_version",
    "live_versions",
    "on_change",
    "what_of",
]

logger = logging.getLogger(__name__)

What = Literal["result", "draw", "knockout", "penalty", "clock", "ranking", "other"]
#: Every value of ``Tournament.live_what``.
WHAT: tuple[What, ...] = ("result", "draw", "knockout", "penalty", "clock", "ranking", "other")

#: Told ``(tournament_id, version, what)`` after a change has committed.
Listener = Callable[[int, int, str], None]
_listeners: list[Listener] = []

#: Audit actions by their beginning, first match wins (``what_of``).
_BY_PREFIX: tuple[tuple[str, What], ...] = (
    ("knockout_champion", "ranking"),
    ("final_ranking", "ranking"),
    ("ranking_", "ranking"),
    ("result_", "result"),
    ("signature_", "result"),
    ("penalty_", "penalty"),
    ("group_stage_drawn", "draw"),
    ("draw_", "draw"),
    ("knockout_", "knockout"),
    ("lot", "knockout"),
    ("clock_", "clock"),
)


def what_of(action: str) -> What:
    """What an audit action changed, for listeners (``result_corrected`` -> ``result``)."""
    for prefix, what in _BY_PREFIX:
        if action.startswith(prefix):
            return what
    return "other"


def live_versions(tournament_ids: list[int]) -> dict[int, int]:
    """``live_version`` of many tournaments in one query (a season's, say)."""
    return dict(
        Tournament.objects.filter(pk__in=tournament_ids)
        .values_list("pk", "live_version")
        .order_by()
    )


def live_version(tournament_id: int) -> int | None:
    """The tournament's live version (one query); ``None`` for an unknown tournament.

    Every request of a live page asks this, so the ORM builds the SQL once per
    process (``_version_sql``) and each call only runs it.
    """
    with connections[Tournament.objects.db].cursor() as cursor:
        cursor.execute(_version_sql(), [tournament_id])
        row = cursor.fetchone()
    return None if row is None else int(row[0])


#: Stands for the tournament id while the version's SQL is built.
_SENTINEL = -918273645


@functools.cache
def _version_sql() -> str:
    query = Tournament.objects.filter(pk=_SENTINEL).values_list("live_version").order_by()[:1]
    sql, params = query.query.get_compiler(using=query.db).as_sql()
    if list(params) != [_SENTINEL]:  # pragma: no cover - a Django change
        raise RuntimeError("The live version's query takes other parameters than the id.")
    return sql


def on_change(callback: Listener) -> Listener:
    """Call ``callback(tournament_id, version, what)`` after every committed change.

    Returns ``callback``, so that it can be used as a decorator. Registering
    the same callback twice registers it once.
    """
    if callback not in _listeners:
        _listeners.append(callback)
    return callback


def live_bump(*, tournament_id: int, what: What) -> None:
    """Raise the tournament's live version by one, in the current transaction.

    Listeners hear of it once the transaction commits (at once outside a
    transaction). Several bumps in one transaction (a registration of 100
    participants) are told once per tournament, with the version and ``what``
    the database holds after the commit.
    """
    Tournament.objects.filter(pk=tournament_id).update(
        live_version=F("live_version") + 1, live_what=what
    )
    if not _listeners:
        return
    connection = transaction.get_connection()
    pending = _PENDING.for_alias(connection.alias)
    if pending is not None and any(
        entry[1] == pending.notify for entry in connection.run_on_commit
    ):
        pending.tournament_ids.add(tournament_id)
        return
    pending = _Pending(alias=connection.alias, tournament_ids={tournament_id})
    _PENDING.set(connection.alias, pending)
    transaction.on_commit(pending.notify, using=connection.alias)


def live_floor_raise(*, tournament_id: int) -> None:
    """From the current live version on, no render of an earlier state is served
    (in the current transaction; call it after the change's ``live_bump``)."""
    Tournament.objects.filter(pk=tournament_id).update(live_floor=F("live_version"))


@dataclass
class _Pending:
    """The tournaments whose version moved in the open transaction of one connection."""

    alias: str
    tournament_ids: set[int] = field(default_factory=set)

    def notify(self) -> None:
        _PENDING.clear(self.alias, self)
        rows = Tournament.objects.filter(pk__in=self.tournament_ids).values_list(
            "pk", "live_version", "live_what"
        )
        for tournament_id, version, what in rows:
            for listener in list(_listeners):
                try:
                    listener(tournament_id, version, what)
                except Exception:  # a listener's failure must not fail the request
                    logger.exception("live listener %r failed", listener)


class _PendingByThread(threading.local):
    """Per thread and database alias: the ``_Pending`` of its open transaction."""

    def __init__(self) -> None:
        self.by_alias: dict[str, _Pending] = {}

    def for_alias(self, alias: str) -> _Pending | None:
        return self.by_alias.get(alias)

    def set(self, alias: str, pending: _Pending) -> None:
        self.by_alias[alias] = pending

    def clear(self, alias: str, pending: _Pending) -> None:
        if self.by_alias.get(alias) is pending:
            del self.by_alias[alias]


_PENDING = _PendingByThread()
