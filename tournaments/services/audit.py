"""The audit log: who changed what, and how it looked before and after.

An **audit entry** names the tournament (None for changes outside one, such as
appointing a referee), the **actor** (the signed-in user who acted), a stable
**action** code (``result_recorded``, ``penalty_given``, ...), the object it
concerns (type name and id) and JSON **snapshots** ``before`` and ``after``.
Every service writes its entry inside its own transaction, so a change and its
entry are stored together or not at all. An entry that names a tournament also
raises the tournament's **live version** (``tournaments.live.live_bump``), in
the same transaction: every audited change is a public change.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from tournaments.live import live_bump, what_of

from ..models import AuditEntry, Tournament


def audit_log(
    *,
    tournament: Tournament | None,
    actor: User | None,
    action: str,
    obj: Any = None,
    before: Any = None,
    after: Any = None,
) -> AuditEntry:
    """Write one audit entry and move the tournament's live version (call inside
    the service's transaction)."""
    if tournament is not None:
        live_bump(tournament_id=tournament.pk, what=what_of(action))
    return AuditEntry.objects.create(
        tournament=tournament,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        object_type=type(obj).__name__ if obj is not None else "",
        object_id=str(getattr(obj, "pk", "") or ""),
        before=before,
        after=after,
    )
