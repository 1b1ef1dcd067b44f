"""Freshness of the live pages: has anything they show changed?

Words used here:

- The **live version** of a tournament is a short tag built from the ids of
  its newest audit entry, result and penalty. It changes whenever anything a
  live page (leaderboard, projector, knockout) shows may have changed, and is
  read in one cheap query, so that a poll that finds nothing new costs little.
- A **state render** is anything computed from a tournament's state alone (a
  page body, an API answer, a document): ``once_per_state`` computes it once
  per live version and keeps it in Django's cache (local memory, or Redis
  shared by every app process where ``REDIS_URL`` is set). The version is read
  from the database on every call, so a result saved through any process is
  seen by the next request to any process: nothing is stale for a time.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.db import connections
from django.db.models import OuterRef, QuerySet, Subquery

from tournaments.models import AuditEntry, Penalty, Result, Tournament

__all__ = [
    "RENDER_LOCK_SECONDS",
    "STATE_RENDER_SECONDS",
    "live_version",
    "live_versions",
    "once_per_state",
]

#: How long a state render is kept. Keys carry the live version, so an entry
#: is never served for another state; this only lets old states age out.
STATE_RENDER_SECONDS = 3600
#: How long others wait for the one render of a state before rendering themselves.
RENDER_LOCK_SECONDS = 20

T = TypeVar("T")


def live_version(tournament_id: int) -> str | None:
    """A tag that changes whenever anything the live pages show may have changed.

    One query: the newest audit entry, result and penalty of the tournament.
    Every service writes an audit entry (results, corrections, confirmations,
    penalties, withdrawals, draws); results and penalties are read directly
    too, so that even a change made outside the services moves the tag.
    ``None`` for an unknown tournament (the view then answers 404).

    Every poll asks this, so the ORM builds the SQL once per process
    (``_version_sql``) and each call only runs it.
    """
    sql, count = _version_sql()
    with connections[Tournament.objects.db].cursor() as cursor:
        cursor.execute(sql, [tournament_id] * count)
        newest = cursor.fetchone()
    if newest is None:
        return None
    return "-".join(str(n or 0) for n in newest)


def live_versions(tournament_ids: list[int]) -> dict[int, str]:
    """``live_version`` of many tournaments in one query (a season's, say)."""
    rows = _with_versions(Tournament.objects.filter(pk__in=tournament_ids)).values_list(
        "pk",
        "audit",  # type: ignore[misc]  # annotations the stubs cannot see through a helper
        "result",
        "penalty",
    )
    return {pk: "-".join(str(n or 0) for n in newest) for pk, *newest in rows}


def _with_versions(tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    return tournaments.annotate(
        audit=Subquery(
            AuditEntry.objects.filter(tournament=OuterRef("pk")).order_by("-id").values("id")[:1]
        ),
        result=Subquery(
            Result.objects.filter(game__tournament=OuterRef("pk")).order_by("-id").values("id")[:1]
        ),
        penalty=Subquery(
            Penalty.objects.filter(tournament=OuterRef("pk")).order_by("-id").values("id")[:1]
        ),
    )


#: Stands for the tournament id while the version's SQL is built.
_SENTINEL = -918273645


@functools.cache
def _version_sql() -> tuple[str, int]:
    """The SQL of the version query, and how many times it takes the tournament id."""
    query = (
        _with_versions(Tournament.objects.filter(pk=_SENTINEL))
        .values_list("audit", "result", "penalty")  # type: ignore[misc]
        .order_by()[:1]
    )
    sql, params = query.query.get_compiler(using=query.db).as_sql()
    if any(param != _SENTINEL for param in params):  # pragma: no cover - a Django change
        raise RuntimeError("The live version's query takes other parameters than the id.")
    return sql, len(params)


def once_per_state(
    *,
    kind: str,
    tournament_id: int,
    variant: str,
    render: Callable[[], T],
    version: str | None = None,
) -> T:
    """``render()``, computed once per state of the tournament and kept in the cache.

    ``kind`` names what is rendered (``"leaderboard"``, ``"standings-api"``,
    ``"standings.pdf"``); ``variant`` everything else the result depends on
    besides the tournament's state (language, query string, page). Pass the
    ``version`` when the caller already read it (an ETag check), to save the
    query. The value must be picklable (bytes, str, plain data).
    """
    if version is None:
        version = live_version(tournament_id) or "none"
    key = f"state:{kind}:{tournament_id}:{version}:{variant}"
    found: T | None = cache.get(key)
    if found is not None:
        return found
    # One renderer per state: a burst of requests for a new state (24 phones
    # asking for the standings PDF) waits for the first one's render instead
    # of rendering 24 times. The lock is a cache entry, so it holds across
    # processes where the cache is shared (Redis).
    lock = f"{key}:rendering"
    if not cache.add(lock, 1, timeout=RENDER_LOCK_SECONDS):
        deadline = time.monotonic() + RENDER_LOCK_SECONDS
        while time.monotonic() < deadline:
            time.sleep(0.05)
            found = cache.get(key)
            if found is not None:
                return found
    try:
        found = render()
        cache.set(key, found, timeout=STATE_RENDER_SECONDS)
    finally:
        cache.delete(lock)
    return found
