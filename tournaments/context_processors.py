"""Template context for every page: whether the header shows the link to the staff pages."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.http import HttpRequest

from .permissions import has_any_staff_role


def staff(request: HttpRequest) -> dict[str, Any]:
    """``show_staff_link``: the visitor is staff of a tournament, may create one, or is a
    site administrator.

    A callable, so that only a template that asks pays for it: no query for an
    anonymous visitor, at most two (the user's roles and groups, cached on the user for the
    rest of the request) for someone logged in.
    """
    user = getattr(request, "user", None)
    return {"show_staff_link": partial(has_any_staff_role, user)}
