"""What erasing a player would change, read before anything is written (rules.md §13).

The page that asks for the confirmation shows it (``erasure_preview``) and the
service erases exactly that: the participants linked to the player, their
tournaments, and the archive versions that hold one of the person's names
(``archives_holding``), which are withdrawn and replaced by a new version.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings

from tournaments.models import Participant, Player, TournamentArchive
from tournaments.names import placeholder_name

__all__ = [
    "ErasedParticipant",
    "ErasedTournament",
    "ErasurePreview",
    "WithdrawnArchive",
    "archives_holding",
    "erasure_names",
    "erasure_preview",
]


@dataclass(frozen=True)
class ErasedParticipant:
    id: int
    name: str
    tournament: int
    has_birth_date: bool


@dataclass(frozen=True)
class ErasedTournament:
    id: int
    name: str
    date: datetime.date
    participants: tuple[ErasedParticipant, ...]


@dataclass(frozen=True)
class WithdrawnArchive:
    tournament: int
    tournament_name: str
    version: int
    sha256: str


@dataclass(frozen=True)
class ErasurePreview:
    """The player as they are now, and what an erasure would change."""

    player: Player
    tournaments: tuple[ErasedTournament, ...]
    archives: tuple[WithdrawnArchive, ...]
    #: Erased before: a second erasure changes only what was added since.
    already_erased: bool

    @property
    def participants(self) -> int:
        return sum(len(t.participants) for t in self.tournaments)


def erasure_names(
    player_name: str, participant_names: Iterable[str], *, erased_number: int | None = None
) -> list[str]:
    """The person's names to remove from the history, longest first ("Anna Maria"
    goes before "Anna"); never the placeholder of an earlier erasure (``erased_number``)."""
    placeholders = (
        {placeholder_name(erased_number, language=code) for code, _name in settings.LANGUAGES}
        if erased_number is not None
        else set()
    )
    return sorted({player_name, *participant_names} - {""} - placeholders, key=len, reverse=True)


def archives_holding(tournament_ids: Iterable[int], names: list[str]) -> list[TournamentArchive]:
    """The archive versions of these tournaments, not withdrawn yet, that hold a name."""
    if not names:
        return []
    return [
        archive
        for archive in TournamentArchive.objects.filter(
            tournament_id__in=list(tournament_ids), withdrawn__isnull=True
        )
        .select_related("tournament")
        .order_by("tournament__date", "tournament_id", "version")
        if any(name in bytes(archive.content).decode("utf-8") for name in names)
    ]


def erasure_preview(player: Player) -> ErasurePreview:
    """What ``services.player_erase`` would change for ``player`` (three queries)."""
    participants = list(
        Participant.objects.filter(player=player)
        .select_related("tournament")
        .order_by("tournament__date", "tournament_id", "id")
    )
    by_tournament: dict[int, list[Participant]] = {}
    for participant in participants:
        by_tournament.setdefault(participant.tournament_id, []).append(participant)
    tournaments = tuple(
        ErasedTournament(
            id=group[0].tournament_id,
            name=group[0].tournament.name,
            date=group[0].tournament.date,
            participants=tuple(
                ErasedParticipant(
                    id=p.pk,
                    name=p.name,
                    tournament=p.tournament_id,
                    has_birth_date=p.birth_date is not None,
                )
                for p in group
            ),
        )
        for group in by_tournament.values()
    )
    names = erasure_names(
        player.name, (p.name for p in participants), erased_number=player.erased_number
    )
    archives = tuple(
        WithdrawnArchive(
            tournament=a.tournament_id,
            tournament_name=a.tournament.name,
            version=a.version,
            sha256=a.sha256,
        )
        for a in archives_holding(by_tournament, names)
    )
    return ErasurePreview(
        player=player,
        tournaments=tournaments,
        archives=archives,
        already_erased=player.erased_number is not None,
    )
