"""The final ranking: champion and German title holder.

Pages are requested in English (``Accept-Language: en``, the ``client``
fixture) so that the assertions hold once the German translations exist.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.tournaments.web.public.pages import body
from tournaments import selectors

pytestmark = pytest.mark.django_db


def test_ranking_names_champion_and_title_holder(client, finished):
    tournament, knockout = finished
    html = body(client.get(reverse("ranking", args=[tournament.pk])))
    champion = knockout.champion
    assert "Final ranking" in html
    assert champion.name in html.split('data-testid="champion"')[1].split("</div>")[0]
    # Everyone is German here: the champion holds the title too.
    assert champion.name in html.split('data-testid="title-holder"')[1].split("</div>")[0]

    # A foreign champion: the best-placed German gets the title.
    champion.nationality = "FR"
    champion.save()
    # Written past the services (no audit entry): the page of the last state is cached.
    cache.clear()
    rows = selectors.final_ranking(tournament).rows
    best_german = next(r.participant for r in rows if r.participant.pk != champion.pk)
    html = body(client.get(reverse("ranking", args=[tournament.pk])))
    holder = html.split('data-testid="title-holder"')[1].split("</div>")[0]
    assert best_german.name in holder
    assert champion.name not in holder
