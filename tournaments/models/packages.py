"""Event packages: a tournament made on a season's server, played on a laptop (rules.md §16).

- **event package**: what a season's server hands a laptop for a tournament
  to be played there: its name, date, ruleset, format and settings, and the
  season's players expected there (their ids on the season's server, names,
  nationalities; nothing private). The server keeps every package it made
  (``EventPackage``, the JSON exactly as answered) under its ``uuid``.
- **package player** (``PackagePlayer``): on the laptop, one of the players a
  package named, kept with the tournament made from it. ``federation_id`` is
  the player's id **on the season's server**, not a ``Player`` of this
  database; a participant carries it as ``Participant.federation_player``.
"""

from __future__ import annotations

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from .fields import done_by, tournament_link


class EventPackage(models.Model):
    """A package a season's server made (the season's server side)."""

    uuid = models.UUIDField(_("package"), default=uuid.uuid4, unique=True, editable=False)
    season = models.ForeignKey(
        "tournaments.Season",
        verbose_name=_("season"),
        on_delete=models.CASCADE,
        related_name="packages",
    )
    # The package exactly as it was answered (api.md "Many laptops, one season").
    content = models.JSONField(_("content"), editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    created_by = done_by(_("created by"))

    class Meta:
        ordering = ["id"]
        verbose_name = _("event package")
        verbose_name_plural = _("event packages")

    def __str__(self) -> str:
        return f"{self.content.get('tournament', {}).get('name', '')} ({self.uuid})"


class PackagePlayer(models.Model):
    """One of a package's players, kept on the laptop with the tournament made from it."""

    tournament = tournament_link("package_players")
    # The player's id on the season's server (not a Player of this database).
    federation_id = models.PositiveIntegerField(_("federation player"))
    name = models.CharField(_("name"), max_length=120)
    nationality = CountryField(_("nationality"), blank=True)

    class Meta:
        ordering = ["name", "federation_id"]
        verbose_name = _("package player")
        verbose_name_plural = _("package players")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "federation_id"], name="one_package_player_per_id"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} (#{self.federation_id})"
