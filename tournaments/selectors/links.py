"""Which player each participant of a tournament may be: the staff's linking page.

A **suggestion** is a player ``player_suggestions`` would offer for a
participant (the same name ignoring case and accents, no different birth
date, not linked to someone else in the tournament); here they are read for
every participant without a link at once, in a fixed number of queries.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Participant, Player, Tournament
from tournaments.names import fold, sort_key

from .seasons import player_birth_dates

__all__ = ["LinkSuggestion", "link_suggestions", "same_name"]


@dataclass(frozen=True)
class LinkSuggestion:
    participant: Participant
    players: list[Player]


def same_name(participant: Participant, player: Player) -> bool:
    """Whether linking ``participant`` to ``player`` needs no question about the name."""
    return fold(participant.name) == fold(player.name)


def link_suggestions(tournament: Tournament) -> list[LinkSuggestion]:
    """Every participant of ``tournament`` without a player, with the players they
    may be (three queries), in alphabetical order."""
    unlinked = list(tournament.participants.filter(player__isnull=True))
    folded = {p.pk: fold(p.name) for p in unlinked}
    taken = tournament.participants.filter(player__isnull=False).values("player_id")
    candidates = list(
        Player.objects.filter(folded_name__in=set(folded.values()))
        .exclude(pk__in=taken)
        .order_by("id")
    )
    births = player_birth_dates(candidates)
    by_name: dict[str, list[Player]] = {}
    for player in candidates:
        by_name.setdefault(player.folded_name, []).append(player)

    def fits(participant: Participant, player: Player) -> bool:
        known = births.get(player.pk)
        return participant.birth_date is None or not known or participant.birth_date in known

    return [
        LinkSuggestion(
            participant=p,
            players=[pl for pl in by_name.get(folded[p.pk], []) if fits(p, pl)],
        )
        for p in sorted(unlinked, key=lambda p: sort_key(p.name))
    ]
