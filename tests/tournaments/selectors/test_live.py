"""``selectors.live_version``: one query, and it moves whenever a live page may change."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories
from tournaments import selectors, services

pytestmark = pytest.mark.django_db


def test_unknown_tournament_has_no_version():
    assert selectors.live_version(987654) is None


def test_version_moves_with_a_penalty_in_one_query(referee):
    tournament = factories.drawn_tournament(10)
    with CaptureQueriesContext(connection) as ctx:
        before = selectors.live_version(tournament.pk)
    assert len(ctx.captured_queries) == 1
    assert before is not None
    assert selectors.live_version(tournament.pk) == before
    services.penalty_give(
        participant=tournament.participants.first(), kind="warning", reason="Loud", actor=referee
    )
    assert selectors.live_version(tournament.pk) != before
