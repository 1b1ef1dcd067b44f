"""A finished tournament looks finished: no check-in buttons, no PIN fields or referee
calls, and the footer says the results are final instead of "may still change"."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tournaments.models import Game, Stage
from tournaments.selectors import Phase, tournament_phase

pytestmark = pytest.mark.django_db

FINAL = "this tournament is finished: its results are final"
MAY_CHANGE = "may still change"


def _pages(tournament) -> dict[str, str]:
    game = Game.objects.filter(tournament=tournament, stage=Stage.GROUP).order_by("pk").first()
    player = tournament.participants.order_by("pk").first()
    t = tournament.pk
    return {
        "leaderboard": reverse("leaderboard", args=[t]),
        "ranking": reverse("ranking", args=[t]),
        "player": reverse("player", args=[t, player.pk]),
        "confirm": reverse("game_confirmation", args=[t, game.pk]),
    }


def test_the_public_pages_of_a_finished_tournament_look_finished(client, finished):
    tournament, _knockout = finished
    assert tournament_phase(tournament) is Phase.FINISHED
    organiser = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    organiser.force_login(factories.make_organiser(tournament=tournament))
    for visitor in (client, organiser):  # the cached page and the page drawn around it
        for name, url in _pages(tournament).items():
            html = visitor.get(url).content.decode()
            assert FINAL in html and MAY_CHANGE not in html, name
            assert 'data-testid="call-referee"' not in html, name
            assert 'class="pin-form"' not in html, name
    confirm = client.get(_pages(tournament)["confirm"]).content.decode()
    assert "this result is final and needs no more confirmations" in confirm
    assert "confirm it with your PIN" not in confirm and "confirm it again" not in confirm


def test_the_staff_pages_of_a_finished_tournament_offer_no_check_in(finished):
    tournament, _knockout = finished
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(factories.make_organiser(tournament=tournament))
    participant = tournament.participants.order_by("pk").first()
    for url in (
        reverse("staff:participants", args=[tournament.pk]),
        reverse("staff:participant", args=[tournament.pk, participant.pk]),
        reverse("staff:tournament", args=[tournament.pk]),
    ):
        html = client.get(url).content.decode()
        assert 'class="check-in-form"' not in html and 'data-testid="check-in"' not in html, url
        assert FINAL in html and MAY_CHANGE not in html, url


def test_a_tournament_under_way_still_offers_them(client):
    tournament = factories.drawn_tournament(10)
    pages = _pages(tournament)
    player = client.get(pages["player"]).content.decode()
    assert MAY_CHANGE in player and FINAL not in player
    assert 'data-testid="call-referee"' in player
    staff = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    staff.force_login(factories.make_organiser(tournament=tournament))
    html = staff.get(reverse("staff:participants", args=[tournament.pk])).content.decode()
    assert 'class="check-in-form"' in html and MAY_CHANGE in html
