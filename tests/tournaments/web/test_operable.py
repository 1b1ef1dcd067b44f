"""What an organiser sees of the server: /healthz and one log line per request (issue 21)."""

from __future__ import annotations

import json
import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.test import Client

from tests import factories
from tests.servers import free_port

pytestmark = pytest.mark.django_db


def test_health_answers_database_cache_and_no_event_server_configured():
    response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok", "events": "off"}
    assert "no-store" in response["Cache-Control"] or "no-cache" in response["Cache-Control"]


def test_health_fails_when_the_event_server_does_not_answer(settings):
    settings.EVENT_SERVER_URL = f"http://127.0.0.1:{free_port()}"  # nothing listens
    response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.json()["events"] == "unavailable"
    assert response.json()["status"] == "unavailable"
    shallow = Client().get("/healthz?shallow=1")
    assert shallow.status_code == 200 and shallow.json()["events"] == "off"


def test_health_asks_the_event_server_for_its_own_shallow_check(settings):
    asked: list[str] = []

    class EventServer(BaseHTTPRequestHandler):
        def do_GET(self):
            asked.append(self.path)
            body = json.dumps({"status": "ok"}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), EventServer)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        settings.EVENT_SERVER_URL = f"http://127.0.0.1:{server.server_address[1]}"
        response = Client().get("/healthz")
    finally:
        server.shutdown()
        server.server_close()
    assert response.status_code == 200
    assert response.json()["events"] == "ok"
    assert asked == ["/healthz?shallow=1"]


def test_health_fails_when_the_cache_loses_what_it_was_given(monkeypatch):
    from django.core.cache import cache

    monkeypatch.setattr(cache, "get", lambda *args, **kwargs: None)
    response = Client().get("/healthz?shallow=1")
    assert response.status_code == 503
    assert response.json()["cache"] == "unavailable"
    assert response.json()["database"] == "ok"


def test_one_log_line_per_request_with_method_path_status_duration_and_address(caplog):
    tournament = factories.drawn_tournament(5)
    caplog.set_level(logging.INFO, logger="bang.requests")
    Client().get(f"/t/{tournament.pk}/leaderboard/live/?sort=name", REMOTE_ADDR="10.0.0.23")
    Client().post("/accounts/login/", {"username": "x", "password": "y"}, REMOTE_ADDR="10.0.0.24")
    lines = [r.getMessage() for r in caplog.records if r.name == "bang.requests"]
    assert len(lines) == 2
    method, path, status, duration, address = lines[0].split()
    assert (method, path, status, address) == (
        "GET",
        f"/t/{tournament.pk}/leaderboard/live/",  # without the query string
        "200",
        "10.0.0.23",
    )
    assert duration.endswith("ms") and float(duration[:-2]) > 0
    assert lines[1].startswith("POST /accounts/login/ 200 ")
    assert lines[1].endswith(" 10.0.0.24")


def test_the_log_names_the_phone_behind_a_trusted_proxy(caplog, settings):
    settings.TRUSTED_PROXIES = 1
    caplog.set_level(logging.INFO, logger="bang.requests")
    Client().get("/healthz", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="10.0.0.9")
    (line,) = [r.getMessage() for r in caplog.records if r.name == "bang.requests"]
    assert line.endswith(" 10.0.0.9")


def test_health_checks_at_the_same_time_do_not_disturb_each_other():
    from concurrent.futures import ThreadPoolExecutor

    from tournaments.web.health import _cache

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: _cache(), range(400)))
    assert set(results) == {"ok"}
