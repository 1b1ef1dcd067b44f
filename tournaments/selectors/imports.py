"""Reads for the import of signed archives (rules.md §16).

A participant **left to choose** is one of an imported tournament of the
season without a player, whose name several players share (ignoring case and
accents, as §13 suggests; archives carry no birth dates): the season's
organisers choose among those **candidates**. Players linked to another
participant of the same tournament are no candidates.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from tournaments.models import Participant, Player, Season
from tournaments.names import fold

__all__ = ["ToChoose", "imports_to_choose"]


@dataclass(frozen=True)
class ToChoose:
    participant: Participant
    candidates: list[Player]


def imports_to_choose(season: Season) -> list[ToChoose]:
    """The participants of the season's imported tournaments left to choose (three
    queries, however many there are)."""
    waiting = list(
        Participant.objects.filter(tournament__imports__season=season, player__isnull=True)
        .select_related("tournament")
        .order_by("tournament__date", "tournament_id", "name", "id")
    )
    by_name: dict[str, list[Player]] = defaultdict(list)
    for player in Player.objects.filter(folded_name__in={fold(p.name) for p in waiting}).order_by(
        "id"
    ):
        by_name[player.folded_name].append(player)
    taken: dict[int, set[int]] = defaultdict(set)
    for tournament_id, player_id in Participant.objects.filter(
        tournament_id__in={p.tournament_id for p in waiting}, player__isnull=False
    ).values_list("tournament_id", "player_id"):
        if player_id is not None:
            taken[tournament_id].add(player_id)
    found = [
        ToChoose(
            p,
            [c for c in by_name[fold(p.name)] if c.pk not in taken[p.tournament_id]],
        )
        for p in waiting
    ]
    return [item for item in found if len(item.candidates) > 1]
