"""Results: what the scoresheets say, as a history of versions per game.

- **result**: one version of a game's result, as a referee entered it. A
  correction adds a version, it never overwrites; exactly one version per
  game is *current* (a conditional unique constraint).
- **result seat**: one seat's line of a result version (role, character,
  lives, bounty).
- **counting**: the version that standings and the knockout use, said once
  in ``ResultQuerySet``/``ResultSeatQuerySet``.
- **role**: values and translated labels come from ``scoring.rulesets.Role``;
  ``RoleChoice`` (also ``ResultSeat.RoleChoice``) only adapts them for Django.
"""

from __future__ import annotations

from typing import cast

from django.conf import settings as django_settings
from django.db import models
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext_lazy as _

from scoring.rulesets import Role

from .people import Participant
from .play import Game
from .tournament import Tournament


class RoleChoice(models.TextChoices):
    """``scoring.rulesets.Role`` as Django choices: its values and its labels."""

    SHERIFF = Role.SHERIFF.value, Role.SHERIFF.label
    DEPUTY = Role.DEPUTY.value, Role.DEPUTY.label
    OUTLAW = Role.OUTLAW.value, Role.OUTLAW.label
    RENEGADE = Role.RENEGADE.value, Role.RENEGADE.label


class ResultQuerySet(models.QuerySet["Result"]):
    """Which version of a game's result counts: said once, here (rules.md §3, §7).

    - ``current()``: the latest version of each game (exactly one per game).
    - ``counting(tournament)``: the versions standings and the knockout use: the
      current one, and, where the tournament double-checks, only once a second
      person confirmed it.
    - ``awaiting_confirmation()``: current versions neither a second staff member
      nor all of their table's players have confirmed yet.
    """

    def current(self) -> ResultQuerySet:
        return self.filter(is_current=True)

    def counting(self, tournament: Tournament) -> ResultQuerySet:
        results = self.current().filter(game__tournament=tournament)
        if tournament.config.double_check:
            results = results.filter(_confirmed("pk"))
        return results

    def awaiting_confirmation(self) -> ResultQuerySet:
        return self.current().exclude(_confirmed("pk"))


class ResultSeatQuerySet(models.QuerySet["ResultSeat"]):
    """Seat lines of the result versions that are current or that count (see ``ResultQuerySet``)."""

    def current(self) -> ResultSeatQuerySet:
        return self.filter(result__is_current=True)

    def counting(self, tournament: Tournament) -> ResultSeatQuerySet:
        seats = self.current().filter(result__game__tournament=tournament)
        if tournament.config.double_check:
            seats = seats.filter(_confirmed("result", prefix="result__"))
        return seats


def _confirmed(result_ref: str, *, prefix: str = "") -> Q:
    """With ``double_check``: a version counts once a second staff member confirmed it
    **or** every player of its table confirmed it with their PIN (rules.md §11).

    ``result_ref`` names the result in ``OuterRef``; one subquery, so the
    standings stay constant-query. ``Result.counts`` says the same for one
    loaded version.
    """
    unsigned = ResultSeat.objects.filter(
        result=OuterRef(result_ref), player_confirmed_at__isnull=True
    )
    return cast(Q, Q(**{f"{prefix}confirmed_by__isnull": False}) | ~Exists(unsigned))


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
        django_settings.AUTH_USER_MODEL,
        verbose_name=_("recorded by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    recorded_at = models.DateTimeField(_("recorded"), auto_now_add=True)
    # When the referee saved it on the phone, where that was earlier than its
    # arrival (the phone's outbox sent it late, rules.md §12); null otherwise.
    entered_at = models.DateTimeField(_("entered on the phone"), null=True, blank=True)
    confirmed_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
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

    def player_confirmations(self) -> list[int]:
        """The positions whose players confirmed this version (uses prefetched seats)."""
        return [s.position for s in self.seats.all() if s.player_confirmed_at is not None]

    def counts(self, *, double_check: bool) -> bool:
        """Whether this version counts: ``ResultQuerySet.counting`` for one loaded version."""
        if not self.is_current:
            return False
        if not double_check or self.confirmed_by_id is not None:
            return True
        return all(s.player_confirmed_at is not None for s in self.seats.all())

    def awaits_confirmation(self, *, double_check: bool) -> bool:
        """Whether this version still waits for a confirmation before it counts:
        ``ResultQuerySet.awaiting_confirmation`` for one loaded version (a second
        staff member's, or every player's with their PIN; uses prefetched seats)."""
        return double_check and self.is_current and not self.counts(double_check=True)


class ResultSeat(models.Model):
    RoleChoice = RoleChoice

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
    last_three = models.BooleanField(_("among the last three"), default=False)
    won = models.BooleanField(_("won"), default=False)
    bounty = models.IntegerField(_("bounty"), null=True, blank=True)
    # The player at this position confirmed this version with their PIN (rules.md §11).
    player_confirmed_at = models.DateTimeField(_("confirmed by the player"), null=True, blank=True)

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
