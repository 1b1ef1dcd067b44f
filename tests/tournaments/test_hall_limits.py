"""The hall under a laptop's open-file limits: raised where it can be, streams within it."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest

from tests.asyncio_thread import run_async
from tests.servers import ROOT
from tournaments.events import asgi

READ = """
import django
django.setup()
from tournaments.events.asgi import stream_budget
from tournaments.hall.__main__ import raise_file_limit
print(raise_file_limit(), stream_budget())
"""


def under_limits(soft: int, hard: int) -> tuple[list[int], str]:
    """(open files after ``raise_file_limit``, streams allowed) and what it printed."""

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    done = subprocess.run(
        [sys.executable, "-c", READ],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "HALL_LANGUAGE": "en"},
        capture_output=True,
        text=True,
        preexec_fn=limits,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    *said, figures = done.stdout.strip().splitlines()
    return [int(figure) for figure in figures.split()], "\n".join(said)


def test_the_soft_limit_is_raised_to_the_hard_one():
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 4096:
        pytest.skip(f"this machine's hard limit ({hard}) is below what the test needs")
    target = min(hard, 8192) if hard != resource.RLIM_INFINITY else 8192
    (files, streams), said = under_limits(1024, target)
    assert files == target and streams == target - asgi.RESERVED_FILES
    assert said == ""


def test_a_hard_limit_too_low_for_a_large_hall_is_said_and_streams_stay_within_it():
    (files, streams), said = under_limits(1024, 1024)
    assert files == 1024 and streams == 1024 - asgi.RESERVED_FILES
    assert "Open files limited to 1024" in said and "ulimit -n 4096" in said


def test_a_stream_beyond_the_budget_is_told_503_at_once_and_saves_keep_their_files(monkeypatch):
    monkeypatch.setattr(asgi, "stream_budget", lambda: 0)
    sent: list[dict] = []

    async def django(scope, receive, send) -> None:
        raise AssertionError("a refused stream reaches nothing else")

    async def receive() -> dict:
        return {"type": "http.request", "body": b""}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "GET",
        "path": "/api/tournaments/7/events/",
        "headers": [(b"host", b"localhost")],
    }
    run_async(asgi.with_event_streams(django)(scope, receive, send))
    assert sent[0]["status"] == 503 and (b"retry-after", b"30") in sent[0]["headers"]
    assert json.loads(sent[1]["body"])["errors"][0]["code"] == "service_unavailable"
