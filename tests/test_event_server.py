"""api.md "Live events" through the real servers: gunicorn saves, uvicorn streams.

The event server (uvicorn on Django's ASGI application, as production runs
it) and an app server (gunicorn) share one database, with Redis (publish and
subscribe) and without it (the event server reads the versions itself). Every
wait is bounded: a stream that does not deliver fails the test in seconds.
"""

from __future__ import annotations

import contextlib
import json
import random
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from scoring.results import GameSpec
from scoring.rulesets import Ruleset
from scoring.simulate import random_result
from tests import factories
from tests.servers import (
    ROOT,
    app_server,
    call,
    free_port,
    own_database,
    prepare,
    production_env,
    redis_server,
    wait_for_port,
)

pytestmark = pytest.mark.servers


@contextlib.contextmanager
def event_server(env: dict[str, str]) -> Iterator[str]:
    """uvicorn as the production recipe runs it; yields its base URL."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "config.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--no-access-log",
            "--timeout-graceful-shutdown",
            "1",
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


class Stream:
    """One open event stream, read with a deadline (raw socket, HTTP/1.1 chunks)."""

    def __init__(self, base: str, path: str, headers: dict[str, str] | None = None) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=5)
        lines = [f"GET {path} HTTP/1.1", f"Host: {host}", "Accept: text/event-stream"]
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.raw = b""
        while b"\r\n\r\n" not in self.raw:
            self._recv(time.monotonic() + 5)
        head, self.raw = self.raw.split(b"\r\n\r\n", 1)
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        self.status = int(status_line.split()[1])
        self.headers = {
            k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in header_lines)
        }
        self.text = b""

    def _recv(self, deadline: float) -> bool:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        self.sock.settimeout(left)
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return False
        if not data:
            raise ConnectionError("the server closed the stream")
        self.raw += data
        return True

    def _dechunk(self) -> None:
        while b"\r\n" in self.raw:
            size_line, rest = self.raw.split(b"\r\n", 1)
            size = int(size_line.split(b";")[0], 16)
            if len(rest) < size + 2:
                return
            self.text += rest[:size]
            self.raw = rest[size + 2 :]

    def next_block(self, seconds: float) -> str | None:
        """The next message (event or comment) within ``seconds``, else ``None``."""
        deadline = time.monotonic() + seconds
        while True:
            self._dechunk()
            if b"\n\n" in self.text:
                block, self.text = self.text.split(b"\n\n", 1)
                return block.decode()
            if not self._recv(deadline):
                return None

    def next_event(self, seconds: float) -> dict[str, str] | None:
        """The next event (comments skipped) within ``seconds``: its fields."""
        deadline = time.monotonic() + seconds
        while True:
            block = self.next_block(max(0.0, deadline - time.monotonic()))
            if block is None:
                return None
            fields = dict(
                line.split(": ", 1) for line in block.split("\n") if not line.startswith(":")
            )
            if fields:
                return fields

    def close(self) -> None:
        self.sock.close()


def _showdown_cup(base: str) -> dict:
    listed = json.loads(call("GET", f"{base}/api/tournaments/")[2])
    rows = listed["results"] if isinstance(listed, dict) else listed
    return next(t for t in rows if t["ruleset"] == "showdown")


def _other_tournament(base: str, cup: dict) -> dict:
    listed = json.loads(call("GET", f"{base}/api/tournaments/")[2])
    rows = listed["results"] if isinstance(listed, dict) else listed
    return next(t for t in rows if t["id"] != cup["id"])


class Referee:
    """Saves the cup's open games one by one through the app server."""

    def __init__(self, base: str, cup: dict) -> None:
        self.base, self.cup = base, cup
        status, _, body = call(
            "POST", f"{base}/api/auth/token/", body={"username": "schiri", "password": "bang-demo"}
        )
        assert status == 200, body
        self.token = json.loads(body)["token"]

    def save(self, *, timed: bool = False) -> float:
        """Saves one open game; returns when the answer arrived (monotonic), or with
        ``timed`` how long the save itself took (seconds)."""
        games = json.loads(call("GET", f"{self.base}/api/tournaments/{self.cup['id']}/games/")[2])
        group = [g for g in games if g["stage"] == "group"]
        # The demo cup has nine open games; a module that saves more corrects the
        # latest recorded one (a referee may), so the count of saves is not bounded.
        game = next((g for g in group if g["status"] == "open"), None) or max(
            (g for g in group if g["status"] == "recorded"), key=lambda g: g["id"]
        )
        spec = GameSpec(
            ruleset=Ruleset.SHOWDOWN,
            positions=tuple(seat["position"] for seat in game["seats"]),
            sheriff_position=game["sheriff_position"],
            tougher_sheriff=bool(self.cup["settings"].get("tougher_sheriff")),
        )
        version = 0
        if game["status"] == "recorded":
            detail = json.loads(call("GET", f"{self.base}/api/games/{game['id']}/")[2])
            version = detail["result"]["version"]
        reports, winner = random_result(spec, random.Random(f"{game['id']}/{version}"))
        sent = factories.result_json(reports, winner)
        if version:
            sent |= {"version": version, "reason": "Korrektur (Test)"}
        started = time.monotonic()
        status, _, body = call(
            "PUT",
            f"{self.base}/api/games/{game['id']}/result/",
            body=sent,
            headers={"Authorization": f"Token {self.token}"},
        )
        assert status == 200, body
        return time.monotonic() - started if timed else time.monotonic()


@pytest.fixture(scope="module", params=["redis", "database"])
def servers(request, tmp_path_factory) -> Iterator[tuple[str, str]]:
    """(app server, event server) over one database; with Redis pub/sub, or without."""
    tmp_path = tmp_path_factory.mktemp("events")
    with redis_server() as redis_url, own_database(tmp_path) as database_url:
        env = {
            **production_env(database_url, redis_url),
            "LIVE_EVENTS_KEEPALIVE_SECONDS": "1",
        }
        if request.param == "database":
            env["REDIS_URL"] = ""
        prepare(env)
        with app_server(env) as app, event_server(env) as events:
            yield app, events


def test_the_first_event_comes_at_once_with_the_version_and_the_headers(servers):
    app, events = servers
    cup = _showdown_cup(app)
    stream = Stream(events, f"/api/tournaments/{cup['id']}/events/")
    try:
        assert stream.status == 200
        assert stream.headers["content-type"].startswith("text/event-stream")
        assert stream.headers["cache-control"] == "no-store"
        assert stream.headers["x-accel-buffering"] == "no"
        event = stream.next_event(1)
        assert event is not None
        assert event["event"] == "state"
        data = json.loads(event["data"])
        assert data["tournament"] == cup["id"]
        assert data["version"] == int(event["id"]) > 0
        assert data["what"] in {
            "result",
            "draw",
            "knockout",
            "penalty",
            "clock",
            "ranking",
            "other",
        }
        # Nothing changes: a keep-alive comment comes (every second here, <= 20 s always).
        block = stream.next_block(3)
        assert block is not None and block.startswith(":")
    finally:
        stream.close()


def test_a_save_reaches_the_stream_within_a_second_and_another_tournament_sends_nothing(
    servers,
):
    app, events = servers
    cup = _showdown_cup(app)
    other = _other_tournament(app, cup)
    stream = Stream(events, f"/api/tournaments/{cup['id']}/events/")
    quiet = Stream(events, f"/api/tournaments/{other['id']}/events/")
    try:
        first = stream.next_event(2)
        assert first is not None
        assert quiet.next_event(2) is not None
        referee = Referee(app, cup)
        answered = referee.save()
        event = stream.next_event(1.5)
        arrived = time.monotonic()
        assert event is not None, "no event within 1.5 s of the save"
        assert arrived - answered < 1.0
        assert int(event["id"]) > int(first["id"])
        assert json.loads(event["data"]) == {
            "tournament": cup["id"],
            "version": int(event["id"]),
            "what": "result",
        }
        assert quiet.next_event(1.5) is None  # only keep-alives there
    finally:
        stream.close()
        quiet.close()


def test_last_event_id_current_waits_older_newer_or_garbage_gets_an_event_at_once(servers):
    app, events = servers
    cup = _showdown_cup(app)
    path = f"/api/tournaments/{cup['id']}/events/"
    probe = Stream(events, path)
    first = probe.next_event(2)
    probe.close()
    assert first is not None
    version = int(first["id"])

    for last, moved_on in [
        (str(version), False),
        (str(version - 1), True),
        (str(version + 100), True),
        ("not-a-number", True),
    ]:
        stream = Stream(events, path, {"Last-Event-ID": last})
        try:
            event = stream.next_event(1.0 if moved_on else 2.0)
            if moved_on:
                assert event is not None, f"Last-Event-ID {last!r}: no event within 1 s"
                assert int(event["id"]) == version
            else:
                assert event is None, "the client had the current version: nothing to send"
        finally:
            stream.close()

    # The waiting client gets the next change.
    stream = Stream(events, path, {"Last-Event-ID": str(version)})
    try:
        assert stream.next_event(1.0) is None
        Referee(app, cup).save()
        event = stream.next_event(1.5)
        assert event is not None and int(event["id"]) > version
    finally:
        stream.close()


def test_an_unknown_tournament_is_a_json_404_whatever_the_accept_header(servers):
    _app, events = servers
    for accept in ("text/event-stream", "application/json", "*/*", "text/html"):
        status, headers, body = call(
            "GET", f"{events}/api/tournaments/999999/events/", headers={"Accept": accept}
        )
        assert status == 404
        assert headers["content-type"].startswith("application/json")
        assert json.loads(body)["errors"][0]["code"] == "not_found"


def test_many_streams_of_one_address_all_get_the_event(servers):
    app, events = servers
    cup = _showdown_cup(app)
    streams = [Stream(events, f"/api/tournaments/{cup['id']}/events/") for _ in range(50)]
    try:
        for stream in streams:
            assert stream.next_event(3) is not None
        Referee(app, cup).save()
        deadline = time.monotonic() + 1.5
        for stream in streams:
            assert stream.next_event(max(0.05, deadline - time.monotonic())) is not None
    finally:
        for stream in streams:
            stream.close()
