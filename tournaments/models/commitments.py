"""Verifiable draws (rules.md §11): the draw algorithm a record carries, and commitments.

- **algorithm**: the name and version of the lot algorithm a draw record was
  made with (``scoring.lots``): new draws ``ALGORITHM``; records made before it
  existed carry ``LEGACY_ALGORITHM`` so that they keep verifying.
- **commitment**: the SHA-256 (``scoring.lots.commitment_of``) of a secret seed
  the server picked, published before a draw. The draw made with it reveals the
  seed (``used_for`` names that draw: ``"group"``, ``"knockout-1"``, ...). Every
  commitment stays listed, used or not.
"""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.deal import DEAL_ALGORITHM, LEGACY_DEAL_ALGORITHM
from scoring.lots import ALGORITHM, LEGACY_ALGORITHM

from .fields import tournament_link


def current_algorithm() -> dict[str, Any]:
    """The algorithm new draw records carry (a field default)."""
    return dict(ALGORITHM)


def legacy_algorithm() -> dict[str, Any]:
    """The algorithm of records made before ``ALGORITHM`` (the migration's default)."""
    return dict(LEGACY_ALGORITHM)


def current_deal_algorithm() -> dict[str, Any]:
    """The algorithm new character deals record (a field default)."""
    return dict(DEAL_ALGORITHM)


def legacy_deal_algorithm() -> dict[str, Any]:
    """The algorithm of deals made before ``DEAL_ALGORITHM`` (the migration's default)."""
    return dict(LEGACY_DEAL_ALGORITHM)


class DrawCommitment(models.Model):
    """A published commitment to a secret seed; the seed is revealed by the draw using it."""

    tournament = tournament_link("draw_commitments")
    commitment = models.CharField(_("commitment"), max_length=64, unique=True)
    # Secret until ``used_for`` is set; never shown before.
    secret = models.CharField(_("secret seed"), max_length=200)
    committed_at = models.DateTimeField(_("committed"), auto_now_add=True)
    used_for = models.CharField(_("used for"), max_length=20, blank=True, default="")
    used_at = models.DateTimeField(_("used"), null=True, blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("draw commitment")
        verbose_name_plural = _("draw commitments")

    def __str__(self) -> str:
        return f"{self.tournament}: {self.commitment[:12]}"

    @property
    def revealed_seed(self) -> str | None:
        """The seed once a draw used it, else None (for everyone)."""
        return self.secret if self.used_for else None
