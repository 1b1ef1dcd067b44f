"""Who sits where: the one read behind the public seating page, the seating
PDF and the projector's seating view.

Read models (frozen dataclasses):

- ``SeatedPlayer``: a participant at a table and position;
- ``SeatingTable``: one table with its seats by position;
- ``Seating``: the tables of one stage (the group stage, or one knockout
  round) by number; ``alphabetical()`` lists everybody by name as people
  expect it (case and accents do not count first).

One query, however many tables: the seats with their tables and participants
(a table without seats does not exist: the draw seats every table it makes).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Participant, Seat, Stage, Table, Tournament
from tournaments.names import sort_key

__all__ = [
    "SeatedPlayer",
    "Seating",
    "SeatingTable",
    "current_seating",
    "group_seating",
]


@dataclass(frozen=True)
class SeatedPlayer:
    participant: Participant
    table: int
    position: int

    @property
    def active(self) -> bool:
        return self.participant.status == Participant.Status.ACTIVE


@dataclass(frozen=True)
class SeatingTable:
    number: int
    size: int
    seats: tuple[SeatedPlayer, ...]


@dataclass(frozen=True)
class Seating:
    stage: str
    round: int  # 0 for the group stage, else the knockout round
    tables: tuple[SeatingTable, ...]

    @property
    def drawn(self) -> bool:
        return bool(self.tables)

    def alphabetical(self, *, active_only: bool = False) -> list[SeatedPlayer]:
        players = [
            seat for table in self.tables for seat in table.seats if seat.active or not active_only
        ]
        return sorted(players, key=lambda seat: sort_key(seat.participant.name))


def _seating(tournament: Tournament, *, stage: str, round: int) -> Seating:
    seats = (
        Seat.objects.filter(table__tournament=tournament, table__stage=stage, table__round=round)
        .select_related("table", "participant")
        .order_by("table__number", "position")
    )
    tables: dict[int, tuple[Table, list[SeatedPlayer]]] = {}
    for seat in seats:
        _table, players = tables.setdefault(seat.table.number, (seat.table, []))
        players.append(
            SeatedPlayer(
                participant=seat.participant, table=seat.table.number, position=seat.position
            )
        )
    return Seating(
        stage=stage,
        round=round,
        tables=tuple(
            SeatingTable(number=table.number, size=table.size, seats=tuple(players))
            for table, players in tables.values()
        ),
    )


def group_seating(tournament: Tournament) -> Seating:
    """Who sits where in the group stage (empty before the draw)."""
    return _seating(tournament, stage=Stage.GROUP, round=0)


def current_seating(tournament: Tournament, *, stage: str | None = None) -> Seating:
    """The knockout's latest round once it has started (or ``stage`` says so),
    else the group stage."""
    latest = (
        Table.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT)
        .order_by("-round")
        .values_list("round", flat=True)
        .first()
    )
    if stage is None:
        stage = Stage.GROUP if latest is None else Stage.KNOCKOUT
    if stage == Stage.KNOCKOUT:
        round = latest or 0
        return _seating(tournament, stage=Stage.KNOCKOUT, round=round)
    return group_seating(tournament)
