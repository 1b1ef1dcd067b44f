"""A table's seatings (api.md "The day's edges"): the seats as drawn, and after each swap.

A **seating** of a table is its seats at one time, numbered from 0 (as drawn);
each seat swap at the table makes the next one (``Table.seating``). A result
form names the seating it was filled in against, so a result is never applied
to seats the referee did not see. ``SeatingChange`` compares two seatings by
the players' names.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import EarlierSeating, Participant, Seat, SeatSwap, Table

from .hall import current_stage

__all__ = ["SeatingChange", "seating_change", "swapped_tables"]


@dataclass(frozen=True)
class SeatingChange:
    """A table's seats at seating ``then`` (as a form had them) and at ``now``.

    ``rows``: (position, name then, name now) for every position, in order;
    ``then_known`` is False when the earlier seating is not kept (names then are "?").
    """

    table: int
    then: int
    now: int
    then_known: bool
    rows: tuple[tuple[int, str, str], ...]

    @property
    def changed(self) -> tuple[tuple[int, str, str], ...]:
        """Only the positions whose player differs."""
        return tuple(row for row in self.rows if row[1] != row[2])


def seating_change(table: Table, *, then: int) -> SeatingChange:
    """The seats of ``table`` at seating ``then`` beside its seats now, by name."""
    now = {
        seat.position: seat.participant.name
        for seat in table.seats.select_related("participant").order_by("position")
    }
    earlier = EarlierSeating.objects.filter(table=table, number=then).first()
    before: dict[int, str] = {}
    if then == table.seating:
        before = dict(now)
    elif earlier is not None:
        names = dict(
            Participant.objects.filter(pk__in=earlier.participants).values_list("pk", "name")
        )
        before = {
            position: names.get(pid, "?")
            for position, pid in enumerate(earlier.participants, start=1)
        }
    return SeatingChange(
        table=table.number,
        then=then,
        now=table.seating,
        then_known=bool(before),
        rows=tuple(
            (position, before.get(position, "?"), now.get(position, "?"))
            for position in sorted(now.keys() | before.keys())
        ),
    )


def swapped_tables(swap: SeatSwap) -> list[int]:
    """The numbers of the current stage's tables where ``swap`` changed a seat."""
    _stage, tables = current_stage(swap.tournament)
    return sorted(
        set(
            Seat.objects.filter(
                table__in=tables, participant_id__in=[swap.a_id, swap.b_id]
            ).values_list("table__number", flat=True)
        )
    )
