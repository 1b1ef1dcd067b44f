"""Template context for every page: whether the header shows the link to the staff pages."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.http import HttpRequest

from .permissions import is_referee


def staff(request: HttpRequest) -> dict[str, Any]:
    """``show_staff_link``: the visitor is a referee or organiser.

    A callable, so that only a template that asks pays for it: no query for an
    anonymous visitor, at most one (the user's groups, cached on the user for the
    rest of the request) for someone logged in.
    """
    user = getattr(request, "user", None)
    return {"show_staff_link": partial(is_referee, user)}
