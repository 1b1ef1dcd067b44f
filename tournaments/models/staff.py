"""The staff of a tournament (rules.md §7, "Staff of a tournament").

- **organiser**: everything on this tournament (its creator, and those they appoint).
- **referee**: records, corrects and confirms results, gives penalties, on this
  tournament only.

A user holds at most one role per tournament. Site administrators (superusers)
need no entry; site-wide groups give no right on a tournament.
"""

from __future__ import annotations

from django.conf import settings as django_settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament


class TournamentStaff(models.Model):
    class Role(models.TextChoices):
        ORGANISER = "organiser", _("organiser")
        REFEREE = "referee", _("referee")

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="staff"
    )
    user = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="tournament_roles",
    )
    role = models.CharField(_("role"), max_length=12, choices=Role.choices)
    appointed_at = models.DateTimeField(_("appointed"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("staff member")
        verbose_name_plural = _("staff")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_role_per_tournament")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role})"
