"""The audit log as the organiser reads it: entries, and the names its ids stand for."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from tournaments.models import AuditEntry, Game, Tournament

__all__ = ["AuditNames", "GamePlace", "audit_entries", "audit_names"]


@dataclass(frozen=True)
class GamePlace:
    """Where a game was played: its stage, round and table number."""

    stage: str
    round: int
    table: int


@dataclass(frozen=True)
class AuditNames:
    """What the ids in a tournament's audit entries stand for (two queries)."""

    games: dict[int, GamePlace]
    participants: dict[int, str]


def audit_entries(tournament: Tournament, *, action: str = "") -> QuerySet[AuditEntry]:
    """The tournament's audit entries, newest first, optionally of one action."""
    entries = (
        AuditEntry.objects.filter(tournament=tournament)
        .select_related("actor")
        .order_by("-created_at", "-id")
    )
    return entries.filter(action=action) if action else entries


def audit_names(tournament: Tournament) -> AuditNames:
    games = {
        pk: GamePlace(stage=stage, round=round, table=table)
        for pk, stage, round, table in Game.objects.filter(tournament=tournament).values_list(
            "pk", "stage", "round", "table__number"
        )
    }
    return AuditNames(
        games=games, participants=dict(tournament.participants.values_list("pk", "name"))
    )
