"""DRF permission classes: reading is public, changing needs a role on the tournament.

The tournament is the one of the URL: ``tournament_id``, or the tournament of
the game ``game_id`` or the call ``call_id`` (the view's cached ``game`` or
``call``, which its handler reuses). A
request is refused as unauthenticated (401) before any lookup; a site
administrator passes without one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission

from tournaments.permissions import (
    is_organiser,
    is_season_organiser,
    is_staff_of,
    may_create_tournaments,
)


def _signed_in(request: Any) -> bool:
    user = request.user
    return bool(user and user.is_authenticated)


def _tournament_id(view: Any) -> int | None:
    kwargs = getattr(view, "kwargs", {}) or {}
    if "tournament_id" in kwargs:
        return int(kwargs["tournament_id"])
    if "game_id" in kwargs:
        return int(view.game.tournament_id)
    if "call_id" in kwargs:
        return int(view.call.tournament_id)
    return None


def _has(check: Callable[[Any, int | None], bool], request: Any, view: Any) -> bool:
    if not _signed_in(request):
        return False
    if request.user.is_superuser:
        return True
    return check(request.user, _tournament_id(view))


class ReadOnlyOrOrganiser(BasePermission):
    """Anyone reads; the tournament's organisers change."""

    def has_permission(self, request: Any, view: Any) -> bool:
        return request.method in SAFE_METHODS or _has(is_organiser, request, view)


class ReadOnlyOrReferee(BasePermission):
    """Anyone reads; the tournament's referees (and organisers) change."""

    def has_permission(self, request: Any, view: Any) -> bool:
        return request.method in SAFE_METHODS or _has(is_staff_of, request, view)


class RefereeOnly(BasePermission):
    """Only the tournament's staff, also for reading (e.g. result history)."""

    def has_permission(self, request: Any, view: Any) -> bool:
        return _has(is_staff_of, request, view)


class OrganiserOnly(BasePermission):
    """Only the tournament's organisers, also for reading (e.g. the audit log)."""

    def has_permission(self, request: Any, view: Any) -> bool:
        return _has(is_organiser, request, view)


class ReadOnlyOrCreator(BasePermission):
    """Anyone reads; members of the group ``organisers`` (and superusers) create.

    For tournaments (the creator becomes the first organiser) and accounts.
    """

    def has_permission(self, request: Any, view: Any) -> bool:
        return request.method in SAFE_METHODS or may_create_tournaments(request.user)


class CreatorOnly(ReadOnlyOrCreator):
    """Members of the group ``organisers`` (and superusers), also for reading."""

    def has_permission(self, request: Any, view: Any) -> bool:
        return may_create_tournaments(request.user)


def _season_id(view: Any) -> int | None:
    kwargs = getattr(view, "kwargs", {}) or {}
    return int(kwargs["season_id"]) if "season_id" in kwargs else None


class ReadOnlyOrSeasonOrganiser(BasePermission):
    """Anyone reads; the season's organisers (and site administrators) change."""

    def has_permission(self, request: Any, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return _signed_in(request) and is_season_organiser(request.user, _season_id(view))


class SeasonOrganiserOnly(BasePermission):
    """Only the season's organisers (and site administrators), also for reading."""

    def has_permission(self, request: Any, view: Any) -> bool:
        return _signed_in(request) and is_season_organiser(request.user, _season_id(view))
