"""The people of a tournament: participants and the penalties they receive.

- **participant**: a person entered in a tournament; *active*, *withdrawn*
  (left of their own accord) or *excluded* (by a referee's penalty).
- **penalty**: a referee's warning, bounty deduction or exclusion.
"""

from __future__ import annotations

import secrets
from datetime import date
from typing import Any

from django.conf import settings as django_settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from .fields import language_choices, tournament_link
from .tournament import Tournament

#: PIN characters: upper case and digits without lookalikes (no B/8, I/1, O/0, S/5 pairs).
PIN_ALPHABET = "ACDEFGHJKLMNPQRSTUVWXYZ2345679"
PIN_LENGTH = 6


def new_pin() -> str:
    """A fresh player PIN (rules.md §11): six characters of ``PIN_ALPHABET``."""
    return "".join(secrets.choice(PIN_ALPHABET) for _ in range(PIN_LENGTH))


MINIMUM_AGE = 8


class Participant(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        WITHDRAWN = "withdrawn", _("withdrawn")
        EXCLUDED = "excluded", _("excluded")

    tournament = tournament_link("participants")
    name = models.CharField(_("name"), max_length=120)
    nationality = CountryField(_("nationality"))
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    # Private like the birth date: the tournament's staff only (rules.md §11).
    pin = models.CharField(_("PIN"), max_length=PIN_LENGTH, default=new_pin)
    age_approved = models.BooleanField(
        _("age approved"),
        default=False,
        help_text=_("The organiser has seen that a player under 8 knows the rules."),
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.ACTIVE
    )
    registered_at = models.DateTimeField(_("registered"), auto_now_add=True)
    checked_in = models.BooleanField(
        _("checked in"), default=False, help_text=_("Present at the venue on the day.")
    )
    # The person across tournaments (rules.md §13); without one the participant
    # counts as a player of its own.
    player = models.ForeignKey(
        "tournaments.Player",
        verbose_name=_("player"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="participants",
    )
    # The player's id on the season's server, from the tournament's event package
    # (rules.md §16): not a Player of this database, so not a foreign key.
    federation_player = models.PositiveIntegerField(_("federation player"), null=True, blank=True)
    # The language of their player card (rules.md §15); empty: the tournament's.
    language = models.CharField(
        _("language"), max_length=8, choices=language_choices, blank=True, default=""
    )

    class Meta:
        ordering = ["id"]
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        indexes = [models.Index(fields=["tournament", "status"])]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=models.Q(player__isnull=False),
                name="one_participant_per_player_and_tournament",
            ),
            models.UniqueConstraint(
                fields=["tournament", "federation_player"],
                condition=models.Q(federation_player__isnull=False),
                name="one_participant_per_federation_player",
            ),
        ]

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
    def language_or_none(self) -> str | None:
        """The language of their player card, ``None`` for the tournament's (the API's null)."""
        return self.language or None

    @property
    def shown_pin(self) -> str | None:
        """The PIN, or None once erased (rules.md §13)."""
        return self.pin or None

    @property
    def is_excluded(self) -> bool:
        return self.status == self.Status.EXCLUDED


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
        django_settings.AUTH_USER_MODEL,
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
