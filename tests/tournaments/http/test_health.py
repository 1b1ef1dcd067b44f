"""``GET /healthz``: is this server able to serve the hall? (issue 21)"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.test import Client

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


def test_health_checks_at_the_same_time_do_not_disturb_each_other():
    from concurrent.futures import ThreadPoolExecutor

    from tournaments.http.health import _cache

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: _cache(), range(400)))
    assert set(results) == {"ok"}
