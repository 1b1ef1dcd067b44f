"""Throughput of the public pages under load, as ratios against Django's admin login page.

    uv run python benchmarks/load.py [--seconds 10] [--connections 20] [--workers 2]

Needs PostgreSQL (see ``_server.py``; ``.ci/run`` shows how to start it) and
``wrk`` (Debian package). Serves the app with gunicorn and the production
settings over a fresh database holding a 126-player tournament (group rounds
1-3 recorded) and a finished one, then lets ``wrk`` hammer one page at a time.

Absolute rates on a shared machine move from run to run, so every rate is
divided by the rate of the admin login page (a page that does almost nothing:
one template, no query) measured in the same run, before and after the others.
A ratio of 1.0 means "as cheap as Django's cheapest page".
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _server import SERVER_LOG, gunicorn, prepare, production_env, threads, timed_get, wrk

GZIP = {"Accept-Encoding": "gzip"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--participants", type=int, default=126)
    parser.add_argument(
        "--threads", type=int, default=0, help="gthread workers with this many threads (0: sync)"
    )
    args = parser.parse_args()

    env = production_env()
    seeded = prepare(env, participants=args.participants)
    hall, finished, player = seeded["hall"], seeded["finished"], seeded["player"]
    with gunicorn(env, workers=args.workers, extra=threads(args.threads)) as (base, _process):
        fragment = f"{base}/t/{hall}/leaderboard/live/"
        _, _, _ = timed_get(fragment)
        etag = _etag(fragment)
        targets: list[tuple[str, str, dict[str, str]]] = [
            ("standings API", f"{base}/api/tournaments/{hall}/standings/", {}),
            ("leaderboard page", f"{base}/t/{hall}/leaderboard/", {}),
            (
                "leaderboard page, gzip",
                f"{base}/t/{hall}/leaderboard/",
                {"Accept-Encoding": "gzip"},
            ),
            (
                "leaderboard poll, unchanged (If-None-Match)",
                fragment,
                {"HX-Request": "true", "If-None-Match": etag},
            ),
            ("player page", f"{base}/t/{hall}/players/{player}/", {}),
            ("ranking page", f"{base}/t/{finished}/ranking/", {}),
            ("knockout page", f"{base}/t/{finished}/knockout/", {}),
        ]
        login = f"{base}/admin/login/"
        for url in [login] + [url for _, url, _ in targets]:  # warm every worker's caches
            for _ in range(4):
                timed_get(url)

        def measure(url: str, headers: dict[str, str]) -> tuple[float, int]:
            return wrk(url, seconds=args.seconds, connections=args.connections, headers=headers)

        login_before, login_errors = measure(login, {})
        rows = []
        for name, url, headers in targets:
            rate, errors = measure(url, headers)
            single = statistics.median(timed_get(url, headers)[0] for _ in range(7))
            rows.append((name, rate, errors, single))
        login_after, more_errors = measure(login, {})
    login_rate = (login_before + login_after) / 2

    print(
        f"{args.participants} participants, gunicorn {args.workers} "
        f"{f'gthread ({args.threads} threads)' if args.threads else 'sync'} workers, "
        f"{args.connections} connections, {args.seconds} s per page, PostgreSQL; "
        f"the servers' output: {SERVER_LOG}"
    )
    print(
        f"admin login page: {login_before:.0f} req/s before, {login_after:.0f} after "
        f"({login_errors + more_errors} errors)\n"
    )
    print("| what | req/s | × admin login | one request | errors |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, rate, errors, single in rows:
        print(
            f"| {name} | {rate:.0f} | {rate / login_rate:.2f}× "
            f"| {single * 1000:.1f} ms | {errors} |"
        )


def _etag(url: str) -> str:
    import urllib.request

    with urllib.request.urlopen(urllib.request.Request(url, headers={"HX-Request": "true"})) as r:
        tag = r.headers.get("ETag")
    if not tag:
        raise SystemExit(f"{url} sent no ETag")
    return str(tag)


if __name__ == "__main__":
    main()
