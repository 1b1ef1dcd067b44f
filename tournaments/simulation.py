"""Rehearse a tournament: random valid results recorded through the real services.

Used by ``manage.py simulate_tournament`` (organisers rehearsing the day), by
the demo, and by the tests that play whole tournaments.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from datetime import date

from django.contrib.auth.models import User
from django.db.models import QuerySet

from scoring.simulate import random_result

from . import selectors, services
from .models import Game, Knockout, Stage, Tournament

COUNTRIES = ("DE",) * 8 + ("AT", "CH", "NL", "FR", "IT", "PL", "CZ", "DK")


def record_random_results(
    games: Iterable[Game], *, rng: random.Random, referees: Sequence[User]
) -> int:
    """Record a random valid result for each game; returns how many were recorded."""
    played = 0
    for game in games:
        reports, winner = random_result(selectors.game_spec(game), rng)
        services.result_record(
            game=game,
            seats=reports,
            winner=winner,
            signed=True,
            actor=rng.choice(list(referees)),
        )
        played += 1
    return played


def open_games(
    tournament: Tournament, *, stage: str, rounds: Iterable[int] | None = None
) -> QuerySet[Game]:
    """The open games of a stage (optionally of some rounds), in playing order."""
    games = Game.objects.filter(tournament=tournament, stage=stage, status=Game.Status.OPEN)
    if rounds is not None:
        games = games.filter(round__in=list(rounds))
    return games.select_related("table", "tournament").order_by("round", "table__number")


def play_knockout(
    tournament: Tournament, *, seed: str, rng: random.Random, referees: Sequence[User]
) -> Knockout:
    """Start the knockout (if needed) and play it to the champion."""
    knockout = Knockout.objects.filter(tournament=tournament).first()
    if knockout is None:
        knockout = services.knockout_start(tournament=tournament, seed=seed, actor=referees[0])
    while knockout.champion_id is None:
        record_random_results(
            open_games(tournament, stage=Stage.KNOCKOUT, rounds=[knockout.current_round]),
            rng=rng,
            referees=referees,
        )
        knockout = services.knockout_next_round(tournament=tournament, actor=referees[0])
    return knockout


def simulate_tournament(
    *,
    participants: int,
    seed: str,
    organiser: User,
    ruleset: str = "bang",
    name: str | None = None,
) -> Tournament:
    """A whole tournament: registration, draw, every group game, knockout to the champion."""
    rng = random.Random(seed)
    tournament = services.tournament_create(
        name=name or f"Probelauf {participants} ({seed})",
        date=date(2027, 3, 13),
        ruleset=ruleset,
        settings={"max_participants": max(participants, 126)},
        actor=organiser,
    )
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(name=f"Spieler {i:03d}", nationality=rng.choice(COUNTRIES))
            for i in range(1, participants + 1)
        ],
        actor=organiser,
    )
    services.group_stage_draw(tournament=tournament, seed=seed, actor=organiser)
    record_random_results(open_games(tournament, stage=Stage.GROUP), rng=rng, referees=[organiser])
    play_knockout(tournament, seed=seed, rng=rng, referees=[organiser])
    return tournament
