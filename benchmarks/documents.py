"""A document burst: 30 phones fetch every public document while a referee saves.

    uv run python benchmarks/documents.py [--runs 3] [--phones 30] [--saves 21] [--server hall]

The hall as ``make hall`` serves it (``--server hall``: uvicorn with 2 worker
processes, the hall's settings, SQLite in WAL mode, no Redis) or gunicorn as
``config/gunicorn.py`` runs it (``--server gunicorn``: 2 gthread workers of 4
threads, the same database), both on loopback, over the 126-player hall of
``_seed.py`` (round 4 open at 21 tables). Per run:

- ``--phones`` phones, each from an address of its own (127.0.1.N), fetch
  every public document of the hall in turn (standings, seating and ranking
  PDFs; standings, results and statistics workbooks), again and again, one
  request at a time, 0 to 1 s apart (``--throttle``, the per-address document
  limit, is raised so that every fetch asks for a document);
- 10 phones poll the leaderboard's live fragment every 3 s;
- first, until every document has been served 6 times (warm: both app
  processes have made each once, as in a hall where documents were fetched
  before), the phones fetch without saves; then
- a referee saves the open games' results one after another, ``--gap`` seconds
  apart: each save is a new state of the tournament, so every document is
  rendered anew while the phones keep asking.

Prints the saves' p50 / p99 / max, the polls', the documents' answers (200,
503 while the first render of a state runs) and the load average of the
machine before and after (it is shared). Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _server import SERVER_LOG, _server_output, free_port, gunicorn

from tournaments.hall import ASGI_SERVER

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = (
    "standings.pdf",
    "seating.pdf",
    "ranking.pdf",
    "standings.xlsx",
    "results.xlsx",
    "statistics.xlsx",
)
POLLERS = 10


@dataclass
class Stats:
    saves: list[float] = field(default_factory=list)
    polls: list[float] = field(default_factory=list)
    documents: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    served: dict[str, int] = field(default_factory=dict)  # 200s per document
    errors: list[str] = field(default_factory=list)
    warm_up: float = 0.0


def hall_env(data: Path, static: Path, port: int, throttle: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.hall",
        "HALL_URL": f"http://127.0.0.1:{port}",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "DATABASE_URL": f"sqlite:///{data / 'hall.sqlite3'}",
        "DJANGO_STATIC_ROOT": str(static),
        "DJANGO_DOCUMENT_THROTTLE": throttle,
        "DJANGO_LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
    }


def run_quiet(env: dict[str, str], *command: str) -> str:
    done = subprocess.run(
        [sys.executable, *command], env=env, cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def seed(env: dict[str, str], *, static: bool) -> dict:
    run_quiet(env, "manage.py", "migrate", "--noinput", "-v", "0")
    if static:
        run_quiet(env, "manage.py", "collectstatic", "--noinput", "-v", "0")
        run_quiet(env, "manage.py", "compilemessages", "--ignore=.venv", "-v", "0")
    return json.loads(run_quiet(env, "benchmarks/_seed.py", "126").strip().splitlines()[-1])


async def http(
    port: int,
    method: str,
    path: str,
    *,
    headers: dict[str, str] | None = None,
    body: bytes = b"",
    source: str = "127.0.0.1",
) -> tuple[int, float]:
    """One request on a new connection from ``source``: (status, seconds)."""
    started = time.monotonic()
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    if body:
        lines.append(f"Content-Length: {len(body)}")
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    await writer.drain()
    status_line = await reader.readline()
    await reader.read()  # the whole answer
    writer.close()
    status = int(status_line.split()[1]) if status_line else 0
    return status, time.monotonic() - started


async def phone(port: int, number: int, hall: int, stop: asyncio.Event, stats: Stats) -> None:
    source = f"127.0.1.{number + 1}"
    rng = random.Random(number)
    while not stop.is_set():
        for name in rng.sample(DOCUMENTS, len(DOCUMENTS)):
            if stop.is_set():
                return
            try:
                status, seconds = await http(
                    port, "GET", f"/api/tournaments/{hall}/{name}", source=source
                )
            except OSError as error:
                stats.errors.append(f"{name}: {error}")
                continue
            stats.statuses[status] = stats.statuses.get(status, 0) + 1
            if status == 200:
                stats.documents.append(seconds)
                stats.served[name] = stats.served.get(name, 0) + 1
            await asyncio.sleep(rng.uniform(0, 1))


async def poller(port: int, number: int, hall: int, stop: asyncio.Event, stats: Stats) -> None:
    await asyncio.sleep(number * 3 / POLLERS)
    while not stop.is_set():
        try:
            status, seconds = await http(
                port, "GET", f"/t/{hall}/leaderboard/live/", source=f"127.0.2.{number + 1}"
            )
            if status == 200:
                stats.polls.append(seconds)
            else:
                stats.errors.append(f"poll: HTTP {status}")
        except OSError as error:
            stats.errors.append(f"poll: {error}")
        await asyncio.sleep(3)


async def referee(port: int, saves: list[dict], gap: float, stats: Stats) -> None:
    await asyncio.sleep(3)  # the burst is under way
    for save in saves:
        body = json.dumps(save["body"]).encode()
        headers = {"Authorization": f"Token {save['token']}", "Content-Type": "application/json"}
        status, seconds = await http(
            port, "PUT", f"/api/games/{save['game']}/result/", headers=headers, body=body
        )
        if status == 200:
            stats.saves.append(seconds)
        else:
            stats.errors.append(f"save: HTTP {status}")
        await asyncio.sleep(gap)


async def warm_up(port: int, hall: int, args: argparse.Namespace) -> float:
    """The phones fetch until each document has been served a few times (both app
    processes have made it once and started whatever they start on first use), as
    in a hall where documents were fetched before. Seconds it took."""
    stats, stop, began = Stats(), asyncio.Event(), time.monotonic()
    tasks = [asyncio.create_task(phone(port, n, hall, stop, stats)) for n in range(args.phones)]
    while time.monotonic() - began < 300 and (
        len(stats.served) < len(DOCUMENTS) or min(stats.served.values()) < 6
    ):
        await asyncio.sleep(0.5)
    stop.set()
    await asyncio.gather(*tasks)
    return time.monotonic() - began


async def burst(port: int, seeded: dict, args: argparse.Namespace) -> Stats:
    stats, stop = Stats(), asyncio.Event()
    hall = seeded["hall"]
    stats.warm_up = await warm_up(port, hall, args)
    tasks = [asyncio.create_task(phone(port, n, hall, stop, stats)) for n in range(args.phones)]
    tasks += [asyncio.create_task(poller(port, n, hall, stop, stats)) for n in range(POLLERS)]
    await referee(port, seeded["saves"][: args.saves], args.gap, stats)
    stop.set()
    await asyncio.gather(*tasks)
    return stats


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def figures(values: list[float]) -> str:
    return (
        f"{percentile(values, 0.5):.3f} / {percentile(values, 0.99):.3f} / "
        f"{max(values, default=float('nan')):.3f} s"
    )


def serve(env: dict[str, str], port: int, server: str):  # type: ignore[no-untyped-def]
    if server == "gunicorn":
        return gunicorn(env, project_config=True)
    command = [sys.executable, *ASGI_SERVER, "--host", "127.0.0.1", "--port", str(port)]
    return _Uvicorn([*command, "--workers", "2"], env, port)


class _Uvicorn:
    def __init__(self, command: list[str], env: dict[str, str], port: int) -> None:
        self.command, self.env, self.port = command, env, port

    def __enter__(self) -> tuple[str, subprocess.Popen[bytes]]:
        with _server_output() as log:
            self.process = subprocess.Popen(
                self.command, env=self.env, cwd=ROOT, stdout=log, stderr=log
            )
        deadline = time.monotonic() + 120
        while True:
            try:
                status, _ = asyncio.run(http(self.port, "GET", "/healthz"))
                if status:
                    break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(f"uvicorn did not start ({SERVER_LOG})") from None
                time.sleep(0.3)
        return f"http://127.0.0.1:{self.port}", self.process

    def __exit__(self, *exc: object) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--phones", type=int, default=30)
    parser.add_argument("--saves", type=int, default=21)
    parser.add_argument("--gap", type=float, default=2.0, help="seconds between two saves")
    parser.add_argument("--server", choices=["hall", "gunicorn"], default="hall")
    parser.add_argument("--throttle", default="100000/min")
    parser.add_argument("--static", help="collected static files to reuse (else collected anew)")
    args = parser.parse_args()
    print(
        f"server: {args.server}; {args.phones} phones fetching {len(DOCUMENTS)} documents, "
        f"{POLLERS} polling the leaderboard, {args.saves} saves {args.gap:.0f} s apart; "
        f"{os.cpu_count()} cores; servers' output: {SERVER_LOG}"
    )
    print(
        "| run | load before | saves p50 / p99 / max | polls p50 / p99 / max "
        "| documents 200 p50 / p99 / max | answers | errors | load after |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    all_saves: list[float] = []
    static = Path(args.static or tempfile.mkdtemp(prefix="bang-bench-static-"))
    collected = (static / "staticfiles.json").exists()
    for run in range(1, args.runs + 1):
        data = Path(tempfile.mkdtemp(prefix="bang-bench-documents-"))
        port = free_port()
        env = hall_env(data, static, port, args.throttle)
        seeded = seed(env, static=run == 1 and not collected)
        with serve(env, port, args.server) as (base, _process):
            port = int(base.rsplit(":", 1)[1])
            before = os.getloadavg()[0]
            stats = asyncio.run(burst(port, seeded, args))
        after = os.getloadavg()[0]
        all_saves += stats.saves
        answers = ", ".join(f"{k}: {v}" for k, v in sorted(stats.statuses.items()))
        print(
            f"| {run} | {before:.1f} | {figures(stats.saves)} | {figures(stats.polls)} "
            f"| {figures(stats.documents)} | {answers} | {len(stats.errors)} | {after:.1f} |",
            flush=True,
        )
        print(f"  (warm-up before the burst: {stats.warm_up:.0f} s)")
        for error in stats.errors[:3]:
            print("  error:", error)
    print(f"all runs: saves {figures(all_saves)}; over 2 s: {sum(s > 2 for s in all_saves)}")


if __name__ == "__main__":
    main()
