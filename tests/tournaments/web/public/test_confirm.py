"""The game's confirmation page: players see the recorded result and sign it with their PIN."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tests.tournaments.api.test_double_check import SHERIFF_WINS
from tournaments.models import Game, Result

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def test_players_confirm_on_the_page_until_the_result_counts(api):
    tournament = factories.drawn_tournament(10, ruleset="showdown", settings={"double_check": True})
    game = Game.objects.get(tournament=tournament, table__number=1, round=1)
    api.force_authenticate(factories.make_referee())
    api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json")
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    url = reverse("game_confirmation", args=[tournament.pk, game.pk])
    page = client.get(url).content.decode()
    assert "does not count yet" in page
    assert page.count('class="pin-form"') == 5

    wrong = client.post(url, {"position": 1, "pin": "AAAAAA", "version": 1})
    assert wrong.status_code == 403 and "This PIN is not right." in wrong.content.decode()
    for seat in game.table.seats.select_related("participant"):
        done = client.post(
            url, {"position": seat.position, "pin": seat.participant.pin, "version": 1}
        )
        assert done.status_code == 302
    page = client.get(url).content.decode()
    assert "This result counts." in page and 'class="pin-form"' not in page
    assert Result.objects.counting(tournament).filter(game=game).exists()


def test_the_progress_board_shows_each_tables_signatures(api):
    tournament = factories.drawn_tournament(10, ruleset="showdown", settings={"double_check": True})
    game = Game.objects.get(tournament=tournament, table__number=1, round=1)
    api.force_authenticate(factories.make_referee())
    api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json")
    seat = game.table.seats.select_related("participant").get(position=1)
    api.force_authenticate(None)
    api.post(
        f"/api/games/{game.pk}/player-confirmations/",
        {"position": 1, "pin": seat.participant.pin, "version": 1},
        format="json",
    )
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(factories.make_organiser())
    page = client.get(reverse("staff:progress", args=[tournament.pk])).content.decode()
    assert "✍ 1/5" in page


def test_after_a_correction_the_player_is_told_to_confirm_the_new_version(api):
    tournament = factories.drawn_tournament(10, ruleset="showdown", settings={"double_check": True})
    game = Game.objects.get(tournament=tournament, table__number=1, round=1)
    api.force_authenticate(factories.make_referee())
    api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json")
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    url = reverse("game_confirmation", args=[tournament.pk, game.pk])
    seat = game.table.seats.select_related("participant").get(position=1)
    assert "has corrected" not in client.get(url).content.decode()
    confirmed = client.post(url, {"position": 1, "pin": seat.participant.pin, "version": 1})
    assert confirmed.status_code == 302

    corrected = api.put(
        f"/api/games/{game.pk}/result/",
        {**SHERIFF_WINS, "version": 1, "reason": "lives miscounted"},
        format="json",
    )
    assert corrected.status_code == 200, corrected.content
    # The page shows the new version with the notice, and seat 1 unconfirmed again.
    page = client.get(url).content.decode()
    assert "A referee has corrected this result (version 2)" in page
    assert "confirm it again with your PIN" in page
    assert page.count('class="pin-form"') == 5
    # A confirmation sent from the page as it was before the correction.
    stale = client.post(url, {"position": 2, "pin": "AAAAAA", "version": 1})
    answer = stale.content.decode()
    assert stale.status_code == 409
    assert "Check the new version below and confirm it again with your PIN." in answer
    assert 'name="version" value="2"' in answer


def test_one_life_is_singular(api):
    tournament = factories.drawn_tournament(10, ruleset="showdown", settings={"double_check": True})
    game = Game.objects.get(tournament=tournament, table__number=1, round=1)
    api.force_authenticate(factories.make_referee())
    api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json")
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    page = client.get(reverse("game_confirmation", args=[tournament.pk, game.pk])).content.decode()
    # The deputy kept one life (SHERIFF_WINS), the Sheriff three.
    assert "1 life" in page and "1 lives" not in page and "3 lives" in page
