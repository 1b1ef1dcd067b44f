"""The PIN throttle per game (api.md "Idempotency", rules.md §12 "Shared addresses").

Player confirmations and calls for a referee prove a player with their PIN.
Wrong PINs are counted **per game**, from any addresses, in the database
(``PinMistake``), so every app process and server sees the same count:

- a right PIN is refused (``429``) only while the game has had more than
  ``FREE_MISTAKES`` (5) wrong PINs within the last ``WINDOW`` (10 minutes)
  **and** the game is locked;
- the ``LIMIT``-th (20th) wrong PIN within the window locks the game: it and
  every later PIN for that game, the right one included, answer ``429`` until
  ``WINDOW`` after the game's last wrong PIN (wrong PINs while locked keep it
  locked);
- while a game is locked with ``LIMIT`` mistakes in the window, a further
  wrong PIN moves the newest record's time on instead of adding one, so a
  sustained attack keeps the lock (and the count above 5) in a bounded table;
- wrong PINs for other games, from the same address or not, never refuse a
  right PIN: there is no address-wide count. The address (the caller passes
  ``tournaments.http.client.client_address``, which honours
  ``DJANGO_TRUSTED_PROXIES``) is stored with each mistake for the record only;
- a PIN typed on the device of a logged-in **staff member of the tournament**
  (a referee's phone passed around the table; ``actor``) is counted against
  that staff member, apart from the anonymous count: whatever strangers guess,
  the referee's phone is never locked out of a game, and only the staff
  member's own wrong PINs lock it (api.md "PINs typed on a staff member's
  device"). Anyone else, logged in or not, shares the anonymous count.

PINs are compared regardless of case and of spaces around them (api.md "The
day's edges": ``9mjltt`` is ``9MJLTT``), in constant time.

``pin_check`` is the one entry point; it commits its count itself, so call it
outside the caller's transaction (a refusal must not roll the count back).
"""

from __future__ import annotations

import hmac
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import DomainError, NotAllowed, TooManyAttempts
from ..models import Game, PinMistake
from ..permissions import is_staff_of

__all__ = ["FREE_MISTAKES", "LIMIT", "WINDOW", "pin_check"]

WINDOW = timedelta(minutes=10)
FREE_MISTAKES = 5
LIMIT = 20


def _too_many() -> DomainError:
    return TooManyAttempts.single(
        "too_many_attempts", _("Too many wrong PINs. Please try again in 10 minutes.")
    )


def same_pin(pin: str, expected: str) -> bool:
    """Whether ``pin`` as typed is ``expected`` (case and surrounding spaces do not matter)."""
    if not expected:
        return False
    typed = pin.strip().upper().encode()
    return hmac.compare_digest(typed, expected.strip().upper().encode())


def pin_check(*, game: Game, expected: str, pin: str, address: str, actor: Any = None) -> None:
    """Check ``pin`` against ``expected`` for ``game`` under the game's throttle.

    ``actor`` is the request's user (anonymous or None for a player's phone).
    Returns when the PIN is right and its count is not throttled; raises
    ``403 wrong_pin`` or ``429 too_many_attempts``. A wrong PIN is counted
    (committed) before the refusal is raised.
    """
    right = same_pin(pin, expected)
    staff = actor if is_staff_of(actor, game.tournament_id) else None
    now = timezone.now()
    with transaction.atomic():
        # One game's checks one after the other (PostgreSQL; SQLite writes are serial).
        Game.objects.select_for_update().filter(pk=game.pk).exists()
        recent = PinMistake.objects.filter(game=game, staff=staff, at__gt=now - WINDOW)
        count = recent.count()
        last = recent.order_by("-at", "-id").only("locking").first()
        locked = last is not None and last.locking
        if right:
            if locked and count > FREE_MISTAKES:
                raise _too_many()
            return
        PinMistake.objects.filter(game=game, at__lte=now - WINDOW).delete()
        locking = locked or count + 1 >= LIMIT
        if locked and count >= LIMIT:
            # Bounded rows under a sustained attack: the newest one moves on.
            assert last is not None
            PinMistake.objects.filter(pk=last.pk).update(at=now, address=address[:64])
        else:
            PinMistake.objects.create(
                game=game, staff=staff, at=now, address=address[:64], locking=locking
            )
    if locking:
        raise _too_many()
    raise NotAllowed.single("wrong_pin", _("This PIN is not right."), field="pin")
