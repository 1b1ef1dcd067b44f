"""The audit log reads in words: games and participants by name, not by id."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tournaments import services
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


def test_the_audit_log_names_games_and_participants(
    organiser, referee, django_assert_max_num_queries
):
    tournament = factories.drawn_tournament(23)
    record_random_results(
        open_games(tournament, stage="group"), rng=random.Random(1), referees=[referee]
    )
    knockout = services.knockout_start(tournament=tournament, seed="ko")
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(organiser)
    url = reverse("staff:audit", args=[tournament.pk])
    with django_assert_max_num_queries(12):
        html = client.get(url).content.decode()
    assert "Round 1 · table 1" in html
    assert "Game #" not in html
    first_seed = tournament.participants.get(pk=knockout.seeding[0]).name
    # The seeding by name, in words: a row "Seeding" with the names, no JSON.
    seeding_row = re.search(r'<th scope="row">Seeding</th><td>[^<]*</td><td>([^<]*)</td>', html)
    assert seeding_row is not None
    assert seeding_row.group(1).startswith(first_seed + ", ")
    assert "&quot;" not in html.split('class="audit-diff"', 1)[1][:2000]
