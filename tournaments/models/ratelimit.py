"""Rate counts: how often a client did something in a time window, for every process.

- **rate count**: one row per key (``documents:<address>``) and window (its
  start, in seconds since the epoch); ``tournaments.http.ratelimit`` raises
  it by one atomically. Used where the cache is local memory (one per
  process); with Redis the shared cache counts instead.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class RateCount(models.Model):
    key = models.CharField(_("key"), max_length=200)
    window = models.PositiveBigIntegerField(_("window start"))
    count = models.PositiveIntegerField(_("count"), default=0)

    class Meta:
        verbose_name = _("rate count")
        verbose_name_plural = _("rate counts")
        constraints = [
            models.UniqueConstraint(fields=["key", "window"], name="unique_rate_count_window")
        ]

    def __str__(self) -> str:
        return f"{self.key} @ {self.window}: {self.count}"
