"""Calling a referee (rules.md §12, api.md "Clock, calls, corrections, presence").

A player **calls** a referee from their seat of a game (a table and a
**position**), proving it with their PIN (``pins.pin_check``, the
confirmations' throttle), with an optional **note** for the referees. A seat
has at most one call that is *open* or *taken* (``409 call_open``, also
enforced by the database). A referee **takes** the call (the caller's phone then
shows who is coming) and **closes** it; a closed call cannot be taken or closed
again (``409 call_closed``). Every step is in the audit log
(``call_created``, ``call_taken``, ``call_closed``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import Conflict, DomainError, InvalidInput
from ..models import Game, RefereeCall, Seat
from .audit import audit_log
from .pins import pin_check

__all__ = ["call_close", "call_create", "call_take"]


def _already_open() -> DomainError:
    return Conflict.single(
        "call_open",
        _("A referee has already been called to this seat; they are on their way."),
        field="position",
    )


def _snapshot(call: RefereeCall) -> dict[str, Any]:
    return {
        "game": call.game_id,
        "table": call.table.number,
        "position": call.position,
        "participant": call.participant_id,
        "status": call.status,
        "taken_by": call.taken_by.username if call.taken_by else None,
    }


def call_create(
    *,
    game: Game,
    position: int,
    pin: str,
    note: str = "",
    address: str = "",
    actor: Any = None,
) -> RefereeCall:
    """The player at ``position`` of ``game`` calls a referee (no login; the PIN proves it).

    ``actor`` is the request's user: on a staff member's device the PIN is
    counted against them (``pins.pin_check``).

    Raises ``400 invalid_position``, ``403 wrong_pin`` (or ``429``) and ``409 call_open``.
    """
    seat = (
        Seat.objects.filter(table_id=game.table_id, position=position)
        .select_related("participant", "table")
        .first()
    )
    if seat is None:
        raise InvalidInput.single(
            "invalid_position", _("No player sits at this position."), field="position"
        )
    pin_check(game=game, expected=seat.participant.pin, pin=pin, address=address, actor=actor)
    with transaction.atomic():
        if RefereeCall.objects.filter(
            table_id=seat.table_id,
            position=position,
            status__in=[RefereeCall.Status.OPEN, RefereeCall.Status.TAKEN],
        ).exists():
            raise _already_open()
        try:
            with transaction.atomic():
                call = RefereeCall.objects.create(
                    tournament_id=game.tournament_id,
                    game=game,
                    table=seat.table,
                    position=position,
                    participant=seat.participant,
                    note=note.strip(),
                )
        except IntegrityError:
            raise _already_open() from None
        audit_log(
            tournament=game.tournament,
            actor=None,
            action="call_created",
            obj=call,
            after=_snapshot(call),
        )
    return call


def _locked(call: RefereeCall) -> RefereeCall:
    call = (
        RefereeCall.objects.select_for_update()
        .select_related("table", "tournament")
        .get(pk=call.pk)
    )
    if call.status == RefereeCall.Status.CLOSED:
        raise Conflict.single("call_closed", _("This call has been closed already."))
    return call


def call_take(*, call: RefereeCall, actor: User) -> RefereeCall:
    """A referee takes an open (or taken) call: the caller sees that ``actor`` is coming."""
    with transaction.atomic():
        call = _locked(call)
        before = _snapshot(call)
        call.status = RefereeCall.Status.TAKEN
        call.taken_by = actor
        call.taken_at = timezone.now()
        call.save(update_fields=["status", "taken_by", "taken_at"])
        audit_log(
            tournament=call.tournament,
            actor=actor,
            action="call_taken",
            obj=call,
            before=before,
            after=_snapshot(call),
        )
    return call


def call_close(*, call: RefereeCall, actor: User) -> RefereeCall:
    """Close an open or taken call (``taken_by`` stays as it was)."""
    with transaction.atomic():
        call = _locked(call)
        before = _snapshot(call)
        call.status = RefereeCall.Status.CLOSED
        call.closed_at = timezone.now()
        call.save(update_fields=["status", "closed_at"])
        audit_log(
            tournament=call.tournament,
            actor=actor,
            action="call_closed",
            obj=call,
            before=before,
            after=_snapshot(call),
        )
    return call
