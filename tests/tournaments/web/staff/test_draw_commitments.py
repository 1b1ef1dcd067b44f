"""The organiser's draw page publishes a commitment and draws with it; the public pages show it."""

from __future__ import annotations

import hashlib

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tournaments.models import DrawCommitment, GroupDraw

pytestmark = pytest.mark.django_db


def test_the_draw_page_publishes_a_commitment_and_draws_with_it() -> None:
    tournament = factories.make_tournament()
    factories.add_participants(tournament, 11)
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(factories.make_organiser())
    url = reverse("staff:draw", args=[tournament.pk])

    assert client.post(url, {"publish_commitment": "1"}).status_code == 302
    commitment = DrawCommitment.objects.get(tournament=tournament)
    seating = client.get(reverse("seating", args=[tournament.pk])).content.decode()
    assert commitment.commitment in seating  # shown publicly before the draw
    assert commitment.secret not in seating
    assert commitment.secret not in client.get(url).content.decode()  # not even to staff

    assert client.post(url, {"commitment": commitment.commitment, "seed": ""}).status_code == 302
    draw = GroupDraw.objects.get(tournament=tournament)
    assert draw.seed == commitment.secret
    assert hashlib.sha256(draw.seed.encode()).hexdigest() == commitment.commitment
    after = in_english(Client(HTTP_ACCEPT_LANGUAGE="en")).get(
        reverse("seating", args=[tournament.pk])
    )
    assert commitment.secret in after.content.decode()
    # In plain words for spectators, with the technical steps one link away.
    assert "fingerprint" in after.content.decode()
    steps_url = reverse("draw_check", args=[tournament.pk])
    assert steps_url in after.content.decode()
    steps = Client(HTTP_ACCEPT_LANGUAGE="en").get(steps_url).content.decode()
    assert "python -S -m scoring.verify_draw draw.json" in steps
    assert f"/api/tournaments/{tournament.pk}/group-stage/draw/" in steps


def test_the_draw_page_needs_a_seed_or_a_commitment() -> None:
    tournament = factories.make_tournament()
    factories.add_participants(tournament, 11)
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(factories.make_organiser())
    response = client.post(reverse("staff:draw", args=[tournament.pk]), {"seed": " "})
    assert response.status_code == 200
    assert "Give a seed or choose a commitment." in response.content.decode()
    assert not GroupDraw.objects.filter(tournament=tournament).exists()


def test_the_knockout_page_shows_the_commitments() -> None:
    tournament = factories.drawn_tournament(10)
    DrawCommitment.objects.create(tournament=tournament, commitment="ab" * 32, secret="s")
    html = Client().get(reverse("knockout", args=[tournament.pk])).content.decode()
    assert "ab" * 32 in html
