"""Everything one participant's page shows, as a read model of frozen dataclasses.

Words used here:

- The **group seat** is the participant's table number and position in the
  group stage; the player at position *n* is the Sheriff in round *n*.
- **Table-mates** are everyone seated at that group table, the participant
  included, by position.
- A game's **outcome** for the participant: ``won`` or ``lost`` from their
  counting result line; ``void`` if the game was not played (or was played
  after they had left the tournament); ``open`` if it is not played yet or its
  result awaits confirmation.
- The **knockout path** is the participant's knockout games in order; the last
  one carries ``champion`` if they won the final.
- The **seed number** is their place on the knockout's seeding list.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from django.db.models import F
from django.utils.functional import Promise

from tournaments.models import (
    Game,
    Participant,
    Penalty,
    ResultSeat,
    Stage,
    Tournament,
)
from tournaments.names import fold
from tournaments.selectors.standings import StandingRow, group_standings

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

__all__ = [
    "GroupSeat",
    "KnockoutStep",
    "Outcome",
    "PenaltyLine",
    "PlayerGame",
    "PlayerRecord",
    "TableMate",
    "participants_named",
    "player_record",
    "registered_name_keys",
]

Outcome = Literal["won", "lost", "open", "void"]


@dataclass(frozen=True)
class GroupSeat:
    """Where the participant sits in the group stage."""

    table: int
    position: int


@dataclass(frozen=True)
class TableMate:
    """A player at the participant's group table (the participant included)."""

    position: int
    participant_id: int
    name: str


@dataclass(frozen=True)
class PlayerGame:
    """One game at one of the participant's tables; role and figures once it counts."""

    stage: Stage
    round: int
    table: int
    outcome: Outcome
    role: str | None = None
    lives: int | None = None
    bounty: int | None = None
    part: int = 1  # the part of the group stage (rules.md §14)
    sheriff: bool = False  # the participant is this game's Sheriff (group stage)

    @property
    def role_label(self) -> StrOrPromise | None:
        """The role's translated name, or ``None`` while the game has no counting result."""
        return ResultSeat.RoleChoice(self.role).label if self.role else None


@dataclass(frozen=True)
class KnockoutStep:
    """One knockout game of the participant; ``champion`` on the final they won."""

    round: int
    table: int
    outcome: Outcome
    champion: bool = False


@dataclass(frozen=True)
class PenaltyLine:
    """A penalty the participant received."""

    kind: str
    amount: int
    reason: str
    created_at: datetime.datetime

    @property
    def kind_label(self) -> Promise:
        return Penalty.Kind(self.kind).label


@dataclass(frozen=True)
class PlayerRecord:
    """One participant's page: seat, standing, games, knockout path and penalties."""

    participant: Participant
    standing: StandingRow | None
    group_seat: GroupSeat | None
    table_mates: tuple[TableMate, ...]
    games: tuple[PlayerGame, ...]
    knockout_path: tuple[KnockoutStep, ...]
    penalties: tuple[PenaltyLine, ...]
    seed_number: int | None


def outcome_of(game: Game, line: ResultSeat | None, *, active: bool = True) -> Outcome:
    """won / lost from the participant's result line; otherwise open or not played."""
    if line is not None:
        return "won" if line.won else "lost"
    if game.status == Game.Status.VOID:
        return "void"
    if game.status == Game.Status.RECORDED and not active:
        return "void"  # played after this participant had left the table
    return "open"  # not played yet, or its result is awaiting confirmation


def player_record(tournament: Tournament, participant: Participant) -> PlayerRecord:
    """Everything ``participant``'s page shows, in a constant number of queries.

    The standings once (they carry every group seat, so the table-mates cost
    nothing more), then one query each for the games, the participant's
    counting result lines and the penalties. ``tournament.knockout`` is read
    as loaded (``select_related`` it to save a query).
    """
    standings = group_standings(tournament)
    standing = next((r for r in standings.rows if r.participant.pk == participant.pk), None)
    group_seat = (
        GroupSeat(table=standing.table, position=standing.position)
        if standing is not None and standing.table is not None and standing.position is not None
        else None
    )
    table_mates = (
        tuple(
            sorted(
                (
                    TableMate(
                        position=r.position,
                        participant_id=r.participant.pk,
                        name=r.participant.name,
                    )
                    for r in standings.rows
                    if r.table == group_seat.table and r.position is not None
                ),
                key=lambda mate: mate.position,
            )
        )
        if group_seat is not None
        else ()
    )

    games = (
        Game.objects.filter(tournament=tournament, table__seats__participant=participant)
        .select_related("table")
        # The join of the filter: the participant's own seat at each game's table.
        .annotate(own_position=F("table__seats__position"))
        .order_by("stage", "part", "round", "table__number")
    )
    line_by_game = {
        line.result.game_id: line
        for line in ResultSeat.objects.counting(tournament)
        .filter(participant=participant)
        .select_related("result")
    }
    penalties = tuple(
        PenaltyLine(kind=p.kind, amount=p.amount, reason=p.reason, created_at=p.created_at)
        for p in Penalty.objects.filter(tournament=tournament, participant=participant)
    )

    knockout = getattr(tournament, "knockout", None)
    active = participant.status == Participant.Status.ACTIVE
    played: list[PlayerGame] = []
    path: list[KnockoutStep] = []
    # The qualifying stage first, then what follows it (knockout or final table).
    for game in sorted(games, key=lambda g: (g.stage != Stage.GROUP, g.part, g.round)):
        line = line_by_game.get(game.pk)
        outcome = outcome_of(game, line, active=active)
        played.append(
            PlayerGame(
                stage=Stage(game.stage),
                round=game.round,
                table=game.table.number,
                outcome=outcome,
                role=line.role or None if line else None,
                lives=line.lives if line else None,
                bounty=line.bounty if line else None,
                part=game.part,
                sheriff=game.stage != Stage.KNOCKOUT
                and game.sheriff_position is not None
                and getattr(game, "own_position", None) == game.sheriff_position,
            )
        )
        if game.stage == Stage.KNOCKOUT:
            path.append(KnockoutStep(round=game.round, table=game.table.number, outcome=outcome))
    if path and knockout is not None and knockout.champion_id == participant.pk:
        path[-1] = replace(path[-1], champion=True)  # the final they won
    seed_number = (
        knockout.seeding.index(participant.pk) + 1
        if knockout is not None and participant.pk in knockout.seeding
        else None
    )
    return PlayerRecord(
        participant=participant,
        standing=standing,
        group_seat=group_seat,
        table_mates=table_mates,
        games=tuple(played),
        knockout_path=tuple(path),
        penalties=penalties,
        seed_number=seed_number,
    )


def registered_name_keys(tournament: Tournament) -> set[str]:
    """Every participant's name registered for the tournament, folded (one query)."""
    return {fold(n) for n in tournament.participants.values_list("name", flat=True)}


def participants_named(
    tournament: Tournament, name: str, *, exclude: int | None = None
) -> list[str]:
    """Names of other participants spelt like ``name`` (folded: case, accents and
    spacing ignored): the staff are warned about a duplicate registration."""
    wanted = fold(name)
    others = tournament.participants.all()
    if exclude is not None:
        others = others.exclude(pk=exclude)
    return [n for n in others.values_list("name", flat=True) if fold(n) == wanted]
