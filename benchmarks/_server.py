"""The app as production runs it, for the load benchmarks (``load.py``, ``hall.py``).

A fresh PostgreSQL database (``bang_bench``, made anew on the server named by
``BENCH_DATABASE_URL``, default the CI server: ``postgres://bang:bang-ci@127.0.0.1:5432``),
production settings (``DEBUG`` off, a random secret key, HTTPS redirect off because
the benchmark speaks plain HTTP on loopback), ``collectstatic``, the seed of
``_seed.py``, gunicorn (``config/gunicorn.py`` or sync workers), the event server
(uvicorn) and Redis. ``REDIS_URL`` is passed on when set.

Everything listens on 127.0.0.1 only. The servers' own output (gunicorn's and
uvicorn's, the request log among it: one line per request, as production logs it)
goes to ``BENCH_SERVER_LOG`` (default ``bang-bench-server.log`` in the temporary
folder), so that the benchmark's figures are not buried in it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournaments.hall import ASGI_SERVER  # noqa: E402  (the hall's own command line)

DEFAULT_SERVER = "postgres://bang:bang-ci@127.0.0.1:5432"
SERVER_LOG = Path(
    os.environ.get("BENCH_SERVER_LOG") or Path(tempfile.gettempdir()) / "bang-bench-server.log"
)


def _server_output() -> Any:
    """The file the servers write to (appended: one run's servers after another's)."""
    return SERVER_LOG.open("ab")


def production_env(*, database: str = "") -> dict[str, str]:
    database = database or os.environ.get("BENCH_DATABASE", "bang_bench")
    server = os.environ.get("BENCH_DATABASE_URL", DEFAULT_SERVER).rstrip("/")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_LOG_LEVEL": "WARNING",
        "DATABASE_URL": f"{server}/{database}",
        "PYTHONPATH": str(ROOT),
    }
    return env


def fresh_database(env: dict[str, str]) -> None:
    """Drop and create the benchmark database (the role needs CREATEDB)."""
    import psycopg

    url = env["DATABASE_URL"]
    server, database = url.rsplit("/", 1)
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{database}"')


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


def prepare(env: dict[str, str], *, participants: int = 126) -> dict[str, Any]:
    """A fresh database with the benchmark's tournaments; returns what ``_seed.py`` printed."""
    fresh_database(env)
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "compilemessages", "--ignore=.venv", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "_seed.py"), str(participants)],
        env=env,
        cwd=ROOT,
        check=False,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"seeding failed:\n{done.stderr}")
    seeded: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return seeded


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def threads(count: int) -> tuple[str, ...]:
    """gunicorn's options for gthread workers with ``count`` threads (none: sync workers)."""
    return ("--worker-class", "gthread", "--threads", str(count)) if count else ()


@contextlib.contextmanager
def gunicorn(
    env: dict[str, str],
    *,
    workers: int | None = None,
    extra: tuple[str, ...] = (),
    project_config: bool = False,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """gunicorn serving the app on a free loopback port; yields (base URL, process).

    ``project_config``: as production runs it, ``-c config/gunicorn.py`` (its
    workers, threads and keep-alive); ``workers``/``extra`` override it.
    """
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "config.wsgi"]
    if project_config:
        command += ["-c", str(ROOT / "config" / "gunicorn.py")]
    command += ["--bind", f"127.0.0.1:{port}", "--log-level", "warning"]
    if workers is not None or not project_config:
        command += ["--workers", str(workers or 2)]
    command += list(extra)
    with _server_output() as log:
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(f"{base}/admin/login/", process, "gunicorn")
        yield base, process
    finally:
        process.terminate()
        process.wait(timeout=30)


@contextlib.contextmanager
def uvicorn(env: dict[str, str], probe: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The event server on a free loopback port; ``probe`` is a path it answers quickly."""
    port = free_port()
    command = [sys.executable, *ASGI_SERVER, "--host", "127.0.0.1", "--port", str(port)]
    with _server_output() as log:
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(f"{base}{probe}", process, "uvicorn")
        yield base, process
    finally:
        process.terminate()
        process.wait(timeout=30)


@contextlib.contextmanager
def redis_server() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A throwaway Redis on a free loopback port (no persistence); yields (URL, process)."""
    if shutil.which("redis-server") is None:
        raise SystemExit("redis-server is missing: apt-get install redis-server")
    port = free_port()
    process = subprocess.Popen(
        [
            *("redis-server", "--port", str(port), "--bind", "127.0.0.1"),
            *("--save", "", "--appendonly", "no"),
        ],
        stdout=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 0.5).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/0", process
    finally:
        process.terminate()
        process.wait(timeout=10)


def _wait_for(url: str, process: subprocess.Popen[bytes], name: str) -> None:
    deadline = time.monotonic() + 120  # a loaded machine starts slowly
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                answer.read(1)
            return
        except urllib.error.HTTPError:
            return  # it answers
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(f"{name} did not start (its output: {SERVER_LOG})") from None
            time.sleep(0.2)


def process_tree(pid: int) -> list[int]:
    """``pid`` and its child processes (gunicorn's master and workers)."""
    children = subprocess.run(
        ["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False
    ).stdout.split()
    return [pid, *(int(child) for child in children)]


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds used so far by ``pids`` (from /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def postgres_pids() -> list[int]:
    found = subprocess.run(["pgrep", "-x", "postgres"], capture_output=True, text=True).stdout
    return [int(pid) for pid in found.split()]


WRK_RATE = re.compile(r"Requests/sec:\s+([\d.]+)")
WRK_ERRORS = re.compile(r"Non-2xx or 3xx responses:\s+(\d+)")
WRK_SOCKET = re.compile(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)")


def wrk(
    url: str, *, seconds: int, connections: int, headers: dict[str, str] | None = None
) -> tuple[float, int]:
    """Requests per second and failed answers (non-2xx/3xx, socket errors) for ``url``."""
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install wrk")
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    output = subprocess.run([*command, url], capture_output=True, text=True, check=True).stdout
    rate = WRK_RATE.search(output)
    if rate is None:
        raise RuntimeError(output)
    errors = WRK_ERRORS.search(output)
    sockets = WRK_SOCKET.search(output)
    failed = int(errors.group(1)) if errors else 0
    if sockets:
        failed += sum(int(n) for n in sockets.groups()[1:])  # connect errors: wrk reconnects
    return float(rate.group(1)), failed


def timed_get(url: str, headers: dict[str, str] | None = None) -> tuple[float, int, bytes]:
    """One request: (seconds, status, body)."""
    request = urllib.request.Request(url, headers=headers or {})
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        body, status = error.read(), error.code
    return time.perf_counter() - start, status, body


def _children() -> dict[int, list[int]]:
    """Every process's children, from /proc (one pass)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    return children


def descendants(pids: list[int]) -> set[int]:
    """``pids`` and all their descendants, as they are now."""
    children, found, todo = _children(), set(), list(pids)
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.add(pid)
            todo += children.get(pid, [])
    return found


def _stat(pid: int) -> tuple[int, float] | None:
    """(start time in ticks since boot, user + system CPU seconds) of ``pid``."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[19]), (int(fields[11]) + int(fields[12])) / ticks


def _postgres_of(database: str) -> set[int]:
    """PostgreSQL's server processes: the postmaster, its helpers and the backends
    of ``database`` (not the backends of other databases on a shared server)."""
    found = set()
    for pid in postgres_pids():
        with contextlib.suppress(OSError):
            title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            backend = re.search(r" (\S+) (?:[\d.:a-f]+\(\d+\)|\[local\])", title)
            if backend is None or backend.group(1) == database:
                found.add(pid)
    return found


def pss_bytes(pids: set[int]) -> int:
    """Proportional set size of ``pids`` (shared pages split between their users)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) * 1024
    return total


class TreeMeter:
    """The CPU the whole server used over a window: every process that ran in it.

    Sampled every ``interval`` seconds: the process trees of ``roots`` (app
    server, event server, Redis: workers started later included) and PostgreSQL
    (its helpers and the backends of ``database``, which come and go; none
    without ``database``: the hall's SQLite lives in the tree's processes). A
    process is known by (pid, start time); one that started during the window
    counts from zero, one that ran before from its CPU at the start, and each
    counts up to its last sample (a process that exits loses at most
    ``interval`` of CPU). The machine's total CPU (/proc/stat) is read too,
    to say how busy the shared machine was.
    """

    def __init__(self, roots: list[int], database: str, interval: float = 0.25) -> None:
        self.roots, self.database, self.interval = roots, database, interval
        self.first: dict[tuple[int, int], float] = {}
        self.last: dict[tuple[int, int], float] = {}
        self.pids: set[int] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.peak_pss = 0

    def _pids(self) -> set[int]:
        if not self.database:  # the hall's own stack: SQLite, inside the tree
            return descendants(self.roots)
        return descendants(self.roots) | _postgres_of(self.database)

    def _sample(self, *, start: bool = False) -> None:
        self.pids = self._pids()
        for pid in self.pids:
            stat = _stat(pid)
            if stat is None:
                continue
            key = (pid, stat[0])
            if key not in self.first:
                self.first[key] = stat[1] if start else 0.0
            self.last[key] = stat[1]

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._sample()

    def __enter__(self) -> TreeMeter:
        self._machine = _machine_ticks()
        self._wall = time.monotonic()
        self._sample(start=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()
        self.seconds = time.monotonic() - self._wall
        busy, total = (b - a for a, b in zip(self._machine, _machine_ticks(), strict=True))
        self.machine_busy = busy / max(1, total)
        self.cpu = sum(self.last[key] - self.first[key] for key in self.last)
        self.processes = len(self.last)

    @property
    def share(self) -> float:
        """The server's share of all cores over the window."""
        return self.cpu / self.seconds / (os.cpu_count() or 1)


def _machine_ticks() -> tuple[int, int]:
    """(busy, total) CPU ticks of the whole machine since boot."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)
