"""Time the live standings of a full 126-player group stage (756 seat results) via the API.

    uv run python benchmarks/standings.py [--repeat 20]

Prints the set-up time, the number of SQL queries per request and the
request time (best, median) for the standings endpoint, the leaderboard's
data selector, and the same at 30 players for comparison.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from functools import partial

from _setup import count_queries, setup_django


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    setup_django()

    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client

    from tournaments import services
    from tournaments.models import ResultSeat
    from tournaments.simulation import open_games, record_random_results

    referee = User.objects.create_user("bench-referee")
    for players in (30, 126):
        start = time.perf_counter()
        tournament = services.tournament_create(name=f"Bench {players}", date="2027-03-13")
        services.participants_register(
            tournament=tournament,
            items=[
                services.ParticipantInput(name=f"P{i}", nationality="DE") for i in range(players)
            ],
        )
        services.group_stage_draw(tournament=tournament, seed="bench")
        recorded = record_random_results(
            open_games(tournament, stage="group"), rng=random.Random(1), referees=[referee]
        )
        setup = time.perf_counter() - start
        seats = ResultSeat.objects.filter(result__game__tournament=tournament).count()

        client = Client(HTTP_HOST="localhost")
        url = f"/api/tournaments/{tournament.pk}/standings/"
        response, queries = count_queries(partial(client.get, url))
        assert response.status_code == 200 and len(response.json()["rows"]) == players
        timings = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            client.get(url)
            timings.append((time.perf_counter() - t0) * 1000)
        print(
            f"{players:>3} players, {recorded} games, {seats} seat results "
            f"(set-up incl. recording every result: {setup:.2f} s; "
            f"{setup / recorded * 1000:.1f} ms per result)"
        )
        print(
            f"    GET standings: {len(queries)} SQL queries, "
            f"best {min(timings):.1f} ms, median {statistics.median(timings):.1f} ms "
            f"over {args.repeat} requests ({connection.vendor})"
        )


if __name__ == "__main__":
    main()
