"""Idempotency keys and the phones' reports of what they have not sent yet (rules.md §12).

- **idempotency key**: a client's word that a write is one and the same
  request however often it arrives (api.md "Idempotency"). One row per key and
  **scope** (the user, or for anonymous requests the path); the unique
  constraint lets exactly one request claim a key, across every process and
  server over the database. ``status`` is null while that first request is
  being processed; afterwards the row keeps its answer for 24 hours: the
  status, the headers that describe the body, and the body, compressed
  (zlib) where that makes it smaller (``body_zlib``). An anonymous key keeps
  the client's **address**, which may hold at most 2,000 of them within the
  24 hours (api.md "The day's edges").
- **outbox report**: a referee's phone said that it holds a submission for a
  game that it could not send yet (the progress board marks the table).
"""

from __future__ import annotations

import zlib

from django.conf import settings as django_settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .play import Game


class IdempotencyKey(models.Model):
    """One claimed key of one scope, and the answer of the request that claimed it."""

    scope = models.CharField(_("scope"), max_length=80)
    key = models.CharField(_("key"), max_length=100)
    method = models.CharField(_("method"), max_length=10)
    path = models.TextField(_("path"))
    body_sha256 = models.CharField(_("SHA-256 of the body"), max_length=64)
    created_at = models.DateTimeField(_("created"), db_index=True)
    # Null while the first request is still being processed.
    status = models.PositiveSmallIntegerField(_("status"), null=True, blank=True)
    headers = models.JSONField(_("headers"), default=dict, blank=True)
    body = models.BinaryField(_("body"), default=b"", blank=True)
    body_zlib = models.BooleanField(_("body compressed"), default=False)
    # The client's address for an anonymous key ("" for a user's): bounded per address.
    address = models.CharField(_("address"), max_length=64, blank=True, default="")

    class Meta:
        verbose_name = _("idempotency key")
        verbose_name_plural = _("idempotency keys")
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="idempotency_key_once_per_scope")
        ]
        indexes = [
            models.Index(fields=["address", "created_at"], name="idempotency_key_address"),
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.key}"

    @staticmethod
    def packed(content: bytes) -> tuple[bytes, bool]:
        """``(body, body_zlib)`` to store ``content``: compressed where that is smaller."""
        squeezed = zlib.compress(content, 6)
        return (squeezed, True) if len(squeezed) < len(content) else (content, False)

    def answer_body(self) -> bytes:
        """The stored answer's body as it was sent."""
        body = bytes(self.body)
        return zlib.decompress(body) if self.body_zlib else body


class OutboxReport(models.Model):
    """A referee's phone holds an unsent submission for ``game`` (since ``entered_at``)."""

    game = models.ForeignKey(
        Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="outbox_reports"
    )
    reported_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        verbose_name=_("reported by"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    entered_at = models.DateTimeField(_("entered on the phone"))
    reported_at = models.DateTimeField(_("reported"), auto_now=True)

    class Meta:
        verbose_name = _("unsent submission")
        verbose_name_plural = _("unsent submissions")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "reported_by"], name="one_outbox_report_per_game_and_user"
            )
        ]

    def __str__(self) -> str:
        return f"{self.game} ({self.reported_by})"
