"""The hall's wifi drops for 60 s while the referees save: nothing lost, nothing twice.

    uv run python benchmarks/hall_outage.py [--window 120] [--cut-at 35] [--cut 60]

Needs PostgreSQL (see ``_server.py``; ``BENCH_DATABASE`` names the database,
e.g. ``bang_bench_offline``). Serves the app with gunicorn (2 sync workers,
production settings) over the 126-player hall of ``_seed.py`` (round 4 open at
each of its 21 tables) and puts a TCP proxy on loopback between the referees
and the server. Each referee saves their table's result once, at a random
moment within ``--window`` seconds, through the proxy, and behaves as the
result page's outbox does (``static/js/outbox.js``): the submission is kept
with one ``Idempotency-Key`` and the same bytes, and sent again every 3 s
until an answer arrives.

The proxy, in the middle of the window:

1. for ``--lossy`` seconds passes requests on but drops the answers (the
   server stores the result, the phone never hears of it);
2. then for ``--cut`` seconds drops every connection: those open at that
   moment are cut, new ones are closed at once.

Afterwards the database must hold exactly one version of each table's
result: 0 lost, 0 duplicated. Prints the figures. Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import secrets
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _server import free_port, gunicorn, prepare, production_env

RETRY_SECONDS = 3.0  # the outbox's timer
ATTEMPT_TIMEOUT = 10.0


@dataclass
class Proxy:
    """A TCP proxy on loopback that can lose answers or drop every connection."""

    upstream: tuple[str, int]
    mode: str = "pass"  # "pass", "lossy" (answers dropped) or "cut" (connections dropped)
    open_pairs: set[asyncio.StreamWriter] = field(default_factory=set)
    connections: int = 0
    dropped: int = 0
    answers_lost: int = 0

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        if self.mode == "cut":
            self.dropped += 1
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.upstream)
        except OSError:
            writer.transport.abort()
            return
        self.open_pairs.update({writer, up_writer})
        lossy = self.mode == "lossy"

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter, answer: bool) -> None:
            try:
                while chunk := await src.read(65536):
                    if answer and lossy:
                        continue  # the answer is lost on its way back
                    dst.write(chunk)
                    await dst.drain()
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                if answer and lossy:
                    self.answers_lost += 1
                    dst.transport.abort()
                else:
                    dst.close()

        await asyncio.gather(pipe(reader, up_writer, False), pipe(up_reader, writer, True))
        self.open_pairs.difference_update({writer, up_writer})

    def cut(self) -> None:
        self.mode = "cut"
        for writer in list(self.open_pairs):
            self.dropped += 1
            writer.transport.abort()
        self.open_pairs.clear()


@dataclass
class Referee:
    game: int
    token: str
    body: bytes
    key: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    attempts: int = 0
    failures: int = 0
    replayed: bool = False
    entered: float = 0.0
    stored: float | None = None
    status: int | None = None


async def put(host: str, port: int, referee: Referee) -> tuple[int, dict[str, str], bytes]:
    reader, writer = await asyncio.open_connection(host, port)
    head = [
        f"PUT /api/games/{referee.game}/result/ HTTP/1.1",
        f"Host: {host}",
        "Connection: close",
        "Content-Type: application/json",
        f"Authorization: Token {referee.token}",
        f"Idempotency-Key: {referee.key}",
        f"Content-Length: {len(referee.body)}",
    ]
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + referee.body)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    if not raw:
        raise ConnectionError("no answer")
    top, _, payload = raw.partition(b"\r\n\r\n")
    status_line, *lines = top.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), headers, payload


async def referee_saves(base: tuple[str, int], referee: Referee, delay: float) -> None:
    """Save once; keep the submission and resend it with the same key until answered."""
    await asyncio.sleep(delay)
    referee.entered = time.monotonic()
    while True:
        referee.attempts += 1
        try:
            status, headers, _ = await asyncio.wait_for(put(*base, referee), ATTEMPT_TIMEOUT)
        except (TimeoutError, OSError, ConnectionError, IndexError, ValueError):
            status, headers = 0, {}
        if status and status < 500 and status != 409:
            referee.status = status
            referee.stored = time.monotonic()
            referee.replayed = headers.get("idempotent-replayed") == "true"
            return
        referee.failures += 1
        await asyncio.sleep(RETRY_SECONDS)


async def scenario(
    upstream: tuple[str, int], saves: list[dict], args: argparse.Namespace
) -> tuple[Proxy, list[Referee], dict[str, float]]:
    proxy = Proxy(upstream)
    port = free_port()
    server = await asyncio.start_server(proxy.handle, "127.0.0.1", port)
    base = ("127.0.0.1", port)
    referees = [
        Referee(game=s["game"], token=s["token"], body=json.dumps(s["body"]).encode())
        for s in saves
    ]
    delays = [random.uniform(0, args.window) for _ in referees]
    start = time.monotonic()

    async def weather() -> None:
        await asyncio.sleep(args.cut_at - args.lossy)
        proxy.mode = "lossy"
        await asyncio.sleep(args.lossy)
        proxy.cut()
        await asyncio.sleep(args.cut)
        proxy.mode = "pass"

    async with server:
        await asyncio.gather(
            weather(), *(referee_saves(base, r, d) for r, d in zip(referees, delays, strict=True))
        )
    phases = {
        "lossy_from": args.cut_at - args.lossy,
        "cut_from": args.cut_at,
        "cut_to": args.cut_at + args.cut,
        "done": time.monotonic() - start,
    }
    return proxy, referees, phases


def versions(database_url: str, games: list[int]) -> dict[int, int]:
    import psycopg

    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT game_id, count(*) FROM tournaments_result WHERE game_id = ANY(%s) "
            "GROUP BY game_id",
            (games,),
        ).fetchall()
    return dict.fromkeys(games, 0) | {int(g): int(n) for g, n in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--participants", type=int, default=126)
    parser.add_argument("--window", type=float, default=120.0)
    parser.add_argument("--cut-at", type=float, default=35.0, help="seconds into the window")
    parser.add_argument("--cut", type=float, default=60.0, help="seconds without network")
    parser.add_argument("--lossy", type=float, default=10.0, help="answers lost before the cut")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    random.seed("outage")

    env = production_env()
    seeded = prepare(env, participants=args.participants)
    saves = seeded["saves"]
    with gunicorn(env, workers=args.workers) as (base_url, _process):
        url = urlsplit(base_url)
        upstream = (url.hostname or "127.0.0.1", url.port or 80)
        proxy, referees, phases = asyncio.run(scenario(upstream, saves, args))
    stored = versions(env["DATABASE_URL"], [r.game for r in referees])
    lost = sum(1 for n in stored.values() if n == 0)
    duplicated = sum(n - 1 for n in stored.values() if n > 1)
    in_outage = [r for r in referees if r.failures and r.stored is not None]
    waits = [r.stored - r.entered for r in in_outage if r.stored is not None]
    print(
        f"{len(referees)} referees saving within {args.window:.0f} s through a proxy on loopback; "
        f"answers lost {phases['lossy_from']:.0f}-{phases['cut_from']:.0f} s, every connection "
        f"dropped {phases['cut_from']:.0f}-{phases['cut_to']:.0f} s; gunicorn {args.workers} "
        "sync workers, PostgreSQL, production settings\n"
    )
    print("| what | figure |")
    print("| --- | --- |")
    print(
        f"| referees / results stored exactly once | {len(referees)} / "
        f"{sum(1 for n in stored.values() if n == 1)} |"
    )
    print(f"| lost | {lost} |")
    print(f"| duplicated (extra versions) | {duplicated} |")
    print(f"| attempts (sends and resends) | {sum(r.attempts for r in referees)} |")
    print(f"| referees who had to resend | {len(in_outage)} |")
    print(f"| answers lost by the proxy (stored, phone not told) | {proxy.answers_lost} |")
    print(f"| connections dropped during the cut | {proxy.dropped} |")
    print(
        f"| resends answered with the stored answer (Idempotent-Replayed) | "
        f"{sum(r.replayed for r in referees)} |"
    )
    if waits:
        print(
            f"| from saving to stored, for those who resent (median / max) | "
            f"{statistics.median(waits):.1f} s / {max(waits):.1f} s |"
        )
    print(f"| final answers | {sorted({r.status for r in referees}, key=str)} |")
    if lost or duplicated or any(r.status != 200 for r in referees):
        raise SystemExit("FAILED: a result was lost or stored twice")


if __name__ == "__main__":
    main()
