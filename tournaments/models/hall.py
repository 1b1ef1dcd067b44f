"""The championship day in the hall (rules.md §12): the round clock, calls for a
referee and the seats as played.

- **round clock** (``RoundClock``): one per tournament, run by an organiser for
  the hall's schedule: *idle*, *running* (until ``ends_at``), *paused* (with
  ``left`` to go) or, derived, *expired* (running past ``ends_at``). It changes
  no result.
- **call** (``RefereeCall``): a player asks for a referee from their seat of a
  game; *open*, *taken* (a referee is coming: ``taken_by``) or *closed*. One
  open or taken call per seat (a table and a position), enforced by the database.
- **seat swap** (``SeatSwap``): a correction after a draw, two seated players
  of one stage (``"group"`` or ``"knockout-N"``) exchanged before either table
  has a result; published with the draw record, oldest first.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .fields import done_by, tournament_link
from .people import Participant
from .play import Game, Table
from .tournament import Tournament

__all__ = ["CALL_NOTE_LENGTH", "RefereeCall", "RoundClock", "SeatSwap"]

CALL_NOTE_LENGTH = 200


class RoundClock(models.Model):
    """The tournament's round clock; ``expired`` is derived, never stored."""

    class State(models.TextChoices):
        IDLE = "idle", _("not running")
        RUNNING = "running", _("running")
        PAUSED = "paused", _("paused")
        EXPIRED = "expired", _("time is up")

    tournament = models.OneToOneField(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="clock"
    )
    state = models.CharField(
        _("state"),
        max_length=10,
        choices=[
            ("idle", _("not running")),
            ("running", _("running")),
            ("paused", _("paused")),
        ],
        default=State.IDLE,
    )
    label = models.CharField(_("label"), max_length=100, blank=True)
    # While running: when the time is up.
    ends_at = models.DateTimeField(_("ends at"), null=True, blank=True)
    # While paused: the time still to go.
    left = models.DurationField(_("time left"), null=True, blank=True)
    updated_at = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("round clock")
        verbose_name_plural = _("round clocks")
        constraints = [
            models.CheckConstraint(
                condition=Q(state="idle")
                | Q(state="running", ends_at__isnull=False)
                | Q(state="paused", left__isnull=False),
                name="round_clock_state_fields",
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.state}"


class RefereeCall(models.Model):
    """A player's call for a referee from their seat of a game."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        TAKEN = "taken", _("a referee is coming")
        CLOSED = "closed", _("closed")

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="calls"
    )
    game = models.ForeignKey(
        Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="calls"
    )
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="calls"
    )
    position = models.PositiveSmallIntegerField(_("position"))
    participant = models.ForeignKey(
        Participant, verbose_name=_("participant"), on_delete=models.CASCADE, related_name="calls"
    )
    note = models.CharField(_("note"), max_length=CALL_NOTE_LENGTH, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )
    created_at = models.DateTimeField(_("called"), auto_now_add=True)
    taken_by = done_by(_("taken by"))
    taken_at = models.DateTimeField(_("taken"), null=True, blank=True)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("call for a referee")
        verbose_name_plural = _("calls for a referee")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "position"],
                condition=Q(status__in=["open", "taken"]),
                name="one_open_call_per_seat",
            )
        ]
        indexes = [models.Index(fields=["tournament", "status"])]

    def __str__(self) -> str:
        return f"{self.table} / {self.position}: {self.status}"


class SeatSwap(models.Model):
    """Two seated players of one stage exchanged after the draw (a correction)."""

    tournament = tournament_link("seat_swaps")
    # "group" or "knockout-N" (the knockout round N), as draw commitments name draws.
    stage = models.CharField(_("stage"), max_length=20)
    a = models.ForeignKey(
        Participant, verbose_name=_("first participant"), on_delete=models.CASCADE, related_name="+"
    )
    b = models.ForeignKey(
        Participant,
        verbose_name=_("second participant"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    at = models.DateTimeField(_("time"), auto_now_add=True)
    by = done_by(_("by"))

    class Meta:
        ordering = ["id"]
        verbose_name = _("seat swap")
        verbose_name_plural = _("seat swaps")
        indexes = [models.Index(fields=["tournament", "stage"])]

    def __str__(self) -> str:
        return f"{self.stage}: {self.a_id} <-> {self.b_id}"
