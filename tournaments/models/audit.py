"""The audit log.

- **audit entry**: who changed what, when, with the state before and after.
  Services write one inside the transaction of every change; nothing edits it.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .fields import done_by, tournament_link


class AuditEntry(models.Model):
    """Who changed what, when; the state before and after."""

    tournament = tournament_link("audit_entries", optional=True)
    actor = done_by(_("by"))
    action = models.CharField(_("action"), max_length=50)
    object_type = models.CharField(_("object type"), max_length=50, blank=True)
    object_id = models.CharField(_("object id"), max_length=50, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        indexes = [models.Index(fields=["tournament", "created_at"])]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action}"
