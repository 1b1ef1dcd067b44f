"""Rehearse a tournament: random valid results recorded through the real services.

Used by ``manage.py simulate_tournament`` (organisers rehearsing the day), by
the demo, and by the tests that play whole tournaments. Every format plays its
qualifying stage part by part (rules.md §14: each part drawn once the one
before it is complete); a format with a knockout then plays it to the champion.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import date

from django.contrib.auth.models import User
from django.db.models import QuerySet

from scoring.formats import FormatKey
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
    tournament: Tournament,
    *,
    stage: str,
    rounds: Iterable[int] | None = None,
    part: int | None = None,
) -> QuerySet[Game]:
    """The open games of a stage (optionally of one part, of some rounds), in playing order."""
    games = Game.objects.filter(tournament=tournament, stage=stage, status=Game.Status.OPEN)
    if part is not None:
        games = games.filter(part=part)
    if rounds is not None:
        games = games.filter(round__in=list(rounds))
    return games.select_related("table", "tournament").order_by("part", "round", "table__number")


def play_qualifying_stage(
    tournament: Tournament,
    *,
    seed: str,
    rng: random.Random,
    referees: Sequence[User],
    timed: Callable[[str], None] | None = None,
) -> None:
    """Draw every part of the qualifying stage in turn and play all its games.

    Part 1 is drawn with ``seed``, part n with ``"<seed>-<n>"``. ``timed(label)``
    (if given) is called after each step, for the rehearsal's timings.
    """
    for part in range(1, len(tournament.config.format.parts) + 1):
        services.group_stage_draw(
            tournament=tournament,
            seed=seed if part == 1 else f"{seed}-{part}",
            part=part,
            actor=referees[0],
        )
        if timed:
            timed(f"draw part {part}")
        record_random_results(
            open_games(tournament, stage=Stage.GROUP, part=part), rng=rng, referees=referees
        )
        if timed:
            timed(f"play part {part}")


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


def play_final_table(
    tournament: Tournament, *, seed: str, rng: random.Random, referees: Sequence[User]
) -> None:
    """Start a format's final table (``services.knockout_start`` seats it when the
    format's final is a table, rules.md §14) and play every one of its games."""
    services.knockout_start(tournament=tournament, seed=seed, actor=referees[0])
    record_random_results(open_games(tournament, stage=Stage.FINAL), rng=rng, referees=referees)


def simulate_tournament(
    *,
    participants: int,
    seed: str,
    organiser: User,
    ruleset: str = "bang",
    format: str = FormatKey.GERMAN_CHAMPIONSHIP.value,
    name: str | None = None,
    timings: dict[str, float] | None = None,
) -> Tournament:
    """A whole tournament: registration, each part drawn and played, then the
    knockout or the format's final table (``czech_club``).

    ``timings`` (if given) receives the seconds each step took, in order.
    """
    rng = random.Random(seed)
    clock = [time.perf_counter()]

    def timed(label: str) -> None:
        now = time.perf_counter()
        if timings is not None:
            timings[label] = now - clock[0]
        clock[0] = now

    tournament = services.tournament_create(
        name=name or f"Probelauf {participants} ({seed})",
        date=date(2027, 3, 13),
        ruleset=ruleset,
        format=format,
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
    timed("registration")
    play_qualifying_stage(tournament, seed=seed, rng=rng, referees=[organiser], timed=timed)
    selectors.group_standings(tournament)
    timed("standings")
    if tournament.config.format.final.is_table:
        play_final_table(tournament, seed=seed, rng=rng, referees=[organiser])
        timed("final table")
    else:
        play_knockout(tournament, seed=seed, rng=rng, referees=[organiser])
        timed("knockout")
    return tournament
