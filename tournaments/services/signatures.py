"""Players sign a result with their PIN (rules.md §11, api.md "player confirmation").

A **player confirmation** marks one seat of a game's current result version as
confirmed by the player sitting there, who proves it with their **PIN**. A
correction is a new version with no confirmations. **Wrong PINs** are counted in
the Django cache per game and per address over a **window** of 10 minutes: up to
``FREE_MISTAKES`` wrong PINs from one address never block that address's right
PINs; the ``LIMIT``-th wrong PIN for a game, or from an address, answers 429.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import Conflict, DomainError, InvalidInput, NotAllowed, TooManyAttempts
from ..models import Game, Result, ResultSeat
from .audit import audit_log

__all__ = ["FREE_MISTAKES", "LIMIT", "WINDOW_SECONDS", "player_confirm"]

WINDOW_SECONDS = 10 * 60
FREE_MISTAKES = 5
LIMIT = 20


def _key(kind: str, value: object) -> str:
    return f"pin-wrong:{kind}:{value}"


def _count(key: str) -> int:
    return int(cache.get(key, 0))


def _count_mistake(key: str) -> int:
    cache.add(key, 0, WINDOW_SECONDS)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add and incr
        cache.set(key, 1, WINDOW_SECONDS)
        return 1


def _too_many() -> DomainError:
    return TooManyAttempts.single(
        "too_many_attempts", _("Too many wrong PINs. Please try again in 10 minutes.")
    )


def player_confirm(*, game: Game, position: int, pin: str, version: int, address: str) -> Result:
    """Confirm the current result of ``game`` for the player at ``position`` with their ``pin``.

    Raises ``429 too_many_attempts``, ``409 version_conflict`` (``version`` is
    not the current one), ``400 invalid_position`` or ``403 wrong_pin``.
    """
    game_key, address_key = _key("game", game.pk), _key("address", address)
    game_mistakes, address_mistakes = _count(game_key), _count(address_key)
    if address_mistakes >= LIMIT - 1 and address_mistakes > FREE_MISTAKES:
        raise _too_many()
    with transaction.atomic():
        result = Result.objects.current().select_for_update().filter(game=game).first()
        if result is None or result.version != version:
            raise Conflict.single(
                "version_conflict",
                _("This is not the current version of the result any more."),
                field="version",
            )
        seat = (
            ResultSeat.objects.filter(result=result, position=position)
            .select_related("participant")
            .first()
        )
        if seat is None:
            raise InvalidInput.single(
                "invalid_position", _("No player sits at this position."), field="position"
            )
        if not seat.participant.pin or seat.participant.pin != pin:  # erased: no PIN
            mistakes = max(_count_mistake(game_key), _count_mistake(address_key))
            if mistakes >= LIMIT:
                raise _too_many()
            raise NotAllowed.single("wrong_pin", _("This PIN is not right."), field="pin")
        if game_mistakes >= LIMIT - 1 and address_mistakes > FREE_MISTAKES:
            raise _too_many()
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
