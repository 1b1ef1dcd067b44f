"""Seasons: create one, add and remove its tournaments, appoint its staff (rules.md §13).

A **season** is a named list of tournaments with a **weight** each and the
settings ``best_of``, ``min_events`` and ``qualifiers``. Members of the group
``organisers`` and site administrators create seasons; the creator becomes its
first **organiser** and appoints others. A season always keeps one organiser.
Every change of a season's tournaments, weights or settings raises its **version**
(``season_bump``, in the change's transaction): with its tournaments' live
versions it is the state its ranking is cached by (``tournaments.live.seasons``).
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from ..errors import Conflict, InvalidInput, full_clean_or_raise
from ..models import Season, SeasonStaff, SeasonTournament, Tournament
from .audit import audit_log


def season_bump(season: Season) -> None:
    """Raise the season's version (call inside the transaction of the change)."""
    Season.objects.filter(pk=season.pk).update(version=F("version") + 1)


def _settings(season: Season) -> dict[str, int]:
    return {
        "best_of": season.best_of,
        "min_events": season.min_events,
        "qualifiers": season.qualifiers,
    }


def season_create(
    *,
    name: str,
    best_of: int = 5,
    min_events: int = 1,
    qualifiers: int = 0,
    actor: User | None = None,
) -> Season:
    """A new season; ``actor`` becomes its first organiser."""
    season = Season(
        name=" ".join((name or "").split()),
        best_of=best_of,
        min_events=min_events,
        qualifiers=qualifiers,
    )
    full_clean_or_raise(season)
    with transaction.atomic():
        season.save()
        if actor is not None and actor.is_authenticated:
            SeasonStaff.objects.create(season=season, user=actor, role=SeasonStaff.Role.ORGANISER)
        audit_log(
            tournament=None,
            actor=actor,
            action="season_created",
            obj=season,
            after={"name": season.name, "settings": _settings(season)},
        )
    return season


def season_update(
    *,
    season: Season,
    name: str,
    best_of: int,
    min_events: int,
    qualifiers: int,
    actor: User | None = None,
) -> Season:
    """Rename ``season`` or change its settings (its organisers); the ranking follows."""
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        before = {"name": season.name, "settings": _settings(season)}
        season.name = " ".join((name or "").split())
        season.best_of, season.min_events, season.qualifiers = best_of, min_events, qualifiers
        full_clean_or_raise(season)
        after = {"name": season.name, "settings": _settings(season)}
        if after == before:
            return season
        season.save(update_fields=["name", "best_of", "min_events", "qualifiers"])
        # The settings decide the ranking: a new state, so no cached ranking is served.
        season_bump(season)
        audit_log(
            tournament=None,
            actor=actor,
            action="season_updated",
            obj=season,
            before=before,
            after=after,
        )
    season.refresh_from_db(fields=["version"])
    return season


def season_tournament_add(
    *, season: Season, tournament: Tournament, weight: Decimal, actor: User | None = None
) -> SeasonTournament:
    """Add ``tournament`` to ``season`` with ``weight``."""
    entry = SeasonTournament(season=season, tournament=tournament, weight=weight)
    full_clean_or_raise(entry, exclude=["season", "tournament"])
    with transaction.atomic():
        Season.objects.select_for_update().get(pk=season.pk)
        if SeasonTournament.objects.filter(season=season, tournament=tournament).exists():
            raise Conflict.single(
                "already_in_season", _("This tournament is already in the season.")
            )
        entry.save()
        season_bump(season)
        audit_log(
            tournament=None,
            actor=actor,
            action="season_tournament_added",
            obj=season,
            after={"tournament": tournament.pk, "weight": str(entry.weight)},
        )
    return entry


def season_tournament_remove(
    *, season: Season, tournament: Tournament, actor: User | None = None
) -> None:
    with transaction.atomic():
        entry = SeasonTournament.objects.filter(season=season, tournament=tournament).first()
        if entry is None:
            raise InvalidInput.single(
                "not_in_season", _("This tournament is not in the season."), field="tournament"
            )
        before = {"tournament": tournament.pk, "weight": str(entry.weight)}
        entry.delete()
        season_bump(season)
        audit_log(
            tournament=None,
            actor=actor,
            action="season_tournament_removed",
            obj=season,
            before=before,
        )


def season_staff_appoint(
    *, season: Season, user: User, role: str, actor: User | None = None
) -> SeasonStaff:
    """Make ``user`` an organiser of ``season``."""
    if role not in SeasonStaff.Role.values:
        raise InvalidInput.single("invalid_role", _("Unknown role."), field="role")
    with transaction.atomic():
        Season.objects.select_for_update().get(pk=season.pk)
        entry, made = SeasonStaff.objects.get_or_create(
            season=season, user=user, defaults={"role": role}
        )
        if made:
            audit_log(
                tournament=None,
                actor=actor,
                action="season_staff_appointed",
                obj=season,
                after={"user": user.get_username(), "role": role},
            )
    return entry


def season_staff_dismiss(*, season: Season, user: User, actor: User | None = None) -> None:
    with transaction.atomic():
        Season.objects.select_for_update().get(pk=season.pk)
        entry = SeasonStaff.objects.filter(season=season, user=user).first()
        if entry is None:
            raise InvalidInput.single(
                "not_staff", _("%(user)s is not on this season's staff.") % {"user": user}
            )
        if SeasonStaff.objects.filter(season=season).count() == 1:
            raise Conflict.single(
                "last_organiser", _("A season always keeps at least one organiser.")
            )
        entry.delete()
        audit_log(
            tournament=None,
            actor=actor,
            action="season_staff_dismissed",
            obj=season,
            before={"user": user.get_username(), "role": entry.role},
        )
