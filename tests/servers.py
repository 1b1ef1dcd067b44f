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
    import psycopg

    server = url.rsplit("/", 1)[0]
    name = f"bang_servers_{secrets.token_hex(4)}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{server}/{name}"
    finally:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


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
    """Migrate, collect the static files (once per checkout: slow) and load the demo."""
    manage(env, "migrate", "--noinput")
    if static_files_stale():
        manage(env, "collectstatic", "--noinput")
    # The demo's known passwords need DEBUG (load_demo refuses otherwise).
    manage({**env, "DJANGO_SETTINGS_MODULE": "config.settings.local"}, "load_demo")


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
