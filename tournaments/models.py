"""The tournament's data.

Words used here (see ``rules.md``):

- **tournament**: one championship day, run with one ruleset (BANG! or Showdown).
- **participant**: a person entered in a tournament.
- **table**: a group of players seated together. A *group table* keeps its
  players for the whole group stage; a *knockout table* exists for one
  knockout round.
- **seat** / **position**: a participant's place at a table, numbered from 1.
- **round**: in the group stage, the n-th game of a table (the player at
  position n is the Sheriff); in the knockout, the n-th knockout round.
- **game**: one game of BANG!/Showdown at one table in one round.
- **result**: what the scoresheet says about a game. Results are versioned:
  a correction adds a version, it never overwrites; exactly one version per
  game is current (enforced by a conditional unique constraint).
- **penalty**: a referee's warning, bounty deduction or exclusion.
- **audit entry**: who changed what, when, with the state before and after.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from scoring.rulesets import Role, Ruleset

from .preferences import TournamentSettings, effective_settings, validate_settings

MINIMUM_AGE = 8


class Stage(models.TextChoices):
    GROUP = "group", _("Group stage")
    KNOCKOUT = "knockout", _("Knockout")


class Tournament(models.Model):
    class RulesetChoice(models.TextChoices):
        BANG = Ruleset.BANG.value, _("BANG!")
        SHOWDOWN = Ruleset.SHOWDOWN.value, _("Showdown")

    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"))
    ruleset = models.CharField(
        _("ruleset"), max_length=20, choices=RulesetChoice.choices, default=RulesetChoice.BANG
    )
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default="de"
    )
    settings = models.JSONField(_("settings"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def clean(self) -> None:
        self.settings = validate_settings(self.settings)

    @property
    def config(self) -> TournamentSettings:
        """The effective settings: stored overrides over the defaults."""
        return effective_settings(self.settings)


class Character(models.Model):
    """A BANG! character. Base-game characters have no tournament; organisers
    add expansion characters for their own tournament."""

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="characters",
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


class Participant(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        WITHDRAWN = "withdrawn", _("withdrawn")
        EXCLUDED = "excluded", _("excluded")

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="participants",
    )
    name = models.CharField(_("name"), max_length=120)
    nationality = CountryField(_("nationality"))
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    age_approved = models.BooleanField(
        _("age approved"),
        default=False,
        help_text=_("The organiser has seen that a player under 8 knows the rules."),
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.ACTIVE
    )
    registered_at = models.DateTimeField(_("registered"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        indexes = [models.Index(fields=["tournament", "status"])]

    def __str__(self) -> str:
        return self.name

    def age_on(self, day: date) -> int | None:
        if self.birth_date is None:
            return None
        before_birthday = (day.month, day.day) < (self.birth_date.month, self.birth_date.day)
        return day.year - self.birth_date.year - before_birthday

    def clean(self) -> None:
        errors: dict[str, Any] = {}
        if self.birth_date and self.tournament_id:
            age = self.age_on(self.tournament.date)
            if age is not None and age < 0:
                errors["birth_date"] = ValidationError(
                    _("The birth date is after the tournament day."), code="invalid_birth_date"
                )
            elif age is not None and age < MINIMUM_AGE and not self.age_approved:
                errors["birth_date"] = ValidationError(
                    _(
                        "%(name)s is %(age)s on the tournament day; players under 8 need the "
                        "organiser's approval that they know the rules."
                    ),
                    code="too_young",
                    params={"name": self.name, "age": age},
                )
        if errors:
            raise ValidationError(errors)

    @property
    def is_excluded(self) -> bool:
        return self.status == self.Status.EXCLUDED


class GroupDraw(models.Model):
    """The current group-stage draw of a tournament: its seed and split."""

    tournament = models.OneToOneField(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="group_draw",
    )
    seed = models.CharField(_("seed"), max_length=200)
    five_tables = models.PositiveSmallIntegerField(
        _("fixed number of 5-tables"), null=True, blank=True
    )
    drawn_at = models.DateTimeField(_("drawn"), auto_now=True)
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("drawn by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
    )

    class Meta:
        verbose_name = _("group draw")
        verbose_name_plural = _("group draws")

    def __str__(self) -> str:
        return f"{self.tournament}: {self.seed}"


class Table(models.Model):
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="tables"
    )
    stage = models.CharField(_("stage"), max_length=10, choices=Stage.choices)
    # 0 for group tables (they play every group round); the knockout round otherwise.
    round = models.PositiveSmallIntegerField(_("round"), default=0)
    number = models.PositiveSmallIntegerField(_("table"))
    size = models.PositiveSmallIntegerField(
        _("size"), help_text=_("Players seated at the draw; a group table keeps its size category.")
    )
    # Knockout: participants in the order they pick characters (seeding-list order).
    pick_order = models.JSONField(_("character pick order"), default=list, blank=True)
    # The seed of the draw that seated this table (anyone can re-run the draw).
    seed = models.CharField(_("seed"), max_length=200, blank=True)

    class Meta:
        ordering = ["stage", "round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "stage", "round", "number"], name="unique_table_number"
            )
        ]

    def __str__(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})


class Seat(models.Model):
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats"
    )
    position = models.PositiveSmallIntegerField(_("position"))
    participant = models.ForeignKey(
        Participant, verbose_name=_("participant"), on_delete=models.RESTRICT, related_name="seats"
    )

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="unique_seat_position"),
            models.UniqueConstraint(
                fields=["table", "participant"], name="unique_seat_participant"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} / {self.position}: {self.participant}"


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        RECORDED = "recorded", _("recorded")
        VOID = "void", _("not played")

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="games"
    )
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="games"
    )
    stage = models.CharField(_("stage"), max_length=10, choices=Stage.choices)
    round = models.PositiveSmallIntegerField(_("round"))
    sheriff_position = models.PositiveSmallIntegerField(
        _("Sheriff's position"), null=True, blank=True
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )
    # The current result's version (0 = none yet). Bumped under a row lock.
    version = models.PositiveIntegerField(_("version"), default=0)

    class Meta:
        ordering = ["stage", "round", "table__number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["table", "round"], name="unique_game_per_table_round")
        ]
        indexes = [models.Index(fields=["tournament", "stage", "round"])]

    def __str__(self) -> str:
        return str(
            _("%(stage)s, round %(round)s, table %(table)s")
            % {"stage": self.get_stage_display(), "round": self.round, "table": self.table.number}
        )


class ResultQuerySet(models.QuerySet["Result"]):
    """Which version of a game's result counts: said once, here (rules.md §3, §7).

    - ``current()``: the latest version of each game (exactly one per game).
    - ``counting(tournament)``: the versions standings and the knockout use: the
      current one, and, where the tournament double-checks, only once a second
      person confirmed it.
    - ``awaiting_confirmation()``: current versions nobody has confirmed yet.
    """

    def current(self) -> ResultQuerySet:
        return self.filter(is_current=True)

    def counting(self, tournament: Tournament) -> ResultQuerySet:
        results = self.current().filter(game__tournament=tournament)
        if tournament.config.double_check:
            results = results.filter(confirmed_by__isnull=False)
        return results

    def awaiting_confirmation(self) -> ResultQuerySet:
        return self.current().filter(confirmed_by__isnull=True)


class ResultSeatQuerySet(models.QuerySet["ResultSeat"]):
    """Seat lines of the result versions that are current or that count (see ``ResultQuerySet``)."""

    def current(self) -> ResultSeatQuerySet:
        return self.filter(result__is_current=True)

    def counting(self, tournament: Tournament) -> ResultSeatQuerySet:
        seats = self.current().filter(result__game__tournament=tournament)
        if tournament.config.double_check:
            seats = seats.filter(result__confirmed_by__isnull=False)
        return seats


class Result(models.Model):
    """One version of a game's result, as a referee entered it."""

    game = models.ForeignKey(
        Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="results"
    )
    version = models.PositiveIntegerField(_("version"))
    is_current = models.BooleanField(_("current"), default=True)
    winner = models.CharField(_("winner"), max_length=20)
    signed = models.BooleanField(_("sheet signed by all players"), default=False)
    reason = models.TextField(_("reason for the correction"), blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("recorded by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    recorded_at = models.DateTimeField(_("recorded"), auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("confirmed by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)

    objects = ResultQuerySet.as_manager()

    class Meta:
        ordering = ["game", "version"]
        verbose_name = _("result")
        verbose_name_plural = _("results")
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="unique_result_version"),
            models.UniqueConstraint(
                fields=["game"], condition=Q(is_current=True), name="one_current_result_per_game"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} v{self.version}"


class ResultSeat(models.Model):
    class RoleChoice(models.TextChoices):
        SHERIFF = Role.SHERIFF.value, _("Sheriff")
        DEPUTY = Role.DEPUTY.value, _("Deputy")
        OUTLAW = Role.OUTLAW.value, _("Outlaw")
        RENEGADE = Role.RENEGADE.value, _("Renegade")

    result = models.ForeignKey(
        Result, verbose_name=_("result"), on_delete=models.CASCADE, related_name="seats"
    )
    participant = models.ForeignKey(
        Participant,
        verbose_name=_("participant"),
        on_delete=models.RESTRICT,
        related_name="result_seats",
    )
    position = models.PositiveSmallIntegerField(_("position"))
    role = models.CharField(_("role"), max_length=10, choices=RoleChoice.choices, blank=True)
    character = models.CharField(_("character"), max_length=100, blank=True)
    lives = models.PositiveSmallIntegerField(_("lives left"), null=True, blank=True)
    eliminated_by = models.PositiveSmallIntegerField(_("eliminated by"), null=True, blank=True)
    final_duel = models.BooleanField(_("final duel"), default=False)
    won = models.BooleanField(_("won"), default=False)
    bounty = models.IntegerField(_("bounty"), null=True, blank=True)

    objects = ResultSeatQuerySet.as_manager()

    class Meta:
        ordering = ["result", "position"]
        verbose_name = _("seat result")
        verbose_name_plural = _("seat results")
        constraints = [
            models.UniqueConstraint(fields=["result", "position"], name="unique_result_seat")
        ]

    def __str__(self) -> str:
        return f"{self.result} / {self.position}"


class Penalty(models.Model):
    class Kind(models.TextChoices):
        WARNING = "warning", _("warning")
        DEDUCTION = "deduction", _("bounty deduction")
        EXCLUSION = "exclusion", _("exclusion")

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="penalties"
    )
    participant = models.ForeignKey(
        Participant,
        verbose_name=_("participant"),
        on_delete=models.CASCADE,
        related_name="penalties",
    )
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    amount = models.PositiveIntegerField(_("amount"), default=0)
    reason = models.TextField(_("reason"))
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("referee"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")

    def __str__(self) -> str:
        return f"{self.participant}: {self.get_kind_display()}"


class Knockout(models.Model):
    """The knockout phase of a tournament: the seeding list and its progress."""

    tournament = models.OneToOneField(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="knockout"
    )
    field_size = models.PositiveSmallIntegerField(_("field size"))
    seed = models.CharField(_("seed"), max_length=200)
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


class AuditEntry(models.Model):
    """Who changed what, when; the state before and after."""

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="audit_entries",
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
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
