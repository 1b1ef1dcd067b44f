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

from django.db.models import Subquery

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
    round: int  # 0 for the group stage and a final table, else the knockout round
    tables: tuple[SeatingTable, ...]
    part: int = 1  # the group stage's part (rules.md §14)

    @property
    def drawn(self) -> bool:
        return bool(self.tables)

    def alphabetical(self, *, active_only: bool = False) -> list[SeatedPlayer]:
        players = [
            seat for table in self.tables for seat in table.seats if seat.active or not active_only
        ]
        return sorted(players, key=lambda seat: sort_key(seat.participant.name))


def latest_part(tournament: Tournament) -> Subquery:
    """The latest drawn part of the group stage, as a subquery (rules.md §14)."""
    return Subquery(
        Table.objects.filter(tournament=tournament, stage=Stage.GROUP)
        .order_by("-part")
        .values("part")[:1]
    )


def _seating(tournament: Tournament, *, stage: str, round: int, part: int | None = None) -> Seating:
    seats = Seat.objects.filter(
        table__tournament=tournament, table__stage=stage, table__round=round
    )
    if stage == Stage.GROUP:
        seats = seats.filter(table__part=latest_part(tournament) if part is None else part)
    seats = seats.select_related("table", "participant").order_by("table__number", "position")
    tables: dict[int, tuple[Table, list[SeatedPlayer]]] = {}
    seated_part = part or 1
    for seat in seats:
        seated_part = seat.table.part
        _table, players = tables.setdefault(seat.table.number, (seat.table, []))
        players.append(
            SeatedPlayer(
                participant=seat.participant, table=seat.table.number, position=seat.position
            )
        )
    return Seating(
        stage=stage,
        round=round,
        part=seated_part,
        tables=tuple(
            SeatingTable(number=table.number, size=table.size, seats=tuple(players))
            for table, players in tables.values()
        ),
    )


def group_seating(tournament: Tournament, *, part: int | None = None) -> Seating:
    """Who sits where in the group stage: its latest drawn part, or ``part``
    (empty before the draw)."""
    return _seating(tournament, stage=Stage.GROUP, round=0, part=part)


def current_seating(tournament: Tournament, *, stage: str | None = None) -> Seating:
    """The final table or the knockout's latest round once it has started (or
    ``stage`` says so), else the group stage."""
    if stage == Stage.FINAL or (
        stage is None and Table.objects.filter(tournament=tournament, stage=Stage.FINAL).exists()
    ):
        return _seating(tournament, stage=Stage.FINAL, round=0)
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
