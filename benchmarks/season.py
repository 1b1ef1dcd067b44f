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

Then many laptops, one season (rules.md §16): every tournament is archived and
fetched signed, and imported into a second season through
``POST /api/seasons/{id}/imports/`` (participants linked by name or made new
players): the time per import, and the imported season's first ranking, which
must equal the first season's row for row.
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
    imports(args, season=season, organiser=organiser, first=first.json())


def imports(args, *, season, organiser, first):  # type: ignore[no-untyped-def]
    """Sign every tournament's archive, import them into a fresh season, time both."""
    import json

    from django.core.cache import cache
    from django.test import Client

    from tournaments import services, signing
    from tournaments.models import SeasonTournament
    from tournaments.services.seasons import season_bump

    entries = list(
        SeasonTournament.objects.filter(season=season).order_by("tournament__date", "tournament")
    )
    client = Client(HTTP_HOST="localhost")
    client.force_login(organiser)
    signed = []
    for entry in entries:
        archive = services.archive_create(tournament=entry.tournament, actor=organiser)
        answer = client.get(
            f"/api/tournaments/{entry.tournament_id}/archive/{archive.version}.signed.json"
        )
        signed.append(answer.content)
    target = services.season_create(name="Imported", best_of=5, qualifiers=16, actor=organiser)
    key = signing.b64(bytes(services.installation_key().public_key))
    services.season_key_add(season=target, public_key=key, label="bench")
    url = f"/api/seasons/{target.pk}/imports/"
    timings = []
    for body in signed:
        t0 = time.perf_counter()
        answer = client.post(url, body, content_type="application/json")
        timings.append((time.perf_counter() - t0) * 1000)
        assert answer.status_code == 201, answer.content
    print(
        f"    import of a signed archive ({len(signed)}, "
        f"{statistics.mean(len(b) for b in signed) / 1024:.0f} KiB each): "
        f"median {statistics.median(timings):.1f} ms (best {min(timings):.1f}, "
        f"worst {max(timings):.1f})"
    )
    for entry in SeasonTournament.objects.filter(season=target).order_by("tournament__date"):
        if entry.tournament.name == entries[-1].tournament.name:
            entry.weight = entries[-1].weight  # the last one counts double, as above
            entry.save(update_fields=["weight"])
            season_bump(target)
    cache.clear()
    t0 = time.perf_counter()
    ranking = client.get(f"/api/seasons/{target.pk}/ranking/").json()
    took = (time.perf_counter() - t0) * 1000
    print(f"    imported season ranking, first request (empty cache): {took:.1f} ms")

    def plain(rows):  # type: ignore[no-untyped-def]
        keys = ("rank", "name", "score", "events", "best", "qualified", "rating")
        return [tuple(r[k] for k in keys) for r in rows]

    same = plain(ranking["rows"]) == plain(first["rows"])
    print(f"      (the same ranking as the season played here: {json.dumps(same)})")


if __name__ == "__main__":
    main()
