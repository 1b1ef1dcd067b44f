"""The seating page: everyone by name and by table, searchable.

Pages are requested in English (``Accept-Language: en``, the ``client``
fixture) so that the assertions hold once the German translations exist.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests import factories
from tests.tournaments.web.public.pages import body
from tournaments.models import Seat

pytestmark = pytest.mark.django_db


def test_seating_lists_everyone_by_name_and_by_table(client):
    tournament = factories.drawn_tournament(11)  # tables of 6 and 5
    html = body(client.get(reverse("seating", args=[tournament.pk])))
    for seat in Seat.objects.filter(table__tournament=tournament).select_related(
        "participant", "table"
    ):
        assert seat.participant.name in html
    assert "(6 players)" in html
    assert "(5 players)" in html
    assert "test" in html  # the seed is shown


def test_seating_search_filters_by_name_ignoring_case_and_accents(client):
    tournament = factories.drawn_tournament(10)
    target = tournament.participants.order_by("id")[2]  # "Clara Müller 3"
    assert "Müller" in target.name
    query = target.name.replace("ü", "u").upper()
    html = body(client.get(reverse("seating", args=[tournament.pk]), {"q": query}))
    rows = re.findall(r"<tr ([^>]*data-name[^>]*)>\s*<td[^>]*><a[^>]*>([^<]+)</a>", html)
    assert len(rows) == 10  # all rendered; the script can widen the search again
    assert [name for attrs, name in rows if "hidden" not in attrs] == [target.name]
    assert "1 of 10 shown" in html
    assert f"<mark>{target.name}</mark>" in html
