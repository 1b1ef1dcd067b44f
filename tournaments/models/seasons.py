"""Players known across tournaments, seasons and tournament archives (rules.md §13).

- **player**: a person known across tournaments. A participant may carry a
  link to one (``Participant.player``); one without counts as a player of its
  own. A player's birth dates are those of its participants (staff only).
  ``erased_number`` is the N of "Erased player N" once the player was erased.
- **season**: a named list of tournaments (``SeasonTournament``, each with a
  ``weight``) and the settings ``best_of``, ``min_events``, ``qualifiers``.
  Its **version** rises with every change of its list (``services.seasons``);
  with its tournaments' live versions it is the season's state, by which its
  ranking is cached (``tournaments.live.seasons``).
- **season order**: a season's tournaments by date, then id (``SEASON_ORDER``);
  it also orders a player's results.
- **season staff**: the season's organisers (its creator and those they
  appoint); they change its tournaments, weights and staff.
- **archive**: one version of a tournament's public JSON record: the exact
  bytes served and their SHA-256. A version withdrawn for an erasure keeps
  only its hash.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings as django_settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from tournaments.names import fold, placeholder_name

from .fields import tournament_link
from .tournament import Tournament


class Player(models.Model):
    name = models.CharField(_("name"), max_length=120)
    # ``name`` folded (``fold``): search and suggestions ignore case and accents.
    folded_name = models.CharField(max_length=120, db_index=True, editable=False, default="")
    nationality = CountryField(_("nationality"), blank=True)
    erased_number = models.PositiveIntegerField(
        _("erasure number"), null=True, blank=True, unique=True, editable=False
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.folded_name = fold(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "folded_name"}
        super().save(*args, **kwargs)

    @property
    def shown_name(self) -> str:
        """The name as a page or answer shows it: an erased player's placeholder in
        the language of the page ("Erased player 1" in English), else ``name``."""
        if self.erased_number is None:
            return self.name
        language = translation.get_language() or django_settings.LANGUAGE_CODE
        return placeholder_name(self.erased_number, language=language)


#: The order of a season's tournaments (and of anything listed by tournament):
#: by date, equal dates by id. A path from a ``SeasonTournament``, a
#: ``Participant`` or a ``TournamentArchive``, which all name their tournament.
SEASON_ORDER = ("tournament__date", "tournament_id")


class Season(models.Model):
    name = models.CharField(_("name"), max_length=200)
    best_of = models.PositiveSmallIntegerField(
        _("best of"),
        default=5,
        validators=[MinValueValidator(1)],
        help_text=_("How many of a player's results count."),
    )
    min_events = models.PositiveSmallIntegerField(
        _("minimum results"), default=1, help_text=_("Results needed to be ranked.")
    )
    qualifiers = models.PositiveSmallIntegerField(
        _("qualifiers"), default=0, help_text=_("How many places qualify.")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Rises with every change of the season's tournaments or weights.
    version = models.PositiveIntegerField(_("version"), default=0, editable=False)

    class Meta:
        ordering = ["id"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self) -> str:
        return self.name


class SeasonTournament(models.Model):
    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="entries"
    )
    tournament = tournament_link("season_entries")
    weight = models.DecimalField(
        _("weight"),
        max_digits=6,
        decimal_places=3,
        default=Decimal(1),
        validators=[MinValueValidator(Decimal(0))],
    )

    class Meta:
        ordering = list(SEASON_ORDER)
        verbose_name = _("season tournament")
        verbose_name_plural = _("season tournaments")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "tournament"], name="one_entry_per_season_tournament"
            ),
            models.CheckConstraint(condition=models.Q(weight__gte=0), name="weight_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.season}: {self.tournament} × {self.weight}"


class SeasonStaff(models.Model):
    class Role(models.TextChoices):
        ORGANISER = "organiser", _("organiser")

    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="staff"
    )
    user = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="season_roles",
    )
    role = models.CharField(_("role"), max_length=12, choices=Role.choices)
    appointed_at = models.DateTimeField(_("appointed"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("season staff member")
        verbose_name_plural = _("season staff")
        constraints = [
            models.UniqueConstraint(fields=["season", "user"], name="one_role_per_season")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role})"


class TournamentArchive(models.Model):
    class Withdrawn(models.TextChoices):
        ERASURE = "erasure", _("withdrawn for an erasure")

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="archives"
    )
    version = models.PositiveIntegerField(_("version"))
    content = models.BinaryField(_("content"), blank=True)
    sha256 = models.CharField(_("SHA-256"), max_length=64)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    withdrawn = models.CharField(  # noqa: DJ001 - the API says null or "erasure"
        _("withdrawn"), max_length=12, choices=Withdrawn.choices, null=True, blank=True
    )

    class Meta:
        ordering = ["tournament_id", "version"]
        verbose_name = _("archive")
        verbose_name_plural = _("archives")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "version"], name="one_archive_per_version"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament} v{self.version}"
