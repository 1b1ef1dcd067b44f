"""Who is who: organisers and referees are Django groups (superusers organise too)."""

from __future__ import annotations

from typing import Any

ORGANISERS = "organisers"
REFEREES = "referees"


def _groups(user: Any) -> set[str]:
    # Cached on the user object: a page asks several times per request.
    cached = getattr(user, "_tournament_groups", None)
    if cached is None:
        cached = set(user.groups.values_list("name", flat=True)) if user.is_authenticated else set()
        user._tournament_groups = cached
    return cached


def is_organiser(user: Any) -> bool:
    return bool(
        user and user.is_authenticated and (user.is_superuser or ORGANISERS in _groups(user))
    )


def is_referee(user: Any) -> bool:
    """Referees record results and give penalties; organisers may do everything."""
    return bool(
        user and user.is_authenticated and (is_organiser(user) or REFEREES in _groups(user))
    )
