"""What the hall's pages and the API read of the clock, the calls and the corrections.

- ``ClockView``: the round clock as everyone sees it (api.md): its **state**
  (``idle``, ``running``, ``paused``, ``expired``), **label**, **ends_at** and
  **remaining_s** (whole seconds, rounded up) at **server_time**. Pages count
  down from ``remaining_s`` with their own monotonic clock, never from the
  phone's time of day.
- ``open_calls``: the calls for a referee that are not closed yet, oldest first.
- ``seat_corrections``: the seat swaps after a stage's draw, oldest first.
- ``current_stage``: the stage whose seats can still be corrected, and its
  tables; ``swap_options``: the seats an organiser may swap there, and every
  swap so far.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

from django.db.models import OuterRef, QuerySet, Subquery
from django.utils import timezone

from tournaments.models import (
    Game,
    Knockout,
    Participant,
    RefereeCall,
    Result,
    RoundClock,
    Seat,
    SeatSwap,
    Stage,
    Table,
    Tournament,
)

__all__ = [
    "ClockView",
    "SwapOptions",
    "call_target",
    "calls_of",
    "champion_of",
    "clock_state",
    "clock_view",
    "current_stage",
    "open_calls",
    "seat_corrections",
    "swap_options",
]


def clock_state(clock: RoundClock | None, *, now: datetime.datetime) -> str:
    """The clock's state as everyone sees it: a running clock past its end is *expired*."""
    if clock is None:
        return RoundClock.State.IDLE
    if (
        clock.state == RoundClock.State.RUNNING
        and clock.ends_at is not None
        and clock.ends_at <= now
    ):
        return RoundClock.State.EXPIRED
    return str(clock.state)


@dataclass(frozen=True)
class ClockView:
    state: str
    label: str | None
    ends_at: datetime.datetime | None
    remaining_s: int
    server_time: datetime.datetime


def _whole_seconds_up(delta: datetime.timedelta) -> int:
    return max(0, math.ceil(delta.total_seconds()))


def clock_view(tournament: Tournament | int, *, now: datetime.datetime | None = None) -> ClockView:
    """The tournament's clock now (one query; ``idle`` if it never ran)."""
    now = now or timezone.now()
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    clock = RoundClock.objects.filter(tournament_id=tournament_id).first()
    state = clock_state(clock, now=now)
    if clock is None or state == RoundClock.State.IDLE:
        return ClockView(state=state, label=None, ends_at=None, remaining_s=0, server_time=now)
    if state == RoundClock.State.PAUSED:
        assert clock.left is not None
        remaining = _whole_seconds_up(clock.left)
        return ClockView(
            state=state, label=clock.label, ends_at=None, remaining_s=remaining, server_time=now
        )
    assert clock.ends_at is not None
    remaining = 0 if state == RoundClock.State.EXPIRED else _whole_seconds_up(clock.ends_at - now)
    return ClockView(
        state=state,
        label=clock.label,
        ends_at=clock.ends_at,
        remaining_s=remaining,
        server_time=now,
    )


def calls_of(tournament: Tournament, *, status: str | None = None) -> QuerySet[RefereeCall]:
    """The tournament's calls for a referee (``status``: one status, None: all), oldest first."""
    calls = RefereeCall.objects.filter(tournament=tournament).select_related(
        "table", "participant", "taken_by"
    )
    if status is not None:
        calls = calls.filter(status=status)
    return calls.order_by("created_at", "id")


def open_calls(tournament: Tournament) -> list[RefereeCall]:
    """The calls a referee still has to answer (open or taken), oldest first."""
    return list(
        calls_of(tournament).exclude(status=RefereeCall.Status.CLOSED).order_by("created_at", "id")
    )


def call_target(participant: Participant) -> tuple[Game, int] | None:
    """The game a participant would call a referee to, and their position there: their
    open knockout game, else their first open group game (None when they have none).
    One query."""
    position = Seat.objects.filter(table=OuterRef("table"), participant=participant).values(
        "position"
    )[:1]
    game = (
        Game.objects.filter(table__seats__participant=participant, status=Game.Status.OPEN)
        .annotate(position=Subquery(position))
        .select_related("table")
        .order_by("-stage", "-table__round", "round")
        .first()
    )
    if game is None:
        return None
    return game, int(game.position)


def champion_of(tournament: Tournament) -> Participant | None:
    """The tournament's champion, once named (one query)."""
    knockout = (
        Knockout.objects.filter(tournament=tournament, champion__isnull=False)
        .select_related("champion")
        .first()
    )
    return knockout.champion if knockout is not None else None


def seat_corrections(tournament: Tournament, *, stage: str) -> list[SeatSwap]:
    """The seat swaps after the draw of ``stage`` (``"group"``, ``"knockout-N"``), oldest first."""
    return list(
        SeatSwap.objects.filter(tournament=tournament, stage=stage)
        .select_related("a", "b")
        .order_by("id")
    )


def current_stage(tournament: Tournament) -> tuple[str, list[Table]]:
    """The stage whose seats can be corrected (``"group"``, ``"knockout-N"``) and its tables."""
    knockout = Knockout.objects.filter(tournament=tournament).first()
    if knockout is not None:
        tables = Table.objects.filter(
            tournament=tournament, stage=Stage.KNOCKOUT, round=knockout.current_round
        )
        return f"knockout-{knockout.current_round}", list(tables)
    return "group", list(Table.objects.filter(tournament=tournament, stage=Stage.GROUP))


@dataclass(frozen=True)
class SwapOptions:
    """What the draw page offers for seat corrections (rules.md §12)."""

    stage: str
    #: The seats of the current stage's tables that have no result yet, with
    #: their table and participant, in table and seat order.
    seats: list[Seat]
    #: Every swap of the tournament, oldest first, with both participants.
    swaps: list[SeatSwap]


def swap_options(tournament: Tournament) -> SwapOptions:
    """The seats an organiser may still swap, and the swaps so far (four queries)."""
    stage, tables = current_stage(tournament)
    started = set(
        Result.objects.filter(game__table__in=tables).values_list("game__table_id", flat=True)
    )
    seats = (
        Seat.objects.filter(table__in=[t for t in tables if t.pk not in started])
        .select_related("table", "participant")
        .order_by("table__number", "position")
    )
    swaps = SeatSwap.objects.filter(tournament=tournament).select_related("a", "b").order_by("id")
    return SwapOptions(stage=stage, seats=list(seats), swaps=list(swaps))
