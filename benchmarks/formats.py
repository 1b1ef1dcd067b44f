"""The Czech club format beside the German championship (rules.md §14): time and queries.

    uv run python benchmarks/formats.py [--sizes 23 126]

For each size and format: the qualifying stage played through the real
services (registration, each part drawn and every game recorded; the time of
each step), then the SQL queries of one request to each page that lists rows:
the public standings (leaderboard), the projector, a player's page, the
standings API and the referees' list of games. A page's queries must be the
same at every size (constant-query pages); the script says so or fails.
"""

from __future__ import annotations

import argparse
import random
import time
from functools import partial

from _setup import count_queries, setup_django

FORMATS = ("german_championship", "czech_club")
SHORT = {"german_championship": "German", "czech_club": "Czech"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[23, 126])
    args = parser.parse_args()
    setup_django()

    from django.contrib.auth.models import User
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from tournaments import services
    from tournaments.models import Game
    from tournaments.simulation import play_qualifying_stage

    organiser = User.objects.create_superuser("bench-organiser", password=None)
    staff = Client(HTTP_HOST="localhost")
    staff.force_login(organiser)
    public = Client(HTTP_HOST="localhost")
    queries: dict[tuple[str, int], dict[str, int]] = {}
    print(f"Database: {connection.vendor}")
    for size in args.sizes:
        for key in FORMATS:
            timings: dict[str, float] = {}
            clock = [time.perf_counter()]

            def timed(label: str, clock: list[float] = clock, timings: dict = timings) -> None:
                now = time.perf_counter()
                timings[label] = now - clock[0]
                clock[0] = now

            tournament = services.tournament_create(
                name=f"Bench {key} {size}",
                date="2027-03-13",
                format=key,
                settings={"max_participants": max(size, 126)},
                actor=organiser,
            )
            services.participants_register(
                tournament=tournament,
                items=[
                    services.ParticipantInput(name=f"P{i:03d}", nationality="DE")
                    for i in range(size)
                ],
                actor=organiser,
            )
            timed("registration")
            play_qualifying_stage(
                tournament, seed="bench", rng=random.Random(size), referees=[organiser], timed=timed
            )
            games = Game.objects.filter(tournament=tournament).count()
            total = sum(timings.values())
            steps = ", ".join(f"{label} {seconds:.2f} s" for label, seconds in timings.items())
            print(f"{key:<20} {size:>3} players, {games:>3} games: {total:6.2f} s ({steps})")
            player = tournament.participants.order_by("id").last()
            assert player is not None
            pages = {
                "standings": (public, reverse("leaderboard", args=[tournament.pk])),
                "projector": (public, reverse("projector", args=[tournament.pk])),
                "player": (public, reverse("player", args=[tournament.pk, player.pk])),
                "standings API": (public, reverse("api-standings", args=[tournament.pk])),
                "staff games": (staff, reverse("staff:games", args=[tournament.pk])),
            }
            counted = {}
            for page, (client, url) in pages.items():
                cache.clear()  # the page as rendered, not from the live cache
                response, sent = count_queries(partial(client.get, url))
                assert response.status_code == 200, (page, response.status_code)
                counted[page] = len(sent)
            queries[key, size] = counted

    print()
    header = "".join(f"{f'{SHORT[key]} {size}':>12}" for size in args.sizes for key in FORMATS)
    print(f"{'queries per page':<16}{header}")
    constant = True
    for page in next(iter(queries.values())):
        row = "".join(f"{queries[key, size][page]:>12}" for size in args.sizes for key in FORMATS)
        print(f"{page:<16}{row}")
        for key in FORMATS:
            constant &= len({queries[key, size][page] for size in args.sizes}) == 1
    print("Constant-query pages: " + ("yes, the same at every size" if constant else "NO"))
    if not constant:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
