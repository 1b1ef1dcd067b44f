"""Read an event package from a file (rules.md §16): the staff page and ``manage.py
create_from_package`` take the JSON the season's server answered
(api.md "Many laptops, one season").

``read_package`` checks the document's shape and answers what
``services.tournament_from_package`` takes; the tournament's own values (its
settings for its format) are checked there, as for any new tournament. A file
that is no package is refused with ``400 invalid_package`` naming the part.
"""

from __future__ import annotations

import json
import uuid
from datetime import date
from typing import IO, Any

from django.utils.translation import gettext as _

from tournaments.errors import DomainError, InvalidInput

__all__ = ["MAX_PACKAGE_SIZE", "read_package", "read_package_file"]

#: A package of a few hundred players is some tens of kilobytes.
MAX_PACKAGE_SIZE = 2 * 1024 * 1024


def _refuse(part: str) -> DomainError:
    return InvalidInput.single(
        "invalid_package",
        _("This is not an event package of a season (%(part)s).") % {"part": part},
        field="file",
    )


def read_package_file(file: IO[bytes]) -> dict[str, Any]:
    """The package in an uploaded or opened JSON file."""
    raw = file.read(MAX_PACKAGE_SIZE + 1)
    if len(raw) > MAX_PACKAGE_SIZE:
        raise InvalidInput.single(
            "invalid_package",
            _("The file is too large (at most %(mb)s MB).") % {"mb": MAX_PACKAGE_SIZE // 2**20},
            field="file",
        )
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        raise _refuse("JSON") from None
    return read_package(data)


def read_package(data: Any) -> dict[str, Any]:
    """``package``, ``tournament`` and ``players`` of a package document."""
    if not isinstance(data, dict):
        raise _refuse("JSON")
    try:
        package = uuid.UUID(str(data["package"]))
    except (KeyError, ValueError):
        raise _refuse("package") from None
    tournament = data.get("tournament")
    if not isinstance(tournament, dict) or not all(
        isinstance(tournament.get(k), str) for k in ("name", "date", "ruleset", "format")
    ):
        raise _refuse("tournament")
    if not isinstance(tournament.get("settings", {}), dict):
        raise _refuse("settings")
    try:
        day = date.fromisoformat(tournament["date"])
    except ValueError:
        raise _refuse("date") from None
    players = data.get("players")
    if not isinstance(players, list) or not all(_is_player(p) for p in players):
        raise _refuse("players")
    return {
        "package": package,
        "tournament": {**tournament, "date": day, "settings": tournament.get("settings") or {}},
        "players": players,
    }


def _is_player(item: Any) -> bool:
    return (
        isinstance(item, dict)
        and isinstance(item.get("id"), int)
        and not isinstance(item.get("id"), bool)
        and 0 < item["id"] < 2**31
        and isinstance(item.get("name"), str)
        and 0 < len(item["name"].strip()) <= 120
        and isinstance(item.get("nationality", ""), str)
        and len(item.get("nationality", "")) <= 2
    )
