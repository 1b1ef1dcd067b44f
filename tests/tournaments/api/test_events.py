"""``GET /api/tournaments/{id}/events/`` under WSGI (the development server's path) and ASGI.

The stream through real servers (uvicorn beside gunicorn, Redis) is tested in
``tests/test_event_server.py``; here the view itself, in one process.
"""

from __future__ import annotations

import json
import random

import pytest
import requests
import schemathesis
import yaml
from django.test import AsyncClient
from schemathesis.core.failures import FailureGroup
from schemathesis.core.transport import Response
from schemathesis.specs.openapi.checks import response_schema_conformance

from tests import factories
from tests.asyncio_thread import run_async
from tests.tournaments.api.test_schema_snapshot import SNAPSHOT
from tournaments import demo
from tournaments.events import encode_event
from tournaments.events.hub import read_states
from tournaments.live import live_bump, live_version

pytestmark = pytest.mark.django_db


def _event(chunk: bytes) -> tuple[int, dict]:
    lines = dict(line.split(": ", 1) for line in chunk.decode().strip().split("\n"))
    assert lines["event"] == "state"
    return int(lines["id"]), json.loads(lines["data"])


def test_the_stream_starts_with_the_state_and_carries_the_headers(client):
    tournament = factories.drawn_tournament(10)
    response = client.get(
        f"/api/tournaments/{tournament.pk}/events/", HTTP_ACCEPT="text/event-stream"
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-store"
    assert response["X-Accel-Buffering"] == "no"
    assert "Set-Cookie" not in response  # nothing of the visitor
    chunks = iter(response.streaming_content)
    version, data = _event(next(chunks))
    assert version == live_version(tournament.pk) > 0
    assert data == {"tournament": tournament.pk, "version": version, "what": "draw"}
    response.close()


@pytest.mark.django_db(transaction=True)
def test_a_change_committed_in_the_process_wakes_its_streams(client, monkeypatch):
    monkeypatch.setenv("LIVE_EVENTS_POLL_SECONDS", "30")  # no poll would come in time
    referee = factories.make_referee()
    tournament = factories.drawn_tournament(10)
    response = client.get(f"/api/tournaments/{tournament.pk}/events/")
    chunks = iter(response.streaming_content)
    first, _ = _event(next(chunks))
    demo.play_group_rounds(tournament, rounds=range(1, 2), rng=random.Random(3), referees=[referee])
    version, data = _event(next(chunks))  # at once: told by the commit, not by a poll
    assert version == live_version(tournament.pk) > first
    assert data["what"] == "result"
    response.close()


def test_the_current_last_event_id_gets_only_keep_alives(client, monkeypatch):
    monkeypatch.setenv("LIVE_EVENTS_KEEPALIVE_SECONDS", "0.2")
    tournament = factories.drawn_tournament(10)
    version = live_version(tournament.pk)
    response = client.get(
        f"/api/tournaments/{tournament.pk}/events/", HTTP_LAST_EVENT_ID=str(version)
    )
    chunks = iter(response.streaming_content)
    assert next(chunks) == b": keep-alive\n\n"
    response.close()


@pytest.mark.parametrize("accept", ["text/event-stream", "text/html", "application/json"])
def test_an_unknown_tournament_is_a_json_404(client, accept):
    response = client.get("/api/tournaments/987654/events/", HTTP_ACCEPT=accept)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["errors"][0]["code"] == "not_found"


@pytest.mark.django_db(transaction=True)
def test_under_asgi_a_request_reaching_the_view_gets_the_state_and_the_end_of_the_stream():
    # The ASGI application answers the stream on its loop before Django
    # (tournaments/events/asgi.py); a path spelled otherwise reaches the view, which
    # must not hold a request thread for as long as the page is open.
    tournament = factories.drawn_tournament(10)

    async def scenario() -> tuple[int, bytes]:
        response = await AsyncClient().get(f"/api/tournaments/0{tournament.pk}/events/")
        assert response["Content-Type"] == "text/event-stream"
        assert not response.streaming
        return response.status_code, response.content

    status, first = run_async(scenario())
    assert status == 200
    assert _event(first)[0] == live_version(tournament.pk)


def _check_against_the_published_schema(tournament_id: int, body: bytes) -> None:
    """schemathesis's own response check (ST108 where an event breaks the schema)."""
    schema = schemathesis.openapi.from_dict(yaml.safe_load(SNAPSHOT.read_text()))
    operation = schema["/api/tournaments/{tournament_id}/events/"]["GET"]
    path = f"/api/tournaments/{tournament_id}/events/"
    request = requests.Request("GET", f"http://testserver{path}").prepare()
    response = Response(200, {"Content-Type": ["text/event-stream"]}, body, request, 0.1, True)
    case = operation.Case(path_parameters={"tournament_id": tournament_id})
    case.validate_response(response, checks=[response_schema_conformance])


def test_every_event_the_stream_sends_is_valid_by_the_published_schema(client):
    tournament = factories.drawn_tournament(10)
    response = client.get(f"/api/tournaments/{tournament.pk}/events/")
    chunks = iter(response.streaming_content)
    body = next(chunks)
    live_bump(tournament_id=tournament.pk, what="clock")  # and one as a later change writes it
    body += encode_event(tournament.pk, read_states([tournament.pk])[tournament.pk])
    response.close()
    assert body.count(b"event: state") == 2
    _check_against_the_published_schema(tournament.pk, body + b": keep-alive\n\n")


def test_the_published_schema_refuses_an_event_of_another_shape():
    wrong = b'id: 3\nevent: state\ndata: {"tournament": 7, "version": 3, "what": "lunch"}\n\n'
    with pytest.raises(FailureGroup, match="ST108"):
        _check_against_the_published_schema(7, wrong)
