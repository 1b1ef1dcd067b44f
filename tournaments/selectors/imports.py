"""Reads for the import of signed archives (rules.md §16).

A participant **left to choose** is one of an imported tournament of the
season without a player, whose name several players share: the season's
organisers choose among those **candidates** (``player_suggestions``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Participant, Player, Season

from .seasons import player_suggestions

__all__ = ["ToChoose", "imports_to_choose"]


@dataclass(frozen=True)
class ToChoose:
    participant: Participant
    candidates: list[Player]


def imports_to_choose(season: Season) -> list[ToChoose]:
    """The participants of the season's imported tournaments left to choose."""
    waiting = (
        Participant.objects.filter(tournament__imports__season=season, player__isnull=True)
        .select_related("tournament")
        .order_by("tournament__date", "tournament_id", "name", "id")
    )
    found = [ToChoose(p, player_suggestions(p)) for p in waiting]
    return [item for item in found if len(item.candidates) > 1]
