"""Freshness of the live pages: has anything they show changed?

Words used here:

- The **live version** of a tournament is a short tag built from the ids of
  its newest audit entry, result and penalty. It changes whenever anything a
  live page (leaderboard, projector, knockout) shows may have changed, and is
  read in one cheap query, so that a poll that finds nothing new costs little.
"""

from __future__ import annotations

from django.db.models import OuterRef, Subquery

from tournaments.models import AuditEntry, Penalty, Result, Tournament

__all__ = ["live_version"]


def live_version(tournament_id: int) -> str | None:
    """A tag that changes whenever anything the live pages show may have changed.

    One query: the newest audit entry, result and penalty of the tournament.
    Every service writes an audit entry (results, corrections, confirmations,
    penalties, withdrawals, draws); results and penalties are read directly
    too, so that even a change made outside the services moves the tag.
    ``None`` for an unknown tournament (the view then answers 404).
    """
    newest = (
        Tournament.objects.filter(pk=tournament_id)
        .annotate(
            audit=Subquery(
                AuditEntry.objects.filter(tournament=OuterRef("pk"))
                .order_by("-id")
                .values("id")[:1]
            ),
            result=Subquery(
                Result.objects.filter(game__tournament=OuterRef("pk"))
                .order_by("-id")
                .values("id")[:1]
            ),
            penalty=Subquery(
                Penalty.objects.filter(tournament=OuterRef("pk")).order_by("-id").values("id")[:1]
            ),
        )
        .values_list("audit", "result", "penalty")
        .first()
    )
    if newest is None:
        return None
    return "-".join(str(n or 0) for n in newest)
