"""The home page and a tournament's overview; pages speak German unless asked otherwise.

Pages are requested in English (``Accept-Language: en``, the ``client``
fixture) so that the assertions hold once the German translations exist.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tests.tournaments.web.public.pages import body
from tournaments import services

pytestmark = pytest.mark.django_db


def test_home_lists_tournaments_and_links_them(client):
    tournament = factories.make_tournament(name="Kassel Open")
    html = body(client.get(reverse("home")))
    assert "Kassel Open" in html
    assert reverse("tournament", args=[tournament.pk]) in html


def test_tournament_home_shows_facts_and_stage(client, referee):
    tournament = factories.make_tournament(name="Kassel Open")
    factories.add_participants(tournament, 10)
    html = body(client.get(reverse("tournament", args=[tournament.pk])))
    assert "Kassel Open" in html
    assert re.search(r'data-testid="participant-count">10<', html)
    assert "Registration" in html
    services.group_stage_draw(tournament=tournament, seed="s")
    html = body(client.get(reverse("tournament", args=[tournament.pk])))
    assert "Group stage" in html
    for name in ("leaderboard", "seating", "knockout", "ranking", "projector"):
        assert reverse(name, args=[tournament.pk]) in html


def test_pages_are_german_by_default_and_english_on_request():
    """German unless the browser asks for one of the seven; the visitor's switch beats both."""
    tournament = factories.make_tournament()
    url = reverse("leaderboard", args=[tournament.pk])
    assert '<html lang="de">' in body(Client().get(url))
    assert '<html lang="de">' in body(Client(headers={"accept-language": "ja, ko"}).get(url))
    assert '<html lang="fr">' in body(Client(headers={"accept-language": "fr, cs"}).get(url))
    assert '<html lang="cs">' in body(Client(headers={"accept-language": "ja, cs-CZ"}).get(url))
    assert '<html lang="en">' in body(Client(headers={"accept-language": "en-GB"}).get(url))
    switched = in_english(Client(headers={"accept-language": "de"}))
    assert '<html lang="en">' in body(switched.get(url))


def test_the_switch_makes_the_pages_english_and_the_api_follows_accept_language():
    tournament = factories.make_tournament()
    url = reverse("leaderboard", args=[tournament.pk])
    visitor = Client(headers={"accept-language": "de"})
    switched = visitor.post(reverse("set_language"), {"language": "en", "next": url}, follow=True)
    assert '<html lang="en">' in body(switched)
    assert "Accept-Language" in visitor.get(url)["Vary"]
    missing = "/api/tournaments/987654/"
    german = Client(headers={"accept-language": "de"}).get(missing).json()
    english = Client(headers={"accept-language": "en"}).get(missing).json()
    assert german["errors"][0]["message"] != english["errors"][0]["message"]
