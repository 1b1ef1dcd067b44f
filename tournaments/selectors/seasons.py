"""Reads of players and seasons: the season ranking, suggestions, a player's record.

Words used here (rules.md §13; the rules themselves are in ``scoring.season``):

- A **tournament record** (``TournamentRecord``) is what a season needs of one
  tournament: whether it has a final ranking, the place of each ranked
  participant, the player each participant is linked to, and its counted
  games (for the rating). ``season_standing`` takes the records from its
  caller, which keeps them once per state of each tournament
  (``tournaments.live.seasons``); these reads know no cache.
- An **entrant** is ``("player", id)`` or, for a participant without a player
  link, ``("participant", id)``.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import QuerySet

from scoring import season as season_rules
from tournaments.models import (
    ArchiveImport,
    Participant,
    Player,
    ResultSeat,
    Season,
    SeasonTournament,
    Tournament,
    TournamentArchive,
)
from tournaments.models.seasons import SEASON_ORDER
from tournaments.names import fold
from tournaments.selectors.knockout import final_ranking

__all__ = [
    "Entrant",
    "SeasonResult",
    "SeasonRow",
    "SeasonStanding",
    "SeasonTournamentLine",
    "TournamentRecord",
    "player_birth_dates",
    "player_suggestions",
    "players_search",
    "season_archives",
    "season_standing",
    "tournament_record",
]

Entrant = tuple[str, int]


@dataclass(frozen=True)
class TournamentRecord:
    tournament: int
    name: str
    date: datetime.date
    final: bool
    #: participant id → final place, ranked participants only (N = len).
    places: dict[int, int]
    #: participant id → (name, nationality, player id or None), for everyone ranked or playing.
    people: dict[int, tuple[str, str, int | None]]
    #: the counted games in the order their results were recorded: (participant, won) seats.
    games: list[list[tuple[int, bool]]]

    def entrant(self, participant: int) -> Entrant:
        player = self.people[participant][2]
        return ("player", player) if player is not None else ("participant", participant)


def tournament_record(tournament: Tournament) -> TournamentRecord:
    """What a season needs of ``tournament``; of an imported tournament (rules.md §16),
    the places and games its archive carried."""
    imported = ArchiveImport.objects.filter(tournament=tournament).only("record").first()
    if imported is not None:
        return _imported_record(tournament, imported)
    ranking = final_ranking(tournament)
    places = {row.participant.pk: row.place for row in ranking.rows if not row.excluded}
    people = {
        p.pk: (p.name, str(p.nationality), p.player_id)
        for p in tournament.participants.order_by("id")
    }
    games: dict[int, list[tuple[int, bool]]] = {}
    for game_id, participant, won in (
        ResultSeat.objects.counting(tournament)
        .order_by("result__game_id", "position")
        .values_list("result__game_id", "participant_id", "won")
    ):
        games.setdefault(game_id, []).append((participant, bool(won)))
    return TournamentRecord(
        tournament=tournament.pk,
        name=tournament.name,
        date=tournament.date,
        final=ranking.final,
        places=places,
        people=people,
        games=[games[g] for g in sorted(games)],
    )


def _imported_record(tournament: Tournament, imported: ArchiveImport) -> TournamentRecord:
    people = {
        p.pk: (p.name, str(p.nationality), p.player_id)
        for p in tournament.participants.order_by("id")
    }
    return TournamentRecord(
        tournament=tournament.pk,
        name=tournament.name,
        date=tournament.date,
        final=True,
        places={int(p): place for p, place in imported.record["places"].items()},
        people=people,
        games=[[(int(p), bool(won)) for p, won in game] for game in imported.record["games"]],
    )


@dataclass(frozen=True)
class SeasonTournamentLine:
    tournament: int
    name: str
    date: datetime.date
    weight: Fraction
    counted: bool
    participants: int


@dataclass(frozen=True)
class SeasonResult:
    tournament: int
    tournament_name: str
    place: int
    points: Fraction
    counted: bool


@dataclass(frozen=True)
class SeasonRow:
    rank: int | None
    player: int | None
    participant: int | None
    name: str
    nationality: str
    score: Fraction
    events: int
    best: Fraction
    qualified: bool
    rating: float | None
    results: list[SeasonResult]


@dataclass(frozen=True)
class SeasonStanding:
    season: Season
    tournaments: list[SeasonTournamentLine]
    rows: list[SeasonRow]
    unranked: list[SeasonRow]
    qualifiers: int
    extra_qualifiers: int


def season_standing(
    season: Season, *, record_of: Callable[[Tournament], TournamentRecord] = tournament_record
) -> SeasonStanding:
    """The season ranking (rules.md §13): the entries and the players in two queries,
    and each tournament's record from ``record_of`` (computed here, unless the caller
    keeps them)."""
    entries = list(
        SeasonTournament.objects.filter(season=season)
        .select_related("tournament")
        .order_by(*SEASON_ORDER)
    )
    records = {e.tournament_id: record_of(e.tournament) for e in entries}
    events: list[season_rules.Event[Entrant]] = []
    games: list[list[tuple[Entrant, bool]]] = []
    people: dict[Entrant, tuple[str, str]] = {}
    lines: list[SeasonTournamentLine] = []
    for entry in entries:
        record = records[entry.tournament_id]
        weight = Fraction(entry.weight)
        lines.append(
            SeasonTournamentLine(
                tournament=record.tournament,
                name=record.name,
                date=record.date,
                weight=weight,
                counted=record.final,
                participants=len(record.places),
            )
        )
        if not record.final:
            continue  # listed, not counted: only tournaments with a final ranking count
        events.append(
            season_rules.Event(
                key=record.tournament,
                weight=weight,
                places={record.entrant(p): place for p, place in record.places.items()},
            )
        )
        for participant in record.places:
            name, nationality, _player = record.people[participant]
            people[record.entrant(participant)] = (name, nationality)
        for game in record.games:
            games.append([(record.entrant(p), won) for p, won in game])
    ranking = season_rules.season_ranking(
        events,
        best_of=season.best_of,
        min_events=season.min_events,
        qualifiers=season.qualifiers,
    )
    ratings = season_rules.rating(games)
    player_ids = [e[1] for e in people if e[0] == "player"]
    players = {p.pk: p for p in Player.objects.filter(pk__in=player_ids)}
    names = {line.tournament: line.name for line in lines}

    def row(r: season_rules.Row[Entrant]) -> SeasonRow:
        kind, key = r.entrant
        name, nationality = people[r.entrant]
        player = players.get(key) if kind == "player" else None
        if player is not None:
            name, nationality = player.name, str(player.nationality) or nationality
        rated = ratings.get(r.entrant)
        return SeasonRow(
            rank=r.rank,
            player=key if kind == "player" else None,
            participant=key if kind == "participant" else None,
            name=name,
            nationality=nationality,
            score=r.score,
            events=r.events,
            best=r.best,
            qualified=r.qualified,
            rating=rated.shown if rated else None,
            results=[
                SeasonResult(
                    tournament=int(str(res.event)),
                    tournament_name=names[int(str(res.event))],
                    place=res.place,
                    points=res.points,
                    counted=res.counted,
                )
                for res in r.results
            ],
        )

    def order(rows: Iterable[SeasonRow]) -> list[SeasonRow]:
        # The season's order; rows that share a rank by name, then id.
        return sorted(
            rows,
            key=lambda x: (
                *season_rules.rank_key(x),
                fold(x.name),
                x.player or 0,
                x.participant or 0,
            ),
        )

    return SeasonStanding(
        season=season,
        tournaments=lines,
        rows=order(row(r) for r in ranking.rows),
        unranked=order(row(r) for r in ranking.unranked),
        qualifiers=ranking.qualifiers,
        extra_qualifiers=ranking.extra_qualifiers,
    )


def players_search(search: str = "") -> QuerySet[Player]:
    """Players whose name contains ``search``, ignoring case and accents."""
    players = Player.objects.order_by("name", "id")
    folded = fold(search)
    return players.filter(folded_name__contains=folded) if folded else players


def player_birth_dates(players: Iterable[Player]) -> dict[int, set[datetime.date]]:
    """Each player's birth dates: those of its linked participants (staff only)."""
    found: dict[int, set[datetime.date]] = {}
    for player, birth in Participant.objects.filter(
        player__in=list(players), birth_date__isnull=False
    ).values_list("player_id", "birth_date"):
        if birth is not None:
            found.setdefault(player, set()).add(birth)
    return found


def player_suggestions(participant: Participant) -> list[Player]:
    """Players who may be ``participant`` (rules.md §13): the same name ignoring case
    and accents, unless both have a birth date and they differ."""
    candidates = list(
        Player.objects.filter(folded_name=fold(participant.name))
        .exclude(
            participants__in=Participant.objects.filter(
                tournament_id=participant.tournament_id
            ).exclude(pk=participant.pk)
        )
        .order_by("id")
    )
    births = player_birth_dates(candidates)
    return [
        p
        for p in candidates
        if participant.birth_date is None
        or not births.get(p.pk)
        or participant.birth_date in births[p.pk]
    ]


def season_archives(season: Season) -> list[TournamentArchive]:
    """Every archive version of the season's tournaments."""
    return list(
        TournamentArchive.objects.filter(tournament__season_entries__season=season)
        .defer("content")
        .order_by(*SEASON_ORDER, "version")
    )
