"""One rule, one place (issue 20): "awaiting confirmation" and the tournament's phase."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tests.tournaments.api.test_double_check import SHERIFF_WINS
from tournaments import selectors, services
from tournaments.models import Game, Result
from tournaments.selectors import Phase

pytestmark = pytest.mark.django_db


@pytest.fixture
def recorded(api):
    tournament = factories.drawn_tournament(10, ruleset="showdown", settings={"double_check": True})
    game = Game.objects.get(tournament=tournament, table__number=1, round=1)
    api.force_authenticate(factories.make_referee(username="first"))
    assert api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json").status_code == 200
    api.force_authenticate(None)
    return tournament, game


def _sign_all(api, game):
    for seat in game.table.seats.select_related("participant"):
        answer = api.post(
            f"/api/games/{game.pk}/player-confirmations/",
            {"position": seat.position, "pin": seat.participant.pin, "version": 1},
            format="json",
        )
        assert answer.status_code == 201, answer.json()


def _pages(client, tournament, game):
    client.force_login(factories.make_referee(username="second"))
    in_english(client)
    form = client.get(reverse("staff:result", args=[tournament.pk, game.pk])).content.decode()
    cards = client.get(reverse("staff:games", args=[tournament.pk]), {"show": "unconfirmed"})
    return form, cards.content.decode()


def test_an_unconfirmed_version_is_shown_as_awaiting(client, recorded):
    tournament, game = recorded
    form, cards = _pages(client, tournament, game)
    assert 'data-state="awaiting"' in form
    assert "Check and confirm" in cards


def test_a_version_every_player_signed_with_their_pin_is_not_awaiting(client, api, recorded):
    tournament, game = recorded
    _sign_all(api, game)
    result = Result.objects.prefetch_related("seats").get(game=game)
    assert result.counts(double_check=True)
    assert not result.awaits_confirmation(double_check=True)
    form, cards = _pages(client, tournament, game)
    assert 'data-state="awaiting"' not in form
    assert "This result is awaiting confirmation" not in form
    assert "Check and confirm" not in cards  # not on the list of results to confirm
    client.force_login(factories.make_organiser(username="boss"))
    board = client.get(reverse("staff:progress", args=[tournament.pk]))
    assert board.status_code == 200
    assert 'data-state="awaiting"' not in board.content.decode()


def test_the_phase_follows_the_tournament_through_its_day(referee):
    tournament = factories.make_tournament()
    assert selectors.tournament_phase(tournament) is Phase.REGISTRATION
    factories.add_participants(tournament, 10)
    services.group_stage_draw(tournament=tournament, seed="phase")
    assert selectors.tournament_phase(tournament) is Phase.DRAWN
    assert selectors.group_stage_drawn(tournament)
    game = Game.objects.filter(tournament=tournament).first()
    import random

    from scoring.simulate import random_result

    reports, winner = random_result(selectors.game_spec(game), random.Random(1))
    services.result_record(game=game, seats=reports, winner=winner, actor=referee)
    assert selectors.tournament_phase(tournament) is Phase.GROUP


def test_the_phase_costs_no_query_where_the_tournament_was_loaded_with_it(
    django_assert_num_queries,
):
    tournament = factories.drawn_tournament(10)
    loaded = selectors.with_phase(type(tournament).objects.filter(pk=tournament.pk)).get()
    with django_assert_num_queries(0):
        assert selectors.tournament_phase(loaded) is Phase.DRAWN
    with django_assert_num_queries(1):
        assert selectors.tournament_phase(tournament) is Phase.DRAWN


def test_every_page_names_the_same_phase(client, organiser):
    tournament = factories.drawn_tournament(10)
    client.force_login(organiser)
    in_english(client)
    public = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    staff = client.get(reverse("staff:tournament", args=[tournament.pk])).content.decode()
    assert 'class="stage stage-drawn"' in public
    assert "Now: Group stage · drawn" in staff
