"""Players sign a result with their PIN (rules.md §11, api.md "History and concurrent editing").

A **player confirmation** marks one seat of a game's current result version as
confirmed by the player sitting there, who proves it with their **PIN**. A
correction is a new version with no confirmations. **Wrong PINs** are throttled
per game (``services.pins``: counted in the database, never per address).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import Conflict, DomainError, InvalidInput
from ..models import Game, Result, ResultSeat
from .audit import audit_log
from .pins import pin_check

__all__ = ["player_confirm"]


def player_confirm(
    *, game: Game, position: int, pin: str, version: int, address: str, actor: Any = None
) -> Result:
    """Confirm the current result of ``game`` for the player at ``position`` with their ``pin``.

    ``actor`` is the request's user: on a staff member's device the PIN is
    counted against them (``pins.pin_check``).

    Raises ``429 too_many_attempts``, ``409 version_conflict`` (``version`` is
    not the current one), ``400 invalid_position`` or ``403 wrong_pin``.
    """
    seat = _seat(game=game, position=position, version=version)
    # Counted and committed on its own: a refusal must not roll the count back.
    pin_check(game=game, expected=seat.participant.pin, pin=pin, address=address, actor=actor)
    with transaction.atomic():
        result = Result.objects.current().select_for_update().filter(game=game).first()
        if result is None or result.version != version:
            raise _stale()
        seat = ResultSeat.objects.get(pk=seat.pk)
        if seat.player_confirmed_at is None:
            seat.player_confirmed_at = timezone.now()
            seat.save(update_fields=["player_confirmed_at"])
            audit_log(
                tournament=game.tournament,
                actor=None,
                action="result_player_confirmed",
                obj=result,
                after={"game": game.pk, "version": version, "position": position},
            )
    return result


def _stale() -> DomainError:
    return Conflict.single(
        "version_conflict",
        _("This is not the current version of the result any more."),
        field="version",
    )


def _seat(*, game: Game, position: int, version: int) -> ResultSeat:
    """The seat at ``position`` of the game's current result, if ``version`` is current."""
    result = Result.objects.current().filter(game=game).first()
    if result is None or result.version != version:
        raise _stale()
    seat = (
        ResultSeat.objects.filter(result=result, position=position)
        .select_related("participant")
        .first()
    )
    if seat is None:
        raise InvalidInput.single(
            "invalid_position", _("No player sits at this position."), field="position"
        )
    return seat
