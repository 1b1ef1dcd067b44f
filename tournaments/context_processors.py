"""Template context for every page: whether the header shows the link to the staff pages,
and the CSRF cookie's name (``base.html`` says it once for ``static/js/csrf.js``)."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.conf import settings
from django.http import HttpRequest

from .permissions import has_any_staff_role, is_staff_of


class StaffOf:
    """``tournament_id in staff_of``: the visitor is staff of that tournament."""

    def __init__(self, user: Any) -> None:
        self.user = user

    def __contains__(self, tournament_id: object) -> bool:
        return isinstance(tournament_id, int) and is_staff_of(self.user, tournament_id)


def staff(request: HttpRequest) -> dict[str, Any]:
    """``show_staff_link``: the visitor is staff of a tournament, may create one, or is a
    site administrator; ``staff_of``: of which tournaments (the link leads to this
    tournament's staff pages only for its staff, else to the staff index).

    A callable, so that only a template that asks pays for it: no query for an
    anonymous visitor, at most two (the user's roles and groups, cached on the user for the
    rest of the request) for someone logged in.
    """
    user = getattr(request, "user", None)
    return {"show_staff_link": partial(has_any_staff_role, user), "staff_of": StaffOf(user)}


def csrf_cookie(request: HttpRequest) -> dict[str, Any]:
    """``csrf_cookie_name``: where the scripts read the CSRF token (``static/js/csrf.js``)."""
    return {"csrf_cookie_name": settings.CSRF_COOKIE_NAME}
