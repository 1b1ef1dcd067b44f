"""Who may do what (rules.md §7, "Staff of a tournament").

Rights are per tournament: its **organisers** may do everything on it, its
**referees** record, correct and confirm results and give penalties on it
(``TournamentStaff``). **Site administrators** (superusers) may do everything
everywhere. The site-wide group ``organisers`` only allows *creating*
tournaments (the creator becomes the new tournament's first organiser); no
site-wide group gives a right on a tournament.

Every check reads the staff table for the request's user (once per request:
the roles are cached on the user object, which each request loads afresh), so
removing someone from a tournament's staff takes their rights away on their
next request, whatever session or token they hold.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from .models import Season, Tournament, TournamentStaff

ORGANISERS = "organisers"

ORGANISER = TournamentStaff.Role.ORGANISER.value
REFEREE = TournamentStaff.Role.REFEREE.value

TournamentRef = Tournament | int | None


def _roles(user: Any) -> dict[int, str]:
    """The user's role per tournament id, read once per request (cached on the user)."""
    cached = getattr(user, "_tournament_roles", None)
    if cached is None:
        cached = dict(
            TournamentStaff.objects.filter(user=user).values_list("tournament_id", "role")
        )
        user._tournament_roles = cached
    return cached


def _signed_in(user: Any) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_active)


def _tournament_id(tournament: TournamentRef) -> int | None:
    return tournament.pk if isinstance(tournament, Tournament) else tournament


def role_in(user: Any, tournament: TournamentRef) -> str | None:
    """``organiser``, ``referee`` or None: the user's own role in the tournament."""
    tournament_id = _tournament_id(tournament)
    if not _signed_in(user) or tournament_id is None:
        return None
    return _roles(user).get(tournament_id)


def is_organiser(user: Any, tournament: TournamentRef) -> bool:
    """An organiser of this tournament, or a site administrator."""
    if not _signed_in(user):
        return False
    return bool(user.is_superuser or role_in(user, tournament) == ORGANISER)


def is_staff_of(user: Any, tournament: TournamentRef) -> bool:
    """Staff of this tournament (referees and organisers), or a site administrator.

    The tournament's staff also see its private fields (birth dates, age approvals).
    """
    if not _signed_in(user):
        return False
    return bool(user.is_superuser or role_in(user, tournament) is not None)


def may_create_tournaments(user: Any) -> bool:
    """Members of the site-wide group ``organisers`` and site administrators."""
    if not _signed_in(user):
        return False
    if user.is_superuser:
        return True
    cached = getattr(user, "_may_create_tournaments", None)
    if cached is None:
        cached = user.groups.filter(name=ORGANISERS).exists()
        user._may_create_tournaments = cached
    return bool(cached)


def has_any_staff_role(user: Any) -> bool:
    """Whether the staff pages have anything for this user."""
    if not _signed_in(user):
        return False
    return bool(user.is_superuser or _roles(user) or may_create_tournaments(user))


def staffed_tournaments(user: Any) -> QuerySet[Tournament]:
    """The tournaments the user is staff of (every tournament for a site administrator)."""
    if _signed_in(user) and user.is_superuser:
        return Tournament.objects.all()
    if not _signed_in(user):
        return Tournament.objects.none()
    return Tournament.objects.filter(pk__in=list(_roles(user)))


def is_season_organiser(user: Any, season: Any) -> bool:
    """An organiser of this season (its creator and those they appoint), or a site
    administrator. ``season`` is a ``Season`` or its id."""
    if not _signed_in(user):
        return False
    if user.is_superuser:
        return True
    from .models import SeasonStaff

    season_id = getattr(season, "pk", season)
    cached = getattr(user, "_season_roles", None)
    if cached is None:
        cached = set(SeasonStaff.objects.filter(user=user).values_list("season_id", flat=True))
        user._season_roles = cached
    return season_id in cached


def organised_seasons(user: Any) -> QuerySet[Season]:
    """The seasons the user organises (every season for a site administrator)."""
    if _signed_in(user) and user.is_superuser:
        return Season.objects.all()
    if not _signed_in(user):
        return Season.objects.none()
    return Season.objects.filter(staff__user=user)


def may_manage_seasons(user: Any) -> bool:
    """Whether the staff's season pages have anything for this user: they may create
    a season (as they may create tournaments) or organise one."""
    return may_create_tournaments(user) or organised_seasons(user).exists()


def is_site_admin(user: Any) -> bool:
    """A site administrator (superuser): merges and erases players."""
    return bool(_signed_in(user) and user.is_superuser)
