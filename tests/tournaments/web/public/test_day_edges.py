"""What a new organiser met on a tournament day (issue: the championship day, items 2 to 14).

Pages are requested in English (the ``client`` fixture) unless a test asks for German.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tournaments import selectors, services

pytestmark = pytest.mark.django_db


def _set_title(tournament, title):
    settings = dict(tournament.settings)
    if title is None:
        settings.pop("title", None)
    else:
        settings["title"] = title
    services.tournament_update(tournament=tournament, actor=None, settings=settings)
    tournament.refresh_from_db()


def test_the_title_is_a_setting_translated_where_it_is_the_default(finished):
    tournament, _knockout = finished
    url = reverse("ranking", args=[tournament.pk])
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get(url).content.decode()
    assert "German BANG! champion" in english
    assert "Deutscher Meister im BANG!" in german

    _set_title(tournament, "Vereinsmeister Bamberg")
    shown = Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()
    assert "Vereinsmeister Bamberg" in shown.split('data-testid="title-holder"')[1]
    assert "German BANG! champion" not in shown

    _set_title(tournament, "")  # a club cup: no title at all
    assert selectors.final_ranking(tournament).title_holder is None
    assert 'data-testid="title-holder"' not in Client().get(url).content.decode()


def test_the_overview_of_a_finished_tournament_names_the_champion(client, finished):
    tournament, knockout = finished
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert knockout.champion.name in html.split('data-testid="overview-champion"')[1][:400]
    assert reverse("statistics", args=[tournament.pk]) in html


def test_a_wrong_login_says_the_login_was_wrong() -> None:
    factories.make_user(username="anna")
    answer = Client(HTTP_ACCEPT_LANGUAGE="en").post(
        reverse("login"), {"username": "anna", "password": "wrong"}
    )
    assert "Wrong username or password" in answer.content.decode()
    german = Client(HTTP_ACCEPT_LANGUAGE="de").post(
        reverse("login"), {"username": "anna", "password": "wrong"}
    )
    assert "Falscher Benutzername oder falsches Passwort" in german.content.decode()


def test_a_used_commitment_names_its_draw_in_words() -> None:
    from django.utils import timezone, translation

    from tournaments.selectors.draws import CommitmentView

    def label(used_for: str, language: str) -> str:
        view = CommitmentView(
            commitment="ab", committed_at=timezone.now(), seed="s", used_for=used_for
        )
        with translation.override(language):
            return view.used_for_label

    assert label("group", "en") == "the group stage"
    assert label("knockout-2", "en") == "knockout round 2"
    assert label("group", "de") == "der Vorrunde"
    assert label("knockout-2", "de") == "der K.-o.-Runde 2"
