"""Seats as played (rules.md §12): swap two seated players after a draw.

Players sometimes sit down in the wrong seats. Before the first result at
either of their tables is recorded, an organiser may **swap** two participants
seated in the **current stage**: the group stage (any two seats) or, once the
knockout has begun, its current round (``"knockout-N"``). The seats change,
the swap is kept as a **correction** (``SeatSwap``) published with the draw
record, and the audit log says so (``seat_swapped``). Each table whose seats
changed moves to its next **seating** (``Table.seating``, its time
``seated_at``; the seats before are kept as an ``EarlierSeating``): a result
form filled in against the old seats is refused (api.md "The day's edges"),
and the table's printed scoresheets are out of date. The Sheriff rotation and
the character deal follow positions, so they need no change; a knockout
table's pick order is the seeding order of its new players.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import knockout as rules

from ..errors import Conflict, DomainError, InvalidInput
from ..models import EarlierSeating, Knockout, Result, Seat, SeatSwap, Table, Tournament
from ..selectors.hall import current_stage
from .audit import audit_log

__all__ = ["seat_swap"]


def _not_seated() -> DomainError:
    return InvalidInput.single(
        "not_seated",
        _("Choose two different participants who are seated in the current stage."),
    )


def seat_swap(*, tournament: Tournament, a: int, b: int, actor: User | None = None) -> SeatSwap:
    """Swap the seats of participants ``a`` and ``b`` of the current stage.

    Raises ``400 not_seated`` (``a`` = ``b``, or either not seated there) and
    ``409 table_started`` (a result is recorded at either table).
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        stage, tables = current_stage(tournament)
        if a == b:
            raise _not_seated()
        seats = {
            seat.participant_id: seat
            for seat in Seat.objects.filter(
                table__in=tables, participant_id__in=[a, b]
            ).select_related("table")
        }
        if set(seats) != {a, b}:
            raise _not_seated()
        seat_a, seat_b = seats[a], seats[b]
        if Result.objects.filter(game__table_id__in={seat_a.table_id, seat_b.table_id}).exists():
            raise Conflict.single(
                "table_started",
                _("A result is recorded at table %(number)s: its seats are final.")
                % {
                    "number": (
                        seat_a.table.number
                        if Result.objects.filter(game__table_id=seat_a.table_id).exists()
                        else seat_b.table.number
                    )
                },
            )
        before = {
            str(a): [seat_a.table.number, seat_a.position],
            str(b): [seat_b.table.number, seat_b.position],
        }
        _next_seating({seat_a.table_id: seat_a.table, seat_b.table_id: seat_b.table}.values())
        # Delete and recreate: swapping in place would break (table, participant) uniqueness.
        Seat.objects.filter(pk__in=[seat_a.pk, seat_b.pk]).delete()
        Seat.objects.bulk_create(
            [
                Seat(table=seat_a.table, position=seat_a.position, participant_id=b),
                Seat(table=seat_b.table, position=seat_b.position, participant_id=a),
            ]
        )
        if stage != "group" and seat_a.table_id != seat_b.table_id:
            knockout = Knockout.objects.get(tournament=tournament)
            for table in (seat_a.table, seat_b.table):
                players = list(table.seats.values_list("participant_id", flat=True))
                table.pick_order = rules.pick_order(knockout.seeding, players=players)
                table.save(update_fields=["pick_order"])
        swap = SeatSwap.objects.create(
            tournament=tournament,
            stage=stage,
            a_id=a,
            b_id=b,
            by=actor if actor is not None and actor.is_authenticated else None,
        )
        audit_log(
            tournament=tournament,
            actor=actor,
            action="seat_swapped",
            obj=swap,
            before=before,
            after={
                "stage": stage,
                "swap": [a, b],
                str(a): [seat_b.table.number, seat_b.position],
                str(b): [seat_a.table.number, seat_a.position],
            },
        )
    return swap


def _next_seating(tables: Iterable[Table]) -> None:
    """Keep each table's seats as they are now, and move it to its next seating."""
    now = timezone.now()
    for table in tables:
        EarlierSeating.objects.create(
            table=table,
            number=table.seating,
            seated_at=table.seated_at,
            participants=list(
                table.seats.order_by("position").values_list("participant_id", flat=True)
            ),
        )
        table.seating += 1
        table.seated_at = now
        table.save(update_fields=["seating", "seated_at"])
