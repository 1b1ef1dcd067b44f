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


def test_a_state_render_is_computed_once_per_state(referee):
    tournament = factories.drawn_tournament(10)
    calls: list[int] = []

    def render() -> str:
        calls.append(1)
        return f"render {len(calls)}"

    def fetch(variant: str = "de") -> str:
        return selectors.once_per_state(
            kind="test", tournament_id=tournament.pk, variant=variant, render=render
        )

    assert fetch() == fetch() == "render 1"
    assert fetch("en") == "render 2"  # another variant is another render
    services.penalty_give(
        participant=tournament.participants.first(), kind="warning", reason="Loud", actor=referee
    )
    assert fetch() == "render 3"  # a new state is rendered anew, at once
    assert fetch() == "render 3"
