"""A full hall on a championship day, simulated against the hall's or production's set-up.

    uv run python benchmarks/hall.py [--stack hall|production] [--checkout DIR]
                                     [--cpu-quota 50] [--workers N]
                                     [--mode both|poll|push] [--phones 200] [--window 120]
                                     [--idle-phones 1000] [--idle-streams 2000]

Two stacks, each over a 126-player tournament in round 4 of the group stage:

- ``--stack hall`` (the default): ``make hall``'s own, ``python -m
  tournaments.hall`` with its environment (``_hall_stack.py``): SQLite in WAL
  mode in a scratch ``HALL_DIR``, no Redis, whatever servers that checkout's
  hall starts (today one ASGI server, uvicorn with ``HALL_WORKERS`` processes).
  ``--checkout DIR`` starts the hall of another checkout (its own ``.venv``;
  e.g. a worktree of an older commit, to measure before and after in one
  sitting). ``--cpu-quota 50`` holds the whole server tree to 50 % of one core
  (a cgroup, quota 50 ms per 100 ms; the load generator outside it), like an
  old laptop. Needs nothing else.
- ``--stack production``: the production recipe. Needs PostgreSQL (see
  ``_server.py``; ``BENCH_DATABASE`` names the database) and redis-server:
  gunicorn with the project's ``config/gunicorn.py``, the event server (uvicorn,
  only the event paths are sent to it), Redis (shared cache and the event
  channel), production settings.

Then, per mode (each on a fresh database):

- **poll** (the pages without a stream): ``--phones`` phones poll the
  leaderboard's live fragment every 3 s exactly as the page does
  (``If-None-Match``; a new connection per poll), a projector polls its
  fragment, and 21 referees each save their table's result once
  (``PUT /api/games/{id}/result/``) at a random moment within ``--window``
  seconds. Then ``--idle-phones`` phones poll the unchanged leaderboard for
  ``--idle-seconds``.
- **push** (the pages as they are): the same hall, but each phone and the
  projector hold the tournament's event stream open and fetch their fragment
  when an event arrives (ping, then fetch). Then ``--idle-streams`` streams are
  held open for ``--idle-stream-seconds`` while a referee corrects a result.

What counts:

- A phone has **seen** a result only when a body it received shows it: the
  table no longer shows the round as "still playing". A ``304`` keeps what
  the phone had. Per save: when the last phone saw it, after the save was
  answered; in push mode also when the last phone had the event that led to it.
- Latencies of polls sent within the window only (not the warm-up, not the
  tail after it).
- The **server's share of the machine**: the CPU of every process of the
  server tree that ran during the window (gunicorn's master and workers, the
  event server, Redis, PostgreSQL's postmaster, helpers and the backends of
  the benchmark's database, including those started later), sampled per
  process (``_server.TreeMeter``). The machine's total load is printed beside
  it: the machine may be shared.
- Memory: the proportional set size (PSS) of the event server (production)
  and of the whole tree, before and with the idle streams open.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _hall_stack import LOAD_CGROUP_NAME, CpuCage, hall_stack
from _hall_stack import read_version as read_hall_version
from _server import (
    ROOT,
    SERVER_LOG,
    TreeMeter,
    descendants,
    gunicorn,
    prepare,
    production_env,
    pss_bytes,
    redis_server,
    uvicorn,
)

POLL_SECONDS = 3.0
#: A table in a fragment's "still playing" list: "Tisch 5 · Runde 4".
CHIP = re.compile(rb'class="chip">\D*(\d+)\D+(\d+)\D*</span>')

Address = tuple[str, int]


def playing(body: bytes, round_: int) -> set[int]:
    """The tables a fragment shows as still playing ``round_`` (or an earlier round)."""
    return {int(table) for table, shown in CHIP.findall(body) if int(shown) <= round_}


@dataclass
class Stats:
    polls: list[float] = field(default_factory=list)
    fetch_200: int = 0
    fetch_304: int = 0
    saves: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dropped: int = 0
    #: table -> when its save was answered
    saved_at: dict[int, float] = field(default_factory=dict)
    #: table -> phone -> when a body it received first showed the table done
    seen: dict[int, dict[int, float]] = field(default_factory=dict)
    #: table -> phone -> when the event arrived that led to that body (push)
    pinged: dict[int, dict[int, float]] = field(default_factory=dict)
    #: table -> the tournament's live version just after its save was answered
    save_version: dict[int, int] = field(default_factory=dict)
    #: phone -> (arrival, version) of every event it received
    events: dict[int, list[tuple[float, int]]] = field(default_factory=dict)
    window: tuple[float, float] = (0.0, 0.0)


async def request(
    address: Address, method: str, path: str, headers: dict[str, str], body: bytes = b""
) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 request on a new connection (``Connection: close``), body decoded."""
    host, port = address
    reader, writer = await asyncio.open_connection(host, port)
    try:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    status = int(status_line.split()[1])
    answer_headers = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        answer_headers[name.strip().lower()] = value.strip()
    if answer_headers.get("content-encoding") == "gzip":
        payload = gzip.decompress(payload)
    return status, answer_headers, payload


class Phone:
    """What one phone's screen shows, and when it first showed each result."""

    def __init__(self, number: int, stats: Stats | None, tables: set[int], round_: int = 4) -> None:
        self.number, self.stats, self.tables, self.round = number, stats, tables, round_
        self.etag = ""
        self.last_ping = 0.0

    async def fetch(self, address: Address, path: str, *, record_latency: bool) -> None:
        headers = {"HX-Request": "true", "Accept-Encoding": "gzip"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        sent = time.monotonic()
        stats = self.stats
        try:
            status, answer, body = await request(address, "GET", path, headers)
        except OSError as error:
            if stats is not None:
                stats.errors.append(f"fetch: {error}")
            return
        answered = time.monotonic()
        if stats is None:
            return
        if status not in (200, 304):
            stats.errors.append(f"fetch: HTTP {status}")
            return
        if record_latency and stats.window[0] <= sent <= stats.window[1]:
            stats.polls.append(answered - sent)
        if status == 304:
            stats.fetch_304 += 1
            return
        stats.fetch_200 += 1
        self.etag = answer.get("etag", self.etag)
        done = self.tables - playing(body, self.round)
        for table in done:
            seen = stats.seen.setdefault(table, {})
            if self.number not in seen:
                seen[self.number] = answered
                stats.pinged.setdefault(table, {})[self.number] = self.last_ping


async def polling_phone(
    phone: Phone, address: Address, path: str, stop: float, *, record: bool = True
) -> None:
    await asyncio.sleep(random.uniform(0, POLL_SECONDS))
    while time.monotonic() < stop:
        sent = time.monotonic()
        await phone.fetch(address, path, record_latency=record)
        await asyncio.sleep(max(0.0, POLL_SECONDS - (time.monotonic() - sent)))


async def open_stream(address: Address, path: str) -> tuple[asyncio.StreamReader, Any]:
    host, port = address
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    if status != 200:
        writer.close()
        raise OSError(f"stream: HTTP {status}")
    if b"chunked" not in head.lower():
        raise OSError("stream: not chunked")
    return reader, writer


async def events(reader: asyncio.StreamReader) -> Any:
    """The stream's events (their ``id``), decoded from HTTP chunks; ends when it is cut."""
    buffer = b""
    while True:
        size_line = await reader.readline()
        if not size_line:
            return
        size = int(size_line.split(b";")[0].strip() or b"0", 16)
        if size == 0:
            return
        buffer += (await reader.readexactly(size + 2))[:-2]
        while b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            fields = dict(line.split(b": ", 1) for line in block.split(b"\n") if b": " in line)
            if fields.get(b"event") == b"state":
                yield int(fields[b"id"])


async def listening_phone(
    phone: Phone,
    events_address: Address,
    events_path: str,
    address: Address,
    path: str,
    stop: float,
    connected: asyncio.Event,
    counter: list[int],
    total: int,
) -> None:
    """Holds the stream open; on each event fetches the fragment (one fetch at a time)."""
    stats = phone.stats
    try:
        reader, writer = await open_stream(events_address, events_path)
    except OSError as error:
        if stats is not None:
            stats.errors.append(str(error))
        counter[0] += 1
        if counter[0] == total:
            connected.set()
        return
    dirty = asyncio.Event()

    async def fetcher() -> None:
        while True:
            await dirty.wait()
            dirty.clear()
            await phone.fetch(address, path, record_latency=True)

    task = asyncio.create_task(fetcher())
    first = True
    try:

        async def read() -> None:
            nonlocal first
            async for version in events(reader):
                phone.last_ping = time.monotonic()
                if stats is not None:
                    stats.events.setdefault(phone.number, []).append((phone.last_ping, version))
                if first:
                    first = False
                    counter[0] += 1
                    if counter[0] == total:
                        connected.set()
                dirty.set()
            if stats is not None and time.monotonic() < stop:
                stats.dropped += 1

        try:
            await asyncio.wait_for(read(), timeout=max(0.0, stop - time.monotonic()))
        except TimeoutError:
            pass
        except (OSError, asyncio.IncompleteReadError) as error:
            if stats is not None:
                stats.dropped += 1
                stats.errors.append(f"stream: {error!r}")
    finally:
        task.cancel()
        writer.close()


def read_version(database_url: str, tournament_id: int) -> int:
    import psycopg

    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT live_version FROM tournaments_tournament WHERE id = %s", [tournament_id]
        ).fetchone()
    return int(row[0]) if row else 0


async def referee(
    address: Address,
    save: dict[str, Any],
    delay: float,
    stats: Stats,
    extra: dict[str, Any],
    version_of: Callable[[], int] | None = None,
) -> None:
    await asyncio.sleep(delay)
    body = json.dumps({**save["body"], **extra}).encode()
    headers = {"Authorization": f"Token {save['token']}", "Content-Type": "application/json"}
    sent = time.monotonic()
    status, _, payload = await request(
        address, "PUT", f"/api/games/{save['game']}/result/", headers, body
    )
    answered = time.monotonic()
    if status != 200:
        stats.errors.append(f"save: HTTP {status} {payload[:200]!r}")
        return
    stats.saves.append(answered - sent)
    stats.saved_at[save["table"]] = answered
    if version_of is not None:
        # At least the save's own version (another save just after it makes it later:
        # the delay measured is then longer, never shorter).
        stats.save_version[save["table"]] = await asyncio.to_thread(version_of)


async def hall_day(
    mode: str,
    address: Address,
    events_address: Address,
    hall: int,
    saves: list[dict[str, Any]],
    args: argparse.Namespace,
    meter_roots: list[int],
    version_of: Callable[[], int],
) -> tuple[Stats, TreeMeter]:
    stats = Stats()
    tables = {save["table"] for save in saves}
    (round_,) = {save["round"] for save in saves}
    fragment = f"/t/{hall}/leaderboard/live/"
    projector = f"/t/{hall}/projector/live/"
    events_path = f"/api/tournaments/{hall}/events/"
    start = time.monotonic()
    phones = [Phone(n, stats, tables, round_) for n in range(args.phones)]
    projector_phone = Phone(-1, None, tables, round_)
    connected = asyncio.Event()
    counter = [0]
    # Far ahead; set once everyone is listening (push) or after a warm-up (poll).
    stats.window = (start + 1e9, start + 1e9)
    if mode == "push":
        stop = start + 1e9
        tasks = [
            asyncio.create_task(
                listening_phone(
                    phone,
                    events_address,
                    events_path,
                    address,
                    path,
                    stop,
                    connected,
                    counter,
                    args.phones + 1,
                )
            )
            for phone, path in [*((p, fragment) for p in phones), (projector_phone, projector)]
        ]
        await asyncio.wait_for(connected.wait(), timeout=120)
        await asyncio.sleep(2)  # the first fetches (304s) are done
    else:
        stop = start + 1e9
        tasks = [asyncio.create_task(polling_phone(p, address, fragment, stop)) for p in phones]
        tasks.append(
            asyncio.create_task(
                polling_phone(projector_phone, address, projector, stop, record=False)
            )
        )
        await asyncio.sleep(5)
    window_start = time.monotonic()
    stats.window = (window_start, window_start + args.window)
    delays = sorted(random.uniform(0, args.window) for _ in saves)
    with TreeMeter(meter_roots, args.database) as meter:
        await asyncio.gather(
            *(
                referee(address, s, d, stats, {}, version_of)
                for s, d in zip(saves, delays, strict=True)
            )
        )
        # Until every phone showed the last result, or a grace period.
        grace = time.monotonic() + 3 * POLL_SECONDS + 3
        while time.monotonic() < grace and not all(
            len(stats.seen.get(t, {})) == args.phones for t in stats.saved_at
        ):
            await asyncio.sleep(0.1)
        await asyncio.sleep(max(0.0, window_start + args.window - time.monotonic()))
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats, meter


async def idle_polls(address: Address, hall: int, args: argparse.Namespace) -> Stats:
    stats = Stats()
    stop = time.monotonic() + args.idle_seconds
    stats.window = (time.monotonic(), stop)
    phones = [Phone(n, stats, set()) for n in range(args.idle_phones)]
    await asyncio.gather(
        *(polling_phone(p, address, f"/t/{hall}/leaderboard/live/", stop) for p in phones)
    )
    return stats


async def idle_streams(
    address: Address,
    events_address: Address,
    hall: int,
    correction: dict[str, Any],
    args: argparse.Namespace,
    roots: list[int],
    event_pid: int | None,
) -> dict[str, Any]:
    """``--idle-streams`` streams held open while a referee corrects a result (``event_pid``:
    the event server of production's stack; the hall's serves the streams in the tree)."""
    path = f"/api/tournaments/{hall}/events/"
    event_tree = [event_pid] if event_pid else roots
    before_event = pss_bytes(descendants(event_tree))
    before_tree = pss_bytes(descendants(roots))
    opened: list[tuple[asyncio.StreamReader, Any]] = []
    errors: list[str] = []
    ramp = time.monotonic()

    async def one() -> None:
        try:
            reader, writer = await open_stream(events_address, path)
            await reader.readuntil(b"\n\n")  # the first event
            opened.append((reader, writer))
        except (OSError, asyncio.IncompleteReadError) as error:
            errors.append(repr(error))

    for batch in range(0, args.idle_streams, 200):
        await asyncio.gather(*(one() for _ in range(min(200, args.idle_streams - batch))))
    ramp = time.monotonic() - ramp
    got: list[float] = []
    cut = 0

    async def watch(reader: asyncio.StreamReader) -> None:
        nonlocal cut
        try:
            while True:
                line = await reader.readuntil(b"\n\n")
                if b"event: state" in line:
                    got.append(time.monotonic())
        except (OSError, asyncio.IncompleteReadError):
            cut += 1

    watchers = [asyncio.create_task(watch(reader)) for reader, _ in opened]
    stats = Stats()
    with TreeMeter(roots, args.database) as meter:
        await asyncio.sleep(args.idle_stream_seconds / 2)
        during_event = pss_bytes(descendants(event_tree))
        during_tree = pss_bytes(descendants(roots))
        await referee(address, correction, 0, stats, {"reason": "Nachtrag (benchmark)"})
        await asyncio.sleep(args.idle_stream_seconds / 2)
    for task in watchers:
        task.cancel()
    for _, writer in opened:
        writer.close()
    saved = max(stats.saved_at.values()) if stats.saved_at else 0.0
    after = sorted(t - saved for t in got)
    return {
        "streams": len(opened),
        "errors": errors + stats.errors,
        "ramp": ramp,
        "share": meter.share,
        "machine": meter.machine_busy,
        "save": stats.saves[0] if stats.saves else None,
        "events": len(after),
        "last_event": after[-1] if after else None,
        "cut": cut,
        "event_pss": during_event,
        "event_pss_per_stream": (during_event - before_event) / max(1, len(opened)),
        "tree_pss": during_tree,
        "tree_pss_before": before_tree,
    }


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def last_phone(stats: Stats, phones: int, which: dict[int, dict[int, float]]) -> list[float]:
    """Per save that every phone saw: seconds from its answer until the last phone."""
    return [
        max(which[table].values()) - saved
        for table, saved in stats.saved_at.items()
        if len(stats.seen.get(table, {})) == phones
    ]


def last_event(stats: Stats, phones: int) -> list[float]:
    """Per save: seconds from its answer until the last phone had an event of its version."""
    delays = []
    for table, saved in stats.saved_at.items():
        version = stats.save_version.get(table)
        if version is None:
            continue
        arrivals = [
            next((at for at, v in received if v >= version), None)
            for received in (stats.events.get(n, []) for n in range(phones))
        ]
        if all(at is not None for at in arrivals):
            delays.append(max(a for a in arrivals if a is not None) - saved)
    return delays


def report_day(mode: str, stats: Stats, meter: TreeMeter, args: argparse.Namespace) -> None:
    print(f"\n### {mode}: {args.phones} phones + a projector, {len(stats.saved_at)} saves\n")
    print("| what | figure |")
    print("| --- | --- |")
    if stats.saves:
        print(
            f"| a referee's save, p50 / p99 | {statistics.median(stats.saves):.3f} s / "
            f"{percentile(stats.saves, 0.99):.3f} s |"
        )
    if stats.polls:
        print(
            f"| a {'fetch' if mode == 'push' else 'poll'} (sent in the window), p50 / p99 | "
            f"{statistics.median(stats.polls):.3f} s / {percentile(stats.polls, 0.99):.3f} s |"
        )
    seen = last_phone(stats, args.phones, stats.seen)
    complete = sum(1 for t in stats.saved_at if len(stats.seen.get(t, {})) == args.phones)
    print(f"| saves every phone showed | {complete} of {len(stats.saved_at)} |")
    if mode == "push":
        pinged = last_event(stats, args.phones)
        if pinged:
            print(
                "| the last phone has the event of the new version, after the save answered "
                f"(median / p99 / max) | {statistics.median(pinged):.2f} s / "
                f"{percentile(pinged, 0.99):.2f} s / {max(pinged):.2f} s |"
            )
    if seen:
        print(
            "| the last phone shows the result, after the save answered "
            f"(median / p99 / max) | {statistics.median(seen):.2f} s / "
            f"{percentile(seen, 0.99):.2f} s / {max(seen):.2f} s |"
        )
    print(f"| fragment answers 200 / 304 | {stats.fetch_200} / {stats.fetch_304} |")
    print(f"| errors / dropped streams | {len(stats.errors)} / {stats.dropped} |")
    print(
        f"| server's share of the machine (whole tree, {meter.processes} processes) | "
        f"{meter.share:.0%} (machine busy: {meter.machine_busy:.0%}) |"
    )
    for error in stats.errors[:5]:
        print("error:", error)


@dataclass
class Stack:
    """A running server stack, as the benchmark drives and measures it."""

    address: Address
    events_address: Address
    hall: int
    saves: list[dict[str, Any]]
    #: The server tree's roots (every process below them is the server's).
    roots: list[int]
    #: Production's separate event server (None: the streams are served in the tree).
    event_pid: int | None
    version_of: Callable[[], int]
    cage: CpuCage | None = None


def _address(url: str) -> Address:
    parts = urlsplit(url)
    return (parts.hostname or "127.0.0.1", parts.port or 80)


@contextmanager
def production_stack(args: argparse.Namespace) -> Iterator[Stack]:
    env = production_env(database=args.database)
    database_url = env["DATABASE_URL"]
    with redis_server() as (redis_url, redis_process):
        env["REDIS_URL"] = redis_url
        seeded = prepare(env)
        hall = seeded["hall"]
        with (
            gunicorn(env, project_config=True) as (base_url, app),
            uvicorn(env, f"/api/tournaments/{seeded['finished']}/") as (events_url, events),
        ):
            yield Stack(
                _address(base_url),
                _address(events_url),
                hall,
                seeded["saves"],
                [app.pid, events.pid, redis_process.pid],
                events.pid,
                lambda: read_version(database_url, hall),
            )


@contextmanager
def the_halls_stack(args: argparse.Namespace) -> Iterator[Stack]:
    cage = CpuCage(args.cpu_quota) if args.cpu_quota else None
    with contextlib.ExitStack() as stack:
        if cage is not None:
            stack.enter_context(cage)
        hall = stack.enter_context(hall_stack(Path(args.checkout), cage=cage, workers=args.workers))
        tournament = hall.seeded["hall"]
        address = _address(hall.base_url)
        yield Stack(
            address,
            address,
            tournament,
            hall.seeded["saves"],
            [hall.process.pid],
            None,
            lambda: read_hall_version(hall.database, tournament),
            cage,
        )


def run(mode: str, args: argparse.Namespace) -> None:
    stack = the_halls_stack(args) if args.stack == "hall" else production_stack(args)
    with stack as s:
        stats, meter = asyncio.run(
            hall_day(
                mode, s.address, s.events_address, s.hall, s.saves, args, s.roots, s.version_of
            )
        )
        report_day(mode, stats, meter, args)
        if mode == "poll" and args.idle_phones:
            with TreeMeter(s.roots, args.database) as idle_meter:
                idle = asyncio.run(idle_polls(s.address, s.hall, args))
            print(
                f"| {args.idle_phones} phones polling an unchanged leaderboard "
                f"({args.idle_seconds:.0f} s): share of the machine | "
                f"{idle_meter.share:.0%} (machine busy {idle_meter.machine_busy:.0%}; "
                f"poll p99 {percentile(idle.polls, 0.99):.3f} s, "
                f"{len(idle.errors)} errors) |"
            )
        if mode == "push" and args.idle_streams:
            result = asyncio.run(
                idle_streams(
                    s.address, s.events_address, s.hall, s.saves[0], args, s.roots, s.event_pid
                )
            )
            report_idle_streams(result, args, separate_event_server=s.event_pid is not None)
        if s.cage is not None:
            tree = descendants(s.roots)
            print(
                f"| the cage ({args.cpu_quota} % of a core, {s.cage.path}) | "
                f"{len(tree & s.cage.pids())} of {len(tree)} server processes inside; "
                f"{s.cage.throttled()} |"
            )


def report_idle_streams(
    result: dict[str, Any], args: argparse.Namespace, *, separate_event_server: bool
) -> None:
    mib = 1024 * 1024
    print(
        f"| {result['streams']} idle streams held {args.idle_stream_seconds:.0f} s "
        f"(opened in {result['ramp']:.1f} s): share of the machine | "
        f"{result['share']:.0%} (machine busy {result['machine']:.0%}) |"
    )
    tree = (
        f"{result['tree_pss'] / mib:.0f} MiB (before the streams: "
        f"{result['tree_pss_before'] / mib:.0f} MiB)"
    )
    if separate_event_server:
        event_server = f"{result['event_pss'] / mib:.0f} MiB"
        print(f"| memory: event server / whole tree (PSS) | {event_server} / {tree} |")
        print(
            f"| memory per idle stream (event server) | "
            f"{result['event_pss_per_stream'] / 1024:.1f} KiB |"
        )
    else:
        print(f"| memory: whole tree (PSS) | {tree} |")
        print(
            f"| memory per idle stream (whole tree) | "
            f"{result['event_pss_per_stream'] / 1024:.1f} KiB |"
        )
    save = result["save"]
    last = result["last_event"]
    print(
        f"| a save meanwhile; streams with its event; the last one after | "
        f"{save if save is None else f'{save:.3f} s'}; {result['events']} of "
        f"{result['streams']}; {last if last is None else f'{last:.2f} s'} |"
    )
    print(f"| errors / cut streams | {len(result['errors'])} / {result['cut']} |")
    for error in result["errors"][:5]:
        print("error:", error)


STACKS = {
    "hall": "make hall's own stack: python -m tournaments.hall of {checkout} (SQLite in WAL "
    "mode, no Redis){cage}",
    "production": "gunicorn -c config/gunicorn.py, uvicorn (event server), Redis, PostgreSQL, "
    "production settings",
}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--stack", choices=sorted(STACKS), default="hall")
    parser.add_argument(
        "--checkout",
        type=Path,
        default=ROOT,
        help="the checkout whose hall runs (--stack hall; its own .venv)",
    )
    parser.add_argument(
        "--cpu-quota",
        type=int,
        default=0,
        metavar="PERCENT",
        help="hold the hall's whole server tree to PERCENT %% of one core (a cgroup)",
    )
    parser.add_argument(
        "--load-cpu-quota",
        type=int,
        default=100,
        metavar="PERCENT",
        help="with --cpu-quota: the load generator's own cage (%% of one core)",
    )
    parser.add_argument("--workers", type=int, help="HALL_WORKERS (default: the hall's own)")
    parser.add_argument("--mode", choices=["both", "poll", "push"], default="both")
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--window", type=float, default=120.0)
    parser.add_argument("--idle-phones", type=int, default=1000)
    parser.add_argument("--idle-seconds", type=float, default=30.0)
    parser.add_argument("--idle-streams", type=int, default=2000)
    parser.add_argument("--idle-stream-seconds", type=float, default=60.0)
    args = parser.parse_args(argv)
    if args.stack == "production" and (args.cpu_quota or args.checkout != ROOT):
        parser.error("--cpu-quota and --checkout are for --stack hall")
    if args.cpu_quota < 0:
        parser.error("--cpu-quota is a percentage of one core")
    # The hall's database is SQLite, inside the server tree: no PostgreSQL to meter.
    args.database = (
        os.environ.get("BENCH_DATABASE", "bang_bench") if args.stack == "production" else ""
    )
    return args


def main() -> None:
    args = parse_args()
    # One file descriptor per stream, on both ends.
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    checkout = args.checkout.resolve()
    commit = subprocess.run(
        ["git", "-C", str(checkout), "log", "-1", "--format=%h"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    stack = STACKS[args.stack].format(
        checkout=f"{checkout} ({commit or 'no git'})",
        cage=f", held to {args.cpu_quota} % of one core" if args.cpu_quota else "",
    )
    print(
        f"{stack}; {os.cpu_count()} cores, load average before: "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; the servers' output: {SERVER_LOG}"
    )
    with contextlib.ExitStack() as cages:
        if args.cpu_quota:
            cages.enter_context(CpuCage(args.load_cpu_quota, LOAD_CGROUP_NAME)).join()
            print(
                f"The load generator in a cage of its own ({args.load_cpu_quota} % of one core); "
                "both cages weigh more than the machine's other processes."
            )
        for mode in ["poll", "push"] if args.mode == "both" else [args.mode]:
            random.seed("hall")
            run(mode, args)


if __name__ == "__main__":
    main()
