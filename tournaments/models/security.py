"""Throttle records every app process shares (rules.md §12 "Shared addresses",
api.md "Authentication and who may do what").

- **PIN mistake**: one wrong PIN for one game (player confirmations, calls for
  a referee), with the time, the client's address and, when it was typed on
  the device of a logged-in staff member of the tournament, that **staff**
  member. The throttle (``services.pins``) counts a game's mistakes of the
  last 10 minutes, the anonymous ones together and each staff member's apart;
  rows older than that are deleted as new ones come.
- **login device**: a browser that logged in to one account successfully (the
  nonce in its signed device cookie, OWASP "device cookies"). Its wrong
  passwords are counted on this row, apart from the account's count, so an
  attacker's failures never lock the organiser's own browser out
  (``tournaments.login_throttle``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .play import Game


class PinMistake(models.Model):
    """A wrong PIN for a game; ``locking`` once the throttle refuses every PIN of its count
    (the anonymous one, or ``staff``'s own)."""

    game = models.ForeignKey(
        Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="pin_mistakes"
    )
    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("staff member"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
    )
    at = models.DateTimeField(_("time"), db_index=True)
    address = models.CharField(_("address"), max_length=64, blank=True, default="")
    locking = models.BooleanField(_("locking"), default=False)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["game", "at"], name="pin_mistake_game_at")]
        verbose_name = _("PIN mistake")
        verbose_name_plural = _("PIN mistakes")

    def __str__(self) -> str:
        return f"{self.game_id} {self.at:%H:%M:%S}"


class LoginDevice(models.Model):
    """A browser that logged in to ``username`` before, with its own failure count."""

    nonce = models.CharField(_("nonce"), max_length=64, unique=True)
    username = models.CharField(_("username"), max_length=150, db_index=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    failures = models.PositiveIntegerField(_("failures"), default=0)
    last_failure_at = models.DateTimeField(_("last failure"), null=True, blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("login device")
        verbose_name_plural = _("login devices")

    def __str__(self) -> str:
        return f"{self.username} {self.nonce[:8]}"
