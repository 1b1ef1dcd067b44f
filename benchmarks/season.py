"""Time the season ranking: the first request, a repeat, and a tournament page beside it.

    uv run python benchmarks/season.py [--tournaments 30] [--size 100] [--repeat 10]

Plays every tournament through the real services (registration with player
links, the group stage, the knockout to the champion), then times
``GET /api/seasons/{id}/ranking/``: the first request with an empty cache
(every tournament's record and the ranking computed), a repeat that sends the
ETag back (``304``), a repeat from a client without it (the cached bytes), and
the first request after a result changed in one tournament (that record and
the ranking recomputed). Beside them, as the yardstick, a repeat of a
tournament page (the leaderboard) and of its standings API. Each line gives
the median milliseconds and the SQL queries.
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

    from tournaments import services
    from tournaments.live import live_bump
    from tournaments.models import Participant, Stage, Tournament
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

    client = Client(HTTP_HOST="localhost")
    url = f"/api/seasons/{season.pk}/ranking/"

    def timed(label: str, call, *, repeat: int = args.repeat, clear: bool = False):  # type: ignore[no-untyped-def]
        timings, response, queries = [], None, []
        for _ in range(repeat):
            if clear:
                cache.clear()
            t0 = time.perf_counter()
            response, queries = count_queries(call)
            timings.append((time.perf_counter() - t0) * 1000)
        print(
            f"    {label}: median {statistics.median(timings):.1f} ms "
            f"(best {min(timings):.1f}), {len(queries)} SQL queries, {response.status_code}"
        )
        return response

    first = timed(
        "season ranking, first request (empty cache)", partial(client.get, url), clear=True
    )
    rows = len(first.json()["rows"]) + len(first.json()["unranked"])
    print(f"      ({rows} rows, {len(first.content) / 1024:.0f} KiB)")
    etag = first["ETag"]
    timed(
        "season ranking, repeat with its ETag (304)",
        partial(client.get, url, HTTP_IF_NONE_MATCH=etag),
    )
    timed("season ranking, repeat without an ETag (cached)", partial(client.get, url))
    last = Tournament.objects.order_by("-pk").first()

    def after_a_change():  # type: ignore[no-untyped-def]
        participant = (
            last.participants.filter(checked_in=False).first() or last.participants.first()
        )
        Participant.objects.filter(pk=participant.pk).update(checked_in=not participant.checked_in)
        live_bump(tournament_id=last.pk, what="other")
        return client.get(url)

    timed("season ranking, first request after one tournament changed", after_a_change)
    board = f"/t/{last.pk}/leaderboard/"
    client.get(board)
    timed("tournament page (leaderboard), repeat", partial(client.get, board))
    standings = f"/api/tournaments/{last.pk}/standings/"
    client.get(standings)
    timed("tournament standings API, repeat", partial(client.get, standings))


if __name__ == "__main__":
    main()
