"""The tournament itself, its stages and the characters it is played with.

- **stage**: the group stage or the knockout.
- **ruleset**: BANG! or Showdown; values and translated labels come from
  ``scoring.rulesets.Ruleset`` (``RulesetChoice`` only adapts them for Django).
- **identity** (``Tournament.uid``): a random UUID a backup carries; an import
  keeps it, so a database holds one tournament per identity (unique).
- **format**: the preset of rules.md §14 the tournament's rules start from
  (``scoring.formats``); its settings are part of ``settings``.
- **settings**: ``Tournament.settings`` stores the overrides an organiser made
  (a JSON object, the API field ``settings``); ``Tournament.config`` is the
  effective, typed settings (overrides over the defaults, see
  ``tournaments.preferences``). Django's settings are ``django_settings`` here.
- **live version**: ``live_version`` rises by one with every audited change
  and ``live_what`` says what it was about (see ``tournaments.live``); the
  public pages are cached per version.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.formats import FormatKey
from scoring.rulesets import Ruleset

from ..preferences import TournamentConfig, effective_config, validate_settings
from .fields import language_choices, tournament_link


class Stage(models.TextChoices):
    GROUP = "group", _("Group stage")
    KNOCKOUT = "knockout", _("Knockout")
    FINAL = "final", _("Final table")


class RulesetChoice(models.TextChoices):
    """``scoring.rulesets.Ruleset`` as Django choices: its values and its labels."""

    BANG = Ruleset.BANG.value, Ruleset.BANG.label
    SHOWDOWN = Ruleset.SHOWDOWN.value, Ruleset.SHOWDOWN.label


#: Written only by ``tournaments.live.live_bump``.
LIVE_FIELDS = frozenset({"live_version", "live_what", "live_floor"})


class FormatChoice(models.TextChoices):
    """``scoring.formats.FormatKey`` as Django choices (rules.md §14)."""

    GERMAN_CHAMPIONSHIP = FormatKey.GERMAN_CHAMPIONSHIP.value, _("German championship")
    CZECH_CLUB = FormatKey.CZECH_CLUB.value, _("Czech club format")


class LiveWhat(models.TextChoices):
    """What the newest public change was about (``tournaments.live.what_of``)."""

    RESULT = "result", "result"
    DRAW = "draw", "draw"
    KNOCKOUT = "knockout", "knockout"
    PENALTY = "penalty", "penalty"
    CLOCK = "clock", "clock"
    RANKING = "ranking", "ranking"
    OTHER = "other", "other"


class Tournament(models.Model):
    RulesetChoice = RulesetChoice
    FormatChoice = FormatChoice

    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"))
    ruleset = models.CharField(
        _("ruleset"), max_length=20, choices=RulesetChoice.choices, default=RulesetChoice.BANG
    )
    language = models.CharField(_("language"), max_length=8, choices=language_choices, default="de")
    # The preset its rules start from (rules.md §14); ``settings`` holds the changes.
    format = models.CharField(
        _("format"),
        max_length=30,
        choices=FormatChoice.choices,
        default=FormatChoice.GERMAN_CHAMPIONSHIP,
    )
    settings = models.JSONField(_("settings"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # The tournament's identity across databases: a backup carries it, and the
    # unique constraint makes concurrent imports of one backup give one copy.
    uid = models.UUIDField(_("identity"), default=uuid.uuid4, unique=True, editable=False)
    # Grows with every change of name, date, language, ruleset or settings: a
    # form or PATCH that read an older one is refused (api.md, services.versions).
    version = models.PositiveIntegerField(_("version"), default=1)
    # The event package it was made from (rules.md §16), or None; one tournament per package.
    package = models.UUIDField(_("package"), null=True, blank=True, unique=True, editable=False)
    live_version = models.PositiveBigIntegerField(_("live version"), default=0, editable=False)
    live_what = models.CharField(
        _("newest change"),
        max_length=10,
        choices=LiveWhat.choices,
        default=LiveWhat.OTHER,
        editable=False,
    )
    # The oldest live version whose kept document may still be served while a newer
    # one renders: an erasure raises it to its own version (``live_floor_raise``).
    live_floor = models.PositiveBigIntegerField(
        _("oldest servable version"), default=0, editable=False
    )

    class Meta:
        ordering = ["id"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Saving a loaded tournament never writes its live version back: that
        moves only by ``tournaments.live.live_bump``, in the database, and the
        copy in memory may be older."""
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                f.name
                for f in self._meta.concrete_fields
                if not f.primary_key and f.name not in LIVE_FIELDS
            ]
        super().save(*args, **kwargs)

    def clean(self) -> None:
        self.settings = validate_settings(self.settings, format_key=self.format)

    @property
    def group_draw(self) -> Any:
        """The draw of the first part of the qualifying stage (a ``GroupDraw``), or None."""
        if "_group_draw" not in self.__dict__:
            self.__dict__["_group_draw"] = self.group_draws.filter(part=1).first()
        return self.__dict__["_group_draw"]

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        self.__dict__.pop("_group_draw", None)
        super().refresh_from_db(*args, **kwargs)

    @property
    def config(self) -> TournamentConfig:
        """The effective settings: the stored overrides (``settings``) over the defaults
        of the format; built once per format and settings."""
        key = (self.format, json.dumps(self.settings, sort_keys=True, default=str))
        cached = self.__dict__.get("_config")
        if cached is None or cached[0] != key:
            cached = (key, effective_config(self.settings, self.format))
            self.__dict__["_config"] = cached
        config: TournamentConfig = cached[1]
        return config


class Character(models.Model):
    """A BANG! character. Base-game characters have no tournament; organisers
    add expansion characters for their own tournament."""

    tournament = tournament_link(
        "characters",
        optional=True,
        help_text=_("Empty for the base game's characters, which every tournament has."),
    )
    name = models.CharField(_("name"), max_length=100)
    life_points = models.PositiveSmallIntegerField(_("life points"))

    class Meta:
        ordering = ["name"]
        verbose_name = _("character")
        verbose_name_plural = _("characters")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name"], name="unique_character_per_tournament"
            ),
            models.UniqueConstraint(
                fields=["name"], condition=Q(tournament__isnull=True), name="unique_base_character"
            ),
            models.CheckConstraint(
                condition=Q(life_points__gte=1) & Q(life_points__lte=9),
                name="character_life_points_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.life_points})"
