"""Where a tournament stands, and what it allows: its phase and its characters.

Words used here:

- The **phase** of a tournament (``Phase``): *registration* (no group draw),
  *drawn* (the group stage is seated, no group result yet: the draw may be
  redone), *group stage* (a group result exists), *knockout* (started, no
  champion), *finished* (a champion). Said once, here; every page, the API and
  the services ask ``tournament_phase``.
- The **characters** a tournament allows are the base game's plus the
  expansion characters added for it; with ``deal_characters`` (BANG! only)
  the draw deals them (``deals_characters``).
"""

from __future__ import annotations

from enum import StrEnum

from django.db.models import Exists, OuterRef, QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scoring.rulesets import Ruleset
from tournaments.models import Character, GroupDraw, Knockout, Result, Stage, Tournament

__all__ = [
    "Phase",
    "deals_characters",
    "group_stage_drawn",
    "tournament_characters",
    "tournament_phase",
    "with_phase",
]


class Phase(StrEnum):
    """Where a tournament stands (in this order)."""

    REGISTRATION = "registration"
    DRAWN = "drawn"
    GROUP = "group"
    KNOCKOUT = "knockout"
    FINISHED = "finished"

    @property
    def label(self) -> Promise:
        return _PHASE_LABELS[self]

    @property
    def drawn(self) -> bool:
        """The group stage is seated (registration and the ruleset are fixed)."""
        return self is not Phase.REGISTRATION

    @property
    def played(self) -> bool:
        """A group-stage result is recorded: the draw is final."""
        return self in (Phase.GROUP, Phase.KNOCKOUT, Phase.FINISHED)


_PHASE_LABELS: dict[Phase, Promise] = {
    Phase.REGISTRATION: _("Registration"),
    Phase.DRAWN: _("Group stage · drawn"),
    Phase.GROUP: _("Group stage"),
    Phase.KNOCKOUT: _("Knockout"),
    Phase.FINISHED: _("Finished"),
}

#: The annotations ``with_phase`` adds and ``tournament_phase`` reads.
_FLAGS = ("phase_drawn", "phase_played", "phase_knockout", "phase_finished")


def with_phase(tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """``tournaments`` annotated with what ``tournament_phase`` needs (no extra query)."""
    return tournaments.annotate(
        phase_drawn=Exists(GroupDraw.objects.filter(tournament=OuterRef("pk"))),
        phase_played=Exists(
            Result.objects.filter(game__tournament=OuterRef("pk"), game__stage=Stage.GROUP)
        ),
        phase_knockout=Exists(Knockout.objects.filter(tournament=OuterRef("pk"))),
        phase_finished=Exists(
            Knockout.objects.filter(tournament=OuterRef("pk"), champion__isnull=False)
        ),
    )


def tournament_phase(tournament: Tournament) -> Phase:
    """The tournament's phase: no query where it was loaded ``with_phase``, else one."""
    if all(hasattr(tournament, flag) for flag in _FLAGS):
        flags = {flag: getattr(tournament, flag) for flag in _FLAGS}
    else:
        flags = with_phase(Tournament.objects.filter(pk=tournament.pk)).values(*_FLAGS).get()
    if flags["phase_finished"]:
        return Phase.FINISHED
    if flags["phase_knockout"]:
        return Phase.KNOCKOUT
    if flags["phase_played"]:
        return Phase.GROUP
    return Phase.DRAWN if flags["phase_drawn"] else Phase.REGISTRATION


def group_stage_drawn(tournament: Tournament) -> bool:
    """Whether the group stage is drawn (registration and the ruleset are then fixed)."""
    return tournament_phase(tournament).drawn


def tournament_characters(tournament: Tournament) -> dict[str, int]:
    """Name -> life points of every character the tournament allows."""
    rows = Character.objects.filter(tournament__isnull=True) | Character.objects.filter(
        tournament=tournament
    )
    return dict(rows.values_list("name", "life_points"))


def deals_characters(tournament: Tournament) -> bool:
    """Whether the tournament deals characters (BANG! with ``deal_characters`` on)."""
    return tournament.ruleset == Ruleset.BANG and tournament.config.deal_characters
