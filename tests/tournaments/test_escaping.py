"""A participant named like HTML is shown as text on every page that shows names."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from tests import factories
from tournaments import demo, services

pytestmark = pytest.mark.django_db

NAME = '<script>alert("bang")</script><b>Joe</b>'


@pytest.fixture
def hostile():
    tournament = factories.make_tournament()
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(name=NAME, nationality="DE"),
            *factories.participant_inputs(9),
        ],
    )
    services.group_stage_draw(tournament=tournament, seed="x")
    referee = factories.make_referee()
    demo.play_group_rounds(tournament, rounds=range(1, 3), rng=random.Random(1), referees=[referee])
    return tournament, tournament.participants.get(name=NAME)


@pytest.mark.parametrize(
    ("url_name", "with_participant", "staff"),
    [
        ("leaderboard", False, False),
        ("leaderboard_fragment", False, False),
        ("projector", False, False),
        ("seating", False, False),
        ("ranking", False, False),
        ("player", True, False),
        ("staff:participants", False, True),
        ("staff:participant", True, True),
        ("staff:draw", False, True),
        ("staff:audit", False, True),
    ],
)
def test_names_are_escaped(client, hostile, url_name, with_participant, staff):
    tournament, participant = hostile
    args = [tournament.pk, participant.pk] if with_participant else [tournament.pk]
    if staff:
        client.force_login(factories.make_organiser())
    html = client.get(reverse(url_name, args=args)).content.decode()
    assert "&lt;script&gt;alert(" in html
    assert '<script>alert("bang")' not in html and "<b>Joe</b>" not in html


def test_the_token_login_is_throttled(api):
    """django-axes: 10 wrong passwords for one account from one address lock that pair
    (tests/tournaments/test_login_throttle.py has the whole matrix)."""
    wrong = {"username": "someone", "password": "guess"}
    statuses = [api.post("/api/auth/token/", wrong, format="json").status_code for _ in range(10)]
    assert statuses == [400] * 9 + [429]
    response = api.post("/api/auth/token/", wrong, format="json")
    assert response.status_code == 429
    assert response.json()["errors"][0]["code"] == "too_many_login_attempts"
