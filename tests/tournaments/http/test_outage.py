"""A database outage: the API answers 503 in its error shape, pages a plain 503 page."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import InterfaceError, OperationalError, connection
from django.test import Client

from tests import factories
from tests.language import in_language

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    return factories.make_tournament()


def _database_down(error: Exception):
    """Every query fails as while PostgreSQL restarts."""
    return mock.patch.object(connection, "cursor", side_effect=error)


@pytest.mark.parametrize(
    "error",
    [OperationalError("server closed the connection"), InterfaceError("connection already closed")],
)
def test_the_api_answers_503_in_its_error_shape(tournament, error):
    client = Client(raise_request_exception=False)
    with _database_down(error):
        response = client.get(f"/api/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response["Retry-After"].isdigit()
    [item] = response.json()["errors"]
    assert item["code"] == "service_unavailable"
    assert "try again" in item["message"]


def test_the_api_answers_503_when_the_database_fails_outside_a_view(tournament):
    """Even when the failure happens outside DRF (the 500 handler decides)."""
    client = Client(raise_request_exception=False)
    with _database_down(OperationalError("could not connect")):
        response = client.get(f"/api/tournaments/{tournament.pk}/standings.pdf")
    assert response.status_code == 503
    assert response.json()["errors"][0]["code"] == "service_unavailable"
    assert response["Retry-After"].isdigit()


def test_pages_answer_a_plain_translated_503_page(tournament):
    client = Client(raise_request_exception=False)
    with _database_down(OperationalError("could not connect")):
        german = in_language(client, "de").get(f"/t/{tournament.pk}/")
        english = in_language(client, "en").get(f"/t/{tournament.pk}/")
    assert german.status_code == english.status_code == 503
    assert english["Retry-After"].isdigit()
    assert "text/html" in english["Content-Type"]
    assert b"Briefly unavailable" in english.content
    assert b'lang="de"' in german.content
