"""What the schema promises, the server keeps: errors in the one shape, documents, entry points."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.db import OperationalError
from django.test import override_settings
from rest_framework.test import APIClient

from tests import factories
from tests.tournaments.api.test_schema_snapshot import live_schema
from tournaments.api import tournaments as tournaments_api

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]


def _error_codes(response) -> list[str]:
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    return [e["code"] for e in response.json()["errors"]]


def test_every_operation_documents_its_errors_with_the_one_error_component():
    schema = live_schema()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert "503" in responses and "406" in responses, (method, path)
            if "{" in path:
                assert "not_found" in responses["404"]["x-error-codes"], (method, path)
            for status, response in responses.items():
                if int(status) >= 400:
                    ref = response["content"]["application/json"]["schema"]["$ref"]
                    assert ref == "#/components/schemas/Error", (method, path, status)
    draw = schema["paths"]["/api/tournaments/{tournament_id}/group-stage/draw/"]
    assert "draw_locked" in draw["post"]["responses"]["409"]["x-error-codes"]
    assert {} in draw["get"]["security"] and {} not in draw["post"]["security"]
    assert "401" in draw["post"]["responses"] and "403" in draw["post"]["responses"]
    assert schema["components"]["schemas"]["GroupDrawApiInput"]["additionalProperties"] is False
    settings = schema["components"]["schemas"]["TournamentListApiInput"]["properties"]["settings"]
    assert settings["additionalProperties"] is False
    assert settings["properties"]["max_participants"]["maximum"] == 10_000
    upload = schema["paths"]["/api/tournaments/{tournament_id}/participants/import/"]["post"]
    file = upload["requestBody"]["content"]["multipart/form-data"]["schema"]["$ref"]
    assert schema["components"]["schemas"][file.rsplit("/", 1)[1]]["properties"]["file"] == {
        "type": "string",
        "format": "binary",
    }
    for path, operations in schema["paths"].items():
        for operation in operations.values():
            names = [p["name"] for p in operation.get("parameters", [])]
            assert "format" not in names, path


def test_unmatched_paths_and_methods_under_api_answer_json():
    api = APIClient()
    assert api.get("/api/tournaments/%C2%84/").status_code == 404
    assert _error_codes(api.get("/api/tournaments/%C2%84/")) == ["not_found"]
    assert _error_codes(api.get("/api/nothing/here/")) == ["not_found"]
    api.force_authenticate(factories.make_organiser())
    assert _error_codes(api.delete("/api/settings/")) == ["method_not_allowed"]
    assert _error_codes(api.post("/api/schema/")) == ["method_not_allowed"]
    page = api.get("/no-such-page/")
    assert page.status_code == 404 and not page["Content-Type"].startswith("application/json")


def test_a_server_error_under_api_is_json(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(tournaments_api.SettingsApi, "get", broken)
    api = APIClient(raise_request_exception=False)
    with override_settings(DEBUG=False):
        response = api.get("/api/settings/")
    assert response.status_code == 500 and _error_codes(response) == ["server_error"]


def test_an_unreachable_database_answers_503_with_retry_after(monkeypatch):
    def unreachable(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(tournaments_api.SettingsApi, "get", unreachable)
    response = APIClient().get("/api/settings/")
    assert response.status_code == 503 and _error_codes(response) == ["service_unavailable"]
    assert int(response["Retry-After"]) > 0


@pytest.mark.parametrize("query", ["?format=json", "?format=", "?format=api"])
def test_a_document_never_answers_its_file_to_another_format(query):
    tournament = factories.drawn_tournament(10)
    response = APIClient().get(f"/api/tournaments/{tournament.pk}/seating.pdf{query}")
    assert response.status_code == 406 and _error_codes(response) == ["not_acceptable"]
    own = APIClient().get(f"/api/tournaments/{tournament.pk}/seating.pdf?format=pdf")
    assert own.status_code == 200 and own["Content-Type"] == "application/pdf"


def test_a_body_of_null_is_refused():
    game = factories.drawn_tournament(10).games.first()
    api = APIClient()
    api.force_authenticate(factories.make_referee())
    response = api.post(f"/api/games/{game.pk}/confirm/", "null", content_type="application/json")
    assert response.status_code == 400


@pytest.mark.parametrize("entry", ["config.wsgi", "config.asgi"])
def test_the_server_entry_points_default_to_production(entry):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", f"import {entry}"], env=env, cwd=ROOT, capture_output=True
    )
    assert result.returncode != 0
    assert b"DJANGO_SECRET_KEY must be set" in result.stderr


def test_public_pages_carry_a_meta_description(client):
    tournament = factories.drawn_tournament(10)
    for url in ("/", f"/t/{tournament.pk}/"):
        page = client.get(url, follow=True)
        assert page.status_code == 200
        assert b'<meta name="description" content="' in page.content, url
