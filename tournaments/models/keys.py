"""Signing keys and imported archives: one season from many laptops (rules.md §16).

- **installation key** (``InstallationKey``): this installation's Ed25519 key,
  made when first needed, one row. It has no path to a tournament, so no
  backup and no archive ever holds it; it is never derived from settings.
- **season key** (``SeasonKey``): the public key of a laptop a season's
  organisers trust, with a label ("Laptop Bamberg").
- **fingerprint**: the first 16 lower-case hex digits of the SHA-256 of the
  32 raw bytes of a public key.
- **import** (``ArchiveImport``): a tournament made on this server from a
  laptop's signed archive: the laptop's tournament ``uid``, the archive's
  version and SHA-256, which archive participant became which participant
  here, the **record** the season needs (places and games in the laptop's
  order, by participant here; no names), and the answer the import gave.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .fields import tournament_link
from .seasons import Season


class InstallationKey(models.Model):
    private_key = models.BinaryField(_("private key"))
    public_key = models.BinaryField(_("public key"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("installation key")
        verbose_name_plural = _("installation keys")

    def __str__(self) -> str:
        return f"installation key {self.pk}"


class SeasonKey(models.Model):
    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="keys"
    )
    public_key = models.BinaryField(_("public key"))
    fingerprint = models.CharField(_("fingerprint"), max_length=16)
    label = models.CharField(_("label"), max_length=120, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("season key")
        verbose_name_plural = _("season keys")
        constraints = [
            models.UniqueConstraint(fields=["season", "fingerprint"], name="one_key_per_season")
        ]

    def __str__(self) -> str:
        return f"{self.label} ({self.fingerprint})"


class ArchiveImport(models.Model):
    tournament = tournament_link("imports")
    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="imports"
    )
    uid = models.UUIDField(_("tournament identity"))
    archive_version = models.PositiveIntegerField(_("archive version"))
    sha256 = models.CharField(_("SHA-256"), max_length=64)
    fingerprint = models.CharField(_("fingerprint"), max_length=16)
    package = models.UUIDField(_("package"), null=True, blank=True)
    #: archive participant id (as text) → participant id here.
    participants = models.JSONField(_("participants"), default=dict)
    #: {"places": {participant here: place}, "games": [[[participant here, won], ...], ...]}
    record = models.JSONField(_("record"), default=dict)
    answer = models.JSONField(_("answer"), default=dict)
    imported_at = models.DateTimeField(_("imported"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("imported archive")
        verbose_name_plural = _("imported archives")
        constraints = [
            models.UniqueConstraint(fields=["season", "uid"], name="one_import_per_season_uid"),
            models.UniqueConstraint(fields=["tournament"], name="one_import_per_tournament"),
        ]

    def __str__(self) -> str:
        return f"{self.uid} v{self.archive_version}"
