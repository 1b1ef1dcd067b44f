"""DRF permission classes: reading is public, changing needs a role."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission

from tournaments.permissions import is_organiser, is_referee


class ReadOnlyOrOrganiser(BasePermission):
    """Anyone reads; organisers change."""

    def has_permission(self, request: Any, view: Any) -> bool:
        return request.method in SAFE_METHODS or is_organiser(request.user)


class ReadOnlyOrReferee(BasePermission):
    """Anyone reads; referees (and organisers) change."""

    def has_permission(self, request: Any, view: Any) -> bool:
        return request.method in SAFE_METHODS or is_referee(request.user)


class RefereeOnly(BasePermission):
    """Only referees and organisers, also for reading (e.g. result history)."""

    def has_permission(self, request: Any, view: Any) -> bool:
        return is_referee(request.user)


class OrganiserOnly(BasePermission):
    """Only organisers, also for reading (e.g. the audit log)."""

    def has_permission(self, request: Any, view: Any) -> bool:
        return is_organiser(request.user)
