"""The app as production runs it, for the load benchmarks (``load.py``, ``hall.py``).

A fresh PostgreSQL database (``bang_bench``, made anew on the server named by
``BENCH_DATABASE_URL``, default the CI server: ``postgres://bang:bang-ci@127.0.0.1:5432``),
production settings (``DEBUG`` off, a random secret key, HTTPS redirect off because
the benchmark speaks plain HTTP on loopback), ``collectstatic``, the seed of
``_seed.py`` and gunicorn with sync workers. ``REDIS_URL`` is passed on when set.

Everything listens on 127.0.0.1 only.
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
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SERVER = "postgres://bang:bang-ci@127.0.0.1:5432"


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
    env: dict[str, str], *, workers: int = 2, extra: tuple[str, ...] = ()
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """gunicorn serving the app on a free loopback port; yields (base URL, process)."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--log-level",
        "warning",
        *extra,
    ]
    process = subprocess.Popen(command, env=env, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120  # a loaded machine starts slowly
        while True:
            try:
                urllib.request.urlopen(f"{base}/admin/login/", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("gunicorn did not start") from None
                time.sleep(0.2)
        yield base, process
    finally:
        process.terminate()
        process.wait(timeout=30)


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
