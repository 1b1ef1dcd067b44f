"""A full hall on a championship day, simulated against the production set-up.

    uv run python benchmarks/hall.py [--phones 200] [--window 120] [--idle-phones 1000]

Needs PostgreSQL (see ``_server.py``). Serves the app with gunicorn (2 sync
workers, production settings) over a 126-player tournament in round 4 of the
group stage, then plays the scenario of issue 14:

- ``--phones`` phones poll the leaderboard's live fragment every 3 s exactly as
  the page does (htmx ``every 3s`` with ``If-None-Match``; a new connection per
  poll, as gunicorn's sync workers close each one);
- a projector polls its fragment at the same pace;
- 21 referees each save their table's result once (``PUT /api/games/{id}/result/``)
  at a random moment within ``--window`` seconds.

It prints the save and poll latencies (p50/p99), when the last phone shows each
result after its save was answered (the first answer to a poll sent after the
save's answer: an upper bound), the errors, and the share of the machine the
server used. Then ``--idle-phones`` phones poll the unchanged leaderboard for
30 s and the same share is printed for them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _server import (
    cpu_seconds,
    gunicorn,
    postgres_pids,
    prepare,
    process_tree,
    production_env,
    threads,
)

POLL_SECONDS = 3.0


@dataclass
class Stats:
    polls: list[float] = field(default_factory=list)
    poll_200: int = 0
    saves: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    # (phone, sent at, answered at) of every poll
    answers: list[tuple[int, float, float]] = field(default_factory=list)
    # when each save was answered
    saved_at: list[float] = field(default_factory=list)


async def request(
    host: str, port: int, method: str, path: str, headers: dict[str, str], body: bytes = b""
) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 request on a new connection (``Connection: close``)."""
    reader, writer = await asyncio.open_connection(host, port)
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if body:
        lines.append(f"Content-Length: {len(body)}")
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    status = int(status_line.split()[1])
    answer_headers = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        answer_headers[name.strip().lower()] = value.strip()
    return status, answer_headers, payload


async def phone(
    number: int, base: tuple[str, int], path: str, stats: Stats, stop: float, record: bool
) -> None:
    host, port = base
    await asyncio.sleep(random.uniform(0, POLL_SECONDS))
    etag = ""
    while time.monotonic() < stop:
        sent = time.monotonic()
        headers = {"HX-Request": "true", "Accept-Encoding": "gzip"}
        if etag:
            headers["If-None-Match"] = etag
        try:
            status, answer, _ = await request(host, port, "GET", path, headers)
        except OSError as error:
            stats.errors.append(f"poll: {error}")
            status, answer = 0, {}
        answered = time.monotonic()
        if status in (200, 304):
            etag = answer.get("etag", etag)
            if record:
                stats.polls.append(answered - sent)
                stats.answers.append((number, sent, answered))
                stats.poll_200 += status == 200
        elif status:
            stats.errors.append(f"poll: HTTP {status}")
        await asyncio.sleep(max(0.0, POLL_SECONDS - (time.monotonic() - sent)))


async def referee(base: tuple[str, int], save: dict, delay: float, stats: Stats) -> None:  # type: ignore[type-arg]
    await asyncio.sleep(delay)
    host, port = base
    body = json.dumps(save["body"]).encode()
    headers = {"Authorization": f"Token {save['token']}", "Content-Type": "application/json"}
    sent = time.monotonic()
    status, _, payload = await request(
        host, port, "PUT", f"/api/games/{save['game']}/result/", headers, body
    )
    answered = time.monotonic()
    if status != 200:
        stats.errors.append(f"save: HTTP {status} {payload[:200]!r}")
        return
    stats.saves.append(answered - sent)
    stats.saved_at.append(answered)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def last_phone_delays(stats: Stats, phones: int) -> list[float]:
    """Per save: seconds from its answer until the last phone had an answer to a later poll."""
    delays = []
    for saved in stats.saved_at:
        first: dict[int, float] = {}
        for number, sent, answered in stats.answers:
            if sent >= saved and number not in first:
                first[number] = answered
        if len(first) == phones:
            delays.append(max(first.values()) - saved)
    return delays


async def scenario(base: tuple[str, int], hall: int, saves: list, args) -> Stats:  # type: ignore[no-untyped-def, type-arg]
    stats = Stats()
    start = time.monotonic()
    window_start = start + 5
    delays = sorted(random.uniform(0, args.window) for _ in saves)
    stop = window_start + args.window + 3 * POLL_SECONDS + 3
    tasks = [
        phone(n, base, f"/t/{hall}/leaderboard/live/", stats, stop, record=True)
        for n in range(args.phones)
    ]
    tasks.append(phone(-1, base, f"/t/{hall}/projector/live/", Stats(), stop, record=False))
    tasks += [
        referee(base, save, window_start - start + delay, stats)
        for save, delay in zip(saves, delays, strict=True)
    ]
    await asyncio.gather(*tasks)
    return stats


async def idle(base: tuple[str, int], hall: int, phones: int, seconds: float) -> Stats:
    stats = Stats()
    stop = time.monotonic() + seconds
    await asyncio.gather(
        *(
            phone(n, base, f"/t/{hall}/leaderboard/live/", stats, stop, record=True)
            for n in range(phones)
        )
    )
    return stats


def machine_share(pids: list[int], run) -> tuple[object, float]:  # type: ignore[no-untyped-def]
    """Run ``run()``; returns its result and the share of all cores ``pids`` used meanwhile."""
    before, wall = cpu_seconds(pids), time.monotonic()
    result = run()
    used = cpu_seconds(pids) - before
    return result, used / (time.monotonic() - wall) / (os.cpu_count() or 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--window", type=float, default=120.0)
    parser.add_argument("--idle-phones", type=int, default=1000)
    parser.add_argument("--idle-seconds", type=float, default=30.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--threads", type=int, default=0, help="gthread workers with this many threads (0: sync)"
    )
    args = parser.parse_args()
    random.seed("hall")

    env = production_env()
    seeded = prepare(env)
    hall, saves = seeded["hall"], seeded["saves"]
    kind = f"gthread ({args.threads} threads)" if args.threads else "sync"
    with gunicorn(env, workers=args.workers, extra=threads(args.threads)) as (base_url, process):
        url = urlsplit(base_url)
        base = (url.hostname or "127.0.0.1", url.port or 80)
        pids = process_tree(process.pid) + postgres_pids()
        stats, share = machine_share(pids, lambda: asyncio.run(scenario(base, hall, saves, args)))
        idle_stats, idle_share = machine_share(
            pids, lambda: asyncio.run(idle(base, hall, args.idle_phones, args.idle_seconds))
        )
    assert isinstance(stats, Stats) and isinstance(idle_stats, Stats)

    delays = last_phone_delays(stats, args.phones)
    print(
        f"{args.phones} phones + a projector polling every {POLL_SECONDS:.0f} s, "
        f"{len(saves)} referees saving within {args.window:.0f} s; "
        f"gunicorn {args.workers} {kind} workers, PostgreSQL, production settings\n"
    )
    print("| what | figure |")
    print("| --- | --- |")
    if stats.saves:
        print(
            f"| a referee's save, p50 / p99 | {statistics.median(stats.saves):.3f} s / "
            f"{percentile(stats.saves, 0.99):.3f} s |"
        )
    print(
        f"| a poll, p50 / p99 | {statistics.median(stats.polls):.3f} s / "
        f"{percentile(stats.polls, 0.99):.3f} s |"
    )
    if delays:
        print(
            f"| the last phone shows a result, after the save answered (median / max) | "
            f"{statistics.median(delays):.1f} s / {max(delays):.1f} s |"
        )
    print(f"| full answers (200) per result | {stats.poll_200 / max(1, len(stats.saves)):.0f} |")
    print(f"| errors | {len(stats.errors)} |")
    print(f"| server share of the machine (app + PostgreSQL) | {share:.0%} |")
    print(
        f"| {args.idle_phones} phones polling an unchanged leaderboard: share of the machine | "
        f"{idle_share:.0%} (poll p99 {percentile(idle_stats.polls, 0.99):.3f} s, "
        f"{len(idle_stats.errors)} errors) |"
    )
    for error in stats.errors[:5] + idle_stats.errors[:5]:
        print("error:", error)


if __name__ == "__main__":
    main()
