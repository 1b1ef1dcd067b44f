"""Where and when the games are played: the draw, tables, seats and games.

Tables, seats, positions, rounds and games are the words of the package's
docstring (``tournaments.models``). Two more here:

- **group draw**: the current group-stage draw of a tournament (its seed and split).
- **deal**: with the setting ``deal_characters``, the characters a group game
  deals to each position (``dealt``) or a knockout game reveals (``revealed``).
"""

from __future__ import annotations

from django.conf import settings as django_settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .commitments import DrawCommitment, current_algorithm, current_deal_algorithm
from .people import Participant
from .tournament import Stage, Tournament


class GroupDraw(models.Model):
    """The current draw of one part of a tournament's qualifying stage: its seed and split.

    A format of one part (the German championship) has one; ``Tournament.group_draw``
    is the first part's.
    """

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="group_draws",
    )
    part = models.PositiveSmallIntegerField(_("part"), default=1)
    seed = models.CharField(_("seed"), max_length=200)
    five_tables = models.PositiveSmallIntegerField(
        _("fixed number of 5-tables"), null=True, blank=True
    )
    algorithm = models.JSONField(_("draw algorithm"), default=current_algorithm)
    # Participant ids in registration order, as the draw shuffled them ([] before
    # this field existed: the seated ids in id order then).
    participants = models.JSONField(_("participants"), default=list, blank=True)
    commitment = models.ForeignKey(
        DrawCommitment,
        verbose_name=_("commitment"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    drawn_at = models.DateTimeField(_("drawn"), auto_now=True)
    drawn_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        verbose_name=_("drawn by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
    )

    class Meta:
        ordering = ["tournament", "part"]
        verbose_name = _("group draw")
        verbose_name_plural = _("group draws")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "part"], name="unique_draw_per_part")
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.seed}"


class Table(models.Model):
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="tables"
    )
    stage = models.CharField(_("stage"), max_length=10, choices=Stage.choices)
    # The part of the qualifying stage (rules.md §14): 1 unless the format has several.
    part = models.PositiveSmallIntegerField(_("part"), default=1)
    # 0 for group tables (they play every round of their part); the knockout round otherwise.
    round = models.PositiveSmallIntegerField(_("round"), default=0)
    number = models.PositiveSmallIntegerField(_("table"))
    size = models.PositiveSmallIntegerField(
        _("size"), help_text=_("Players seated at the draw; a group table keeps its size category.")
    )
    # Knockout: participants in the order they pick characters (seeding-list order).
    pick_order = models.JSONField(_("character pick order"), default=list, blank=True)
    # The seed of the draw that seated this table (anyone can re-run the draw).
    seed = models.CharField(_("seed"), max_length=200, blank=True)
    algorithm = models.JSONField(_("draw algorithm"), default=current_algorithm)
    # The table's seating (api.md "The day's edges"): 0 as drawn, one more with each
    # seat swap at this table; a result names the seating it was filled in against.
    seating = models.PositiveIntegerField(_("seating number"), default=0)
    # When the current seating was made: the draw, or the last seat swap here
    # (empty for tables seated before this was kept).
    seated_at = models.DateTimeField(_("seated"), default=timezone.now, null=True, blank=True)

    class Meta:
        ordering = ["stage", "part", "round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "stage", "part", "round", "number"],
                name="unique_table_number",
            )
        ]

    def __str__(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})


class EarlierSeating(models.Model):
    """A table's seats as they were before a seat swap replaced them: seating ``number``."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="earlier_seatings"
    )
    number = models.PositiveIntegerField(_("seating number"))
    seated_at = models.DateTimeField(_("seated"), null=True, blank=True)
    # Participant ids in position order (position 1 first).
    participants = models.JSONField(_("participants"), default=list)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("earlier seating")
        verbose_name_plural = _("earlier seatings")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="unique_earlier_seating")
        ]

    def __str__(self) -> str:
        return f"{self.table} / {self.number}"


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
    # The part of the qualifying stage; rounds are numbered from 1 within each part.
    part = models.PositiveSmallIntegerField(_("part"), default=1)
    round = models.PositiveSmallIntegerField(_("round"))
    sheriff_position = models.PositiveSmallIntegerField(
        _("Sheriff's position"), null=True, blank=True
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )
    # The current result's version (0 = none yet). Bumped under a row lock.
    version = models.PositiveIntegerField(_("version"), default=0)
    # The character deal (setting ``deal_characters``, ``scoring.deal``): a group
    # game's two characters per position ({"1": [a, b], ...}); a knockout game's
    # characters revealed at its table (one more than players). Empty without a deal.
    dealt = models.JSONField(_("dealt characters"), default=dict, blank=True)
    revealed = models.JSONField(_("revealed characters"), default=list, blank=True)
    # The lot algorithm of the deal (``scoring.deal.DEAL_ALGORITHM``; older deals
    # carry ``LEGACY_DEAL_ALGORITHM`` and re-run with it).
    deal_algorithm = models.JSONField(_("deal algorithm"), default=current_deal_algorithm)
    # When the game's time began (rules.md §14 "Time limit"): the start of its round's
    # clock or a referee's "game started", whichever came first; null until then.
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)

    class Meta:
        ordering = ["stage", "part", "round", "table__number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["table", "round"], name="unique_game_per_table_round")
        ]
        indexes = [models.Index(fields=["tournament", "stage", "part", "round"])]

    def __str__(self) -> str:
        return str(
            _("%(stage)s, round %(round)s, table %(table)s")
            % {"stage": self.get_stage_display(), "round": self.round, "table": self.table.number}
        )
