"""The knockout page: tables, picks and results.

Pages are requested in English (``Accept-Language: en``, the ``client``
fixture) so that the assertions hold once the German translations exist.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tournaments.web.public.pages import body, played
from tournaments import selectors

pytestmark = pytest.mark.django_db


def test_knockout_and_ranking_before_the_knockout(client, referee):
    tournament = played(10, referee)
    html = body(client.get(reverse("knockout", args=[tournament.pk])))
    assert "The knockout has not started yet." in html
    html = body(client.get(reverse("ranking", args=[tournament.pk])))
    assert "Ranking so far" in html
    assert 'data-testid="champion"' not in html
    assert len(re.findall(r'<td class="num">\d+\.</td>', html)) == 10


def test_knockout_page_shows_tables_picks_and_results(client, finished):
    tournament, knockout = finished
    html = body(client.get(reverse("knockout", args=[tournament.pk])))
    assert f'Champion: <a href="/t/{tournament.pk}/players/{knockout.champion_id}/">' in html
    for view in selectors.knockout_tables(tournament):
        assert f"Round {view.table.round}" in html
        for seat in view.seats:
            assert seat.participant.name in html
    assert "won" in html
    assert "lost" in html
