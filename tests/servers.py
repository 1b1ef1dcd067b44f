"""Real app processes for tests that need more than one: gunicorn, Redis, a database of their own.

The test database of pytest-django lives inside one process (and, on SQLite,
in memory), so these tests make a database of their own: a temporary SQLite
file, or a fresh PostgreSQL database on the server ``DATABASE_URL`` names.
Everything listens on 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def require(binary: str) -> str:
    """The path of ``binary``; skipped locally where it is missing, failed in CI."""
    found = shutil.which(binary)
    if found is None:
        message = f"{binary} is not installed (apt-get install {binary})"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for_port(port: int, process: subprocess.Popen[bytes], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"process exited with {process.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port}")


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A throwaway Redis (no persistence); yields its URL."""
    binary = require("redis-server")
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, process)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextlib.contextmanager
def own_database(tmp_path: Path) -> Iterator[str]:
    """A fresh database URL: PostgreSQL beside ``DATABASE_URL`` if it is one, else SQLite."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        yield f"sqlite:///{tmp_path / 'servers.sqlite3'}"
        return
    name = f"bang_servers_{secrets.token_hex(4)}"
    _postgres(url, f'CREATE DATABASE "{name}"')
    try:
        yield f"{url.rsplit('/', 1)[0]}/{name}"
    finally:
        _postgres(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def production_env(database_url: str, redis_url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_LOG_LEVEL": "WARNING",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
    }


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *args], env=env, cwd=ROOT, check=True, capture_output=True
    )


def static_files_stale() -> bool:
    """Whether ``collectstatic`` must run: no manifest yet, or a static file newer than it."""
    manifest = ROOT / "staticfiles" / "staticfiles.json"
    if not manifest.exists():
        return True
    built = manifest.stat().st_mtime
    return any(path.stat().st_mtime > built for path in (ROOT / "static").rglob("*"))


def prepare(env: dict[str, str]) -> None:
    """The demo in the database ``env`` names (fresh, from ``own_database``), and the
    static files collected (once per checkout: slow).

    Migrating and loading the demo take about ten seconds, so a test process does it
    once, into a database of its own, and copies that into each test's database."""
    if static_files_stale():
        manage(env, "collectstatic", "--noinput")
    copy_database(_demo_database(env), env["DATABASE_URL"])


_demo = contextlib.ExitStack()  # this process's demo database, until the session ends
_demo_url: str | None = None


def _demo_database(env: dict[str, str]) -> str:
    """This process's migrated database with the demo loaded: its URL."""
    global _demo_url
    if _demo_url is None:
        folder = Path(_demo.enter_context(tempfile.TemporaryDirectory(prefix="bang-demo-")))
        demo = _demo.enter_context(own_database(folder))
        # No Redis: what loading the demo caches is not kept with the copies.
        demo_env = {**env, "DATABASE_URL": demo, "REDIS_URL": ""}
        manage(demo_env, "migrate", "--noinput")
        # The demo's known passwords need DEBUG (load_demo refuses otherwise).
        manage({**demo_env, "DJANGO_SETTINGS_MODULE": "config.settings.local"}, "load_demo")
        _demo_url = demo
    return _demo_url


def discard_demo_database() -> None:
    """At the end of the session (tests/conftest.py): the demo database goes."""
    global _demo_url
    _demo.close()
    _demo_url = None


def copy_database(source: str, target: str) -> None:
    """``target`` becomes a copy of ``source`` (two URLs of one kind, from here)."""
    if source.startswith("sqlite"):
        import sqlite3

        with (
            contextlib.closing(sqlite3.connect(source.removeprefix("sqlite:///"))) as read,
            contextlib.closing(sqlite3.connect(target.removeprefix("sqlite:///"))) as write,
        ):
            read.backup(write)
        return
    source_name, target_name = source.rsplit("/", 1)[1], target.rsplit("/", 1)[1]
    _postgres(source, f'DROP DATABASE "{target_name}"')
    _postgres(source, f'CREATE DATABASE "{target_name}" TEMPLATE "{source_name}"')


def _postgres(url: str, statement: str) -> None:
    """One statement on the server of ``url``, outside any database of ours."""
    import psycopg

    with psycopg.connect(f"{url.rsplit('/', 1)[0]}/postgres", autocommit=True) as conn:
        conn.execute(statement)


@contextlib.contextmanager
def app_server(env: dict[str, str], *, threads: int = 1) -> Iterator[str]:
    """One gunicorn process (one worker; ``threads`` > 1: that many threads) serving
    the app; yields its base URL."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "--threads",
            str(threads),
            "--log-level",
            "warning",
        ],
        env=env,
        cwd=ROOT,
    )
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=30)


def call(
    method: str, url: str, *, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request: (status, headers with lower-case names, body)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return (
                response.status,
                {k.lower(): v for k, v in response.headers.items()},
                response.read(),
            )
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()
