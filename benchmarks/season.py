"""Time the season ranking of 30 finished tournaments with 3,000 participants in all.

    uv run python benchmarks/season.py [--tournaments 30] [--size 100] [--repeat 10]

Plays every tournament through the real services (registration with player
links, the group stage, the knockout to the champion), then times the season
ranking: the selector and ``GET /api/seasons/{id}/ranking/``, first with an
empty cache (every tournament's record computed) and then as every later
request finds it (the records cached per tournament state), with the number
of SQL queries of each.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from datetime import date, timedelta
from functools import partial

from _setup import count_queries, setup_django


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tournaments", type=int, default=30)
    parser.add_argument("--size", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    setup_django()

    from django.contrib.auth.models import User
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client

    from tournaments import selectors, services
    from tournaments.models import Participant, Stage
    from tournaments.simulation import open_games, play_knockout, record_random_results

    rng = random.Random("season")
    organiser = User.objects.create_superuser("bench-organiser", password=None)
    pool = [
        services.player_create(name=f"Spielerin {i:04d}", nationality="DE")
        for i in range(args.size * 3)
    ]
    season = services.season_create(name="Bench season", best_of=5, qualifiers=16)
    start = time.perf_counter()
    for number in range(args.tournaments):
        tournament = services.tournament_create(
            name=f"Cup {number + 1}",
            date=date(2027, 1, 1) + timedelta(days=7 * number),
            settings={"max_participants": max(args.size, 126)},
            actor=organiser,
        )
        linked = rng.sample(pool, k=args.size * 6 // 10)
        items = [
            services.ParticipantInput(name=p.name, nationality="DE", player=p.pk) for p in linked
        ] + [
            services.ParticipantInput(name=f"Gast {number}-{i}", nationality="AT")
            for i in range(args.size - len(linked))
        ]
        services.participants_register(tournament=tournament, items=items, actor=organiser)
        services.group_stage_draw(tournament=tournament, seed=f"s{number}", actor=organiser)
        record_random_results(
            open_games(tournament, stage=Stage.GROUP), rng=rng, referees=[organiser]
        )
        play_knockout(tournament, seed=f"k{number}", rng=rng, referees=[organiser])
        weight = 2 if number == args.tournaments - 1 else 1
        services.season_tournament_add(season=season, tournament=tournament, weight=weight)
    setup = time.perf_counter() - start
    participants = Participant.objects.count()
    print(
        f"{args.tournaments} tournaments, {participants} participants, "
        f"{len(pool)} players (set-up, playing every game: {setup:.1f} s; {connection.vendor})"
    )

    cache.clear()
    t0 = time.perf_counter()
    standing, cold_queries = count_queries(partial(selectors.season_standing, season))
    cold = (time.perf_counter() - t0) * 1000
    rows = len(standing.rows) + len(standing.unranked)
    print(
        f"    ranking, empty cache: {cold:.0f} ms, {len(cold_queries)} SQL queries "
        f"({rows} rows, {sum(1 for r in standing.rows if r.qualified)} qualified)"
    )
    timings = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        _standing, warm_queries = count_queries(partial(selectors.season_standing, season))
        timings.append((time.perf_counter() - t0) * 1000)
    print(
        f"    ranking, records cached: best {min(timings):.0f} ms, "
        f"median {statistics.median(timings):.0f} ms, {len(warm_queries)} SQL queries"
    )
    client = Client(HTTP_HOST="localhost")
    url = f"/api/seasons/{season.pk}/ranking/"
    timings = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        response, api_queries = count_queries(partial(client.get, url))
        timings.append((time.perf_counter() - t0) * 1000)
        assert response.status_code == 200
    print(
        f"    GET {url}: best {min(timings):.0f} ms, median {statistics.median(timings):.0f} ms, "
        f"{len(api_queries)} SQL queries"
    )
    under = max(cold, statistics.median(timings)) < 1000
    print(f"    under a second: {'yes' if under else 'NO'}")


if __name__ == "__main__":
    main()
