"""The knockout's draws with a published commitment, from the organiser's page (no API)."""

from __future__ import annotations

import hashlib
import random

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tournaments.models import DrawCommitment, Knockout, Table
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


def test_an_organiser_draws_knockout_rounds_with_commitments_on_the_page(organiser, referee):
    tournament = factories.drawn_tournament(40)  # 8 tables: a field of 8, two rounds
    record_random_results(
        open_games(tournament, stage="group"), rng=random.Random(3), referees=[referee]
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser)
    url = reverse("staff:knockout", args=[tournament.pk])

    assert client.post(url, {"action": "publish_commitment"}).status_code == 302
    first = DrawCommitment.objects.get(tournament=tournament)
    page = client.get(url).content.decode()
    assert first.commitment in page  # offered, and shown as published
    assert first.secret not in page

    answer = client.post(url, {"action": "start", "seed": "", "commitment": first.commitment})
    assert answer.status_code == 302
    knockout = Knockout.objects.get(tournament=tournament)
    first.refresh_from_db()
    assert first.used_for == "knockout-1"
    assert knockout.seed == first.secret
    assert hashlib.sha256(knockout.seed.encode()).hexdigest() == first.commitment

    record_random_results(
        open_games(tournament, stage="knockout"), rng=random.Random(4), referees=[referee]
    )
    client.post(url, {"action": "publish_commitment"})
    second = DrawCommitment.objects.exclude(pk=first.pk).get(tournament=tournament)
    answer = client.post(url, {"action": "next", "seed": "", "commitment": second.commitment})
    assert answer.status_code == 302
    second.refresh_from_db()
    assert second.used_for == "knockout-2"
    assert Table.objects.filter(tournament=tournament, stage="knockout", round=2).exists()

    # Newest round first, as on the public page.
    page = client.get(url).content.decode()
    assert page.index('data-round="2"') < page.index('data-round="1"')


def test_a_knockout_draw_needs_a_seed_or_a_commitment(organiser):
    tournament = factories.drawn_tournament(10)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser)
    url = reverse("staff:knockout", args=[tournament.pk])
    page = client.post(url, {"action": "start", "seed": " ", "commitment": ""})
    assert "Give a seed or choose a commitment." in page.content.decode()
    assert not Knockout.objects.filter(tournament=tournament).exists()
