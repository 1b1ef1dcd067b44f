"""Finished tournaments for the season tests, played through the real services."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from django.contrib.auth.models import User

from tests import factories
from tournaments import services
from tournaments.models import Player, Stage, Tournament
from tournaments.simulation import open_games, play_knockout, record_random_results


def finished_tournament(
    names: Sequence[str],
    *,
    organiser: User,
    seed: str = "season",
    day: date = date(2027, 3, 13),
    players: Mapping[str, Player] | None = None,
    finish: bool = True,
    name: str | None = None,
) -> Tournament:
    """A tournament of ``names`` (linked to ``players`` by name), played to the end."""
    factories.ensure_reference_data()
    tournament = services.tournament_create(name=name or f"Cup {seed}", date=day, actor=organiser)
    players = players or {}
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(
                name=n, nationality="DE", player=players[n].pk if n in players else None
            )
            for n in names
        ],
        actor=organiser,
    )
    services.group_stage_draw(tournament=tournament, seed=seed, actor=organiser)
    rng = random.Random(seed)
    record_random_results(open_games(tournament, stage=Stage.GROUP), rng=rng, referees=[organiser])
    if finish:
        play_knockout(tournament, seed=seed, rng=rng, referees=[organiser])
    return tournament


def names(prefix: str, count: int) -> list[str]:
    return [f"{prefix} {i:02d}" for i in range(1, count + 1)]


def season_rows(answer: dict[str, Any], order: list[int]) -> dict[str, Any]:
    """The season ranking with ids left out (tournaments by their place in ``order``)."""

    def row(r: dict[str, Any]) -> tuple[Any, ...]:
        return (
            r["rank"],
            r["name"],
            r["nationality"],
            r["score"],
            r["events"],
            r["best"],
            r["qualified"],
            r["rating"],
            tuple(
                (order.index(x["tournament"]), x["place"], x["points"], x["counted"])
                for x in r["results"]
            ),
        )

    return {
        "tournaments": [
            (order.index(t["tournament"]), t["weight"], t["counted"], t["participants"])
            for t in answer["tournaments"]
        ],
        "rows": [row(r) for r in answer["rows"]],
        "unranked": [row(r) for r in answer["unranked"]],
        "qualifiers": answer["qualifiers"],
        "extra_qualifiers": answer["extra_qualifiers"],
    }
