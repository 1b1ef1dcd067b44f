"""The knockout phase and the drawings of lots that settle shared ranks.

- **knockout**: the seeding list (best first, kept through the knockout) and
  the round being played; ends with a champion. A format whose final is one
  table (rules.md §14) keeps its finalists here in standings order, and its
  champion (``services.final_table``).
- **lot draw**: a recorded drawing of lots where a shared rank decided a place.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .commitments import current_algorithm
from .people import Participant
from .tournament import Tournament


class Knockout(models.Model):
    """The knockout phase of a tournament: the seeding list and its progress."""

    tournament = models.OneToOneField(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="knockout"
    )
    field_size = models.PositiveSmallIntegerField(_("field size"))
    seed = models.CharField(_("seed"), max_length=200)
    algorithm = models.JSONField(_("draw algorithm"), default=current_algorithm)
    # Participant ids, best first; kept through the knockout (Renegade winners move up).
    seeding = models.JSONField(_("seeding list"), default=list)
    current_round = models.PositiveSmallIntegerField(_("current round"), default=1)
    champion = models.ForeignKey(
        Participant,
        verbose_name=_("champion"),
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="+",
    )
    started_at = models.DateTimeField(_("started"), auto_now_add=True)

    class Meta:
        verbose_name = _("knockout")
        verbose_name_plural = _("knockouts")

    def __str__(self) -> str:
        return str(self.tournament)


class LotDraw(models.Model):
    """A recorded drawing of lots where a shared rank decided a place."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="lot_draws"
    )
    purpose = models.CharField(_("purpose"), max_length=30)
    seed = models.CharField(_("seed"), max_length=200)
    algorithm = models.JSONField(_("draw algorithm"), default=current_algorithm)
    candidates = models.JSONField(_("candidates"))
    order = models.JSONField(_("drawn order"))
    places = models.PositiveSmallIntegerField(_("places"))
    created_at = models.DateTimeField(_("drawn"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("lot draw")
        verbose_name_plural = _("lot draws")

    def __str__(self) -> str:
        return f"{self.tournament}: {self.purpose}"
