"""Fuzz the API with schemathesis against its own published OpenAPI schema.

Every operation gets random (mostly invalid) input as an organiser; whatever
it is, the answer must never be a server error. The number of examples per
operation is bounded (``FUZZ_EXAMPLES``, default 25) to keep CI fast.
"""

from __future__ import annotations

import os
import uuid

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token

from tests import factories
from tournaments.http.idempotency import KEY_PATTERN

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Calls go straight to the WSGI app, not through Django's test client, so do
    what the test client does: keep Django from closing the connection (and with
    it the test's transaction) at the end of each request."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def organiser_token(db) -> str:
    """An organiser, and a drawn tournament with a result, for the ids to hit something."""
    organiser = factories.make_organiser(username="fuzz-orga")
    factories.drawn_tournament(10)
    return Token.objects.create(user=organiser).key


def fresh_idempotency_key(case) -> None:
    """A well-formed Idempotency-Key becomes one of its own, so that the body is read.

    The coverage phase sends thousands of bodies under one key ("0"): each after
    the first was answered ``422 idempotency_key_reused`` before its body was
    looked at (6,456 of POST /api/tournaments/'s 6,500 cases). A malformed key is
    sent as generated, for its ``400``; replays have tests of their own
    (tests/tournaments/http/).
    """
    key = (case.headers or {}).get("Idempotency-Key")
    if key is not None and KEY_PATTERN.fullmatch(key):
        case.headers["Idempotency-Key"] = uuid.uuid4().hex


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)
def test_no_operation_answers_with_a_server_error(case, organiser_token):
    fresh_idempotency_key(case)
    response = case.call(headers={"Authorization": f"Token {organiser_token}"})
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:500])
