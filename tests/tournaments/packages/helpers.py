"""A season's server that makes an event package, for the package tests."""

from __future__ import annotations

import uuid
from datetime import date
from typing import Any

from django.contrib.auth.models import User

from tournaments import services
from tournaments.models import Player


def season_with_players(organiser: User, names: list[str]) -> tuple[Any, list[Player]]:
    season = services.season_create(name="Circuito 2027", actor=organiser)
    players = [
        services.player_create(name=name, nationality="IT", actor=organiser) for name in names
    ]
    return season, players


def make_package(organiser: User, names: list[str] | None = None) -> dict[str, Any]:
    """The JSON of a package of a Czech club tournament with ``names`` as its players."""
    season, players = season_with_players(organiser, names or ["Anna Rossi", "Bruno Bianchi"])
    package = services.package_make(
        season=season,
        name="Tappa Bologna",
        date=date(2027, 5, 1),
        format="czech_club",
        settings={"max_participants": 40},
        players=[p.pk for p in players],
        actor=organiser,
    )
    return package.content


def laptop_tournament(organiser: User, names: list[str] | None = None) -> Any:
    """The tournament a laptop made from a package of ``names``."""
    content = make_package(organiser, names)
    return services.tournament_from_package(
        package=uuid.UUID(content["package"]),
        tournament={
            **content["tournament"],
            "date": date.fromisoformat(content["tournament"]["date"]),
        },
        players=content["players"],
        actor=organiser,
    )
