"""The round clock (rules.md §12, api.md "Clock, calls, corrections, presence").

An organiser runs one **clock** per tournament for the hall's schedule: start it
with a number of **minutes** (1 to 600) and a **label** ("Runde 3"), pause,
resume, add minutes, stop. An action that does not fit the clock's **state**
(``RoundClock.State``; *expired* is a running clock past its end) is refused
with ``409 clock_state`` before the minutes are looked at. Starting the clock
also starts the time of every open game of the current round that has not
started yet (``game_time.round_games_start``, rules.md §14). Every action writes
an audit entry (``clock_started``, ``clock_paused``, ...), which also moves the
tournament's live version, so that open pages fetch the clock again.
The clock changes no result.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import Conflict, DomainError, InvalidInput
from ..models import RoundClock, Tournament
from ..selectors.hall import clock_state
from .audit import audit_log
from .game_time import round_games_start

__all__ = [
    "CLOCK_ACTIONS",
    "MAX_MINUTES",
    "MIN_MINUTES",
    "clock_add",
    "clock_apply",
    "clock_pause",
    "clock_resume",
    "clock_start",
    "clock_stop",
]

MIN_MINUTES = 1
MAX_MINUTES = 600
CLOCK_ACTIONS = ("start", "pause", "resume", "add", "stop")
State = RoundClock.State


def _refuse(action: str, state: str) -> DomainError:
    message = {
        "pause": _("Only a running clock can be paused."),
        "resume": _("Only a paused clock can be resumed."),
        "add": _("The clock is not running: start it first."),
    }[action]
    return Conflict.single("clock_state", message, field="action")


def _minutes(minutes: int | None) -> datetime.timedelta:
    if minutes is None or not MIN_MINUTES <= minutes <= MAX_MINUTES:
        raise InvalidInput.single(
            "invalid_minutes",
            _("The minutes must be a whole number from %(min)s to %(max)s.")
            % {"min": MIN_MINUTES, "max": MAX_MINUTES},
            field="minutes",
        )
    return datetime.timedelta(minutes=minutes)


def _snapshot(clock: RoundClock, now: datetime.datetime) -> dict[str, Any]:
    return {
        "state": clock_state(clock, now=now),
        "label": clock.label,
        "ends_at": clock.ends_at.isoformat() if clock.ends_at else None,
        "left_s": clock.left.total_seconds() if clock.left is not None else None,
    }


def clock_apply(
    *,
    tournament: Tournament,
    action: str,
    minutes: int | None = None,
    label: str = "",
    actor: User | None = None,
) -> RoundClock:
    """Apply one of ``CLOCK_ACTIONS`` to the tournament's clock (made on first use).

    ``start`` (any state) runs the clock for ``minutes`` with ``label``; ``pause``
    needs a running clock; ``resume`` a paused one; ``add`` any clock but an idle
    one (paused: the time left grows and it stays paused; expired: it runs again
    with the minutes); ``stop`` makes it idle. ``409 clock_state`` comes before
    ``400 invalid_minutes``.
    """
    if action not in CLOCK_ACTIONS:
        raise InvalidInput.single("invalid_action", _("Unknown clock action."), field="action")
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        clock, _created = RoundClock.objects.get_or_create(tournament=tournament)
        now = timezone.now()
        state = clock_state(clock, now=now)
        fits = {
            "start": True,
            "pause": state == State.RUNNING,
            "resume": state == State.PAUSED,
            "add": state != State.IDLE,
            "stop": True,
        }[action]
        if not fits:
            raise _refuse(action, state)
        before = _snapshot(clock, now)
        if action == "start":
            clock.state, clock.label = State.RUNNING, label.strip()
            clock.ends_at, clock.left = now + _minutes(minutes), None
        elif action == "pause":
            assert clock.ends_at is not None
            clock.state, clock.left, clock.ends_at = State.PAUSED, clock.ends_at - now, None
        elif action == "resume":
            assert clock.left is not None
            clock.state, clock.ends_at, clock.left = State.RUNNING, now + clock.left, None
        elif action == "add":
            extra = _minutes(minutes)
            if state == State.PAUSED:
                assert clock.left is not None
                clock.left += extra
            elif state == State.EXPIRED:
                clock.ends_at = now + extra
            else:
                assert clock.ends_at is not None
                clock.ends_at += extra
        else:
            clock.state, clock.label, clock.ends_at, clock.left = State.IDLE, "", None, None
        clock.save()
        started = round_games_start(tournament=tournament, now=now) if action == "start" else []
        past = {"start": "started", "pause": "paused", "resume": "resumed", "add": "extended"}
        audit_log(
            tournament=tournament,
            actor=actor,
            action=f"clock_{past.get(action, 'stopped')}",
            obj=clock,
            before=before,
            after={**_snapshot(clock, now), "minutes": minutes}
            | ({"games_started": started} if started else {}),
        )
    return clock


def clock_start(
    *, tournament: Tournament, minutes: int, label: str = "", actor: User | None = None
) -> RoundClock:
    return clock_apply(
        tournament=tournament, action="start", minutes=minutes, label=label, actor=actor
    )


def clock_pause(*, tournament: Tournament, actor: User | None = None) -> RoundClock:
    return clock_apply(tournament=tournament, action="pause", actor=actor)


def clock_resume(*, tournament: Tournament, actor: User | None = None) -> RoundClock:
    return clock_apply(tournament=tournament, action="resume", actor=actor)


def clock_add(*, tournament: Tournament, minutes: int, actor: User | None = None) -> RoundClock:
    return clock_apply(tournament=tournament, action="add", minutes=minutes, actor=actor)


def clock_stop(*, tournament: Tournament, actor: User | None = None) -> RoundClock:
    return clock_apply(tournament=tournament, action="stop", actor=actor)
