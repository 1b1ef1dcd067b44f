"""PINs: any case, and a referee's phone is never shut out by strangers' wrong PINs.

api.md "The day's edges": PINs are compared regardless of case; a PIN typed
on a logged-in staff member's device is counted against that staff member, not
together with the anonymous wrong PINs. The review's attack: 420 anonymous wrong
PINs in 1.9 s locked all 21 games of a round for 10 minutes, confirmations and
calls alike.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests import factories
from tests.tournaments.api.test_double_check import SHERIFF_WINS
from tournaments import services
from tournaments.models import Game, PinMistake, RefereeCall, Result
from tournaments.services.pins import LIMIT

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    tournament = factories.make_tournament(ruleset="showdown")
    factories.add_participants(tournament, 15)
    services.group_stage_draw(tournament=tournament, seed="test", five_tables=3)
    return tournament


@pytest.fixture
def games(tournament):
    """The first round's three games, each with a result waiting for the players' PINs."""
    games = list(Game.objects.filter(tournament=tournament, round=1).order_by("table__number"))
    entering = APIClient()
    entering.force_authenticate(factories.make_referee(tournament=tournament))
    for game in games:
        answer = entering.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json")
        assert answer.status_code == 200
    return games


@pytest.fixture
def referee_phone(tournament) -> APIClient:
    phone = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    phone.force_authenticate(factories.make_referee(tournament=tournament, username="schiri-tisch"))
    return phone


def _pin(game: Game, position: int) -> str:
    return game.table.seats.select_related("participant").get(position=position).participant.pin


def _wrong(pin: str) -> str:
    return ("A" if pin[0] != "A" else "C") + pin[1:]


def _confirm(client: APIClient, game: Game, position: int, pin: str):
    return client.post(
        f"/api/games/{game.pk}/player-confirmations/",
        {"position": position, "pin": pin, "version": 1},
        format="json",
        REMOTE_ADDR="10.0.0.66",
    )


def _call(client: APIClient, game: Game, position: int, pin: str):
    return client.post(
        f"/api/games/{game.pk}/calls/",
        {"position": position, "pin": pin},
        format="json",
        REMOTE_ADDR="10.0.0.66",
    )


def _lock_anonymously(games: list[Game]) -> None:
    """A stranger's wrong PINs until every game refuses anonymous PINs."""
    stranger = APIClient()
    for game in games:
        codes = [
            _confirm(stranger, game, 1, _wrong(_pin(game, 1))).status_code for _ in range(LIMIT)
        ]
        assert codes[-1] == 429
        assert _confirm(stranger, game, 2, _pin(game, 2)).status_code == 429  # locked


# ------------------------------------------------------------------ case


def test_a_pin_typed_in_lower_case_confirms_and_calls(api, games):
    game = games[0]
    assert _confirm(api, game, 1, _pin(game, 1).lower()).status_code == 201
    assert _confirm(api, game, 2, f"  {_pin(game, 2).lower()} ").status_code == 201
    assert Result.objects.get(game=game).player_confirmations() == [1, 2]
    assert _call(api, game, 3, _pin(game, 3).lower()).status_code == 201
    assert not PinMistake.objects.exists()


def test_the_confirmation_page_takes_a_lower_case_pin(client, games):
    game = games[0]
    answer = client.post(
        f"/t/{game.tournament_id}/games/{game.pk}/confirm/",
        {"position": 1, "pin": _pin(game, 1).lower(), "version": 1},
    )
    assert answer.status_code == 302
    assert Result.objects.get(game=game).player_confirmations() == [1]


# ------------------------------------------------------------------ staff devices


def test_strangers_lock_anonymous_pins_but_not_a_referees_phone(games, referee_phone):
    _lock_anonymously(games)
    for game in games:
        assert _confirm(referee_phone, game, 2, _pin(game, 2)).status_code == 201
        assert _call(referee_phone, game, 3, _pin(game, 3)).status_code == 201
        assert Result.objects.get(game=game).player_confirmations() == [2]
    assert RefereeCall.objects.count() == len(games)


def test_the_confirmation_page_on_a_logged_in_referees_phone_is_not_locked(client, games):
    _lock_anonymously(games)
    game = games[0]
    url = f"/t/{game.tournament_id}/games/{game.pk}/confirm/"
    body = {"position": 2, "pin": _pin(game, 2), "version": 1}
    assert client.post(url, body).status_code == 429  # anonymous: locked
    client.force_login(factories.make_referee(tournament=game.tournament))
    assert client.post(url, body).status_code == 302
    assert Result.objects.get(game=game).player_confirmations() == [2]


def test_a_staff_members_own_wrong_pins_count_against_them_alone(api, games, referee_phone):
    game = games[0]
    codes = [
        _confirm(referee_phone, game, 1, _wrong(_pin(game, 1))).status_code for _ in range(LIMIT)
    ]
    assert codes[:-1] == [403] * (LIMIT - 1)
    assert codes[-1] == 429
    assert _confirm(referee_phone, game, 2, _pin(game, 2)).status_code == 429
    assert _call(referee_phone, game, 3, _pin(game, 3)).status_code == 429
    # nobody else is locked: the players' own phones and another referee's phone
    assert _confirm(api, game, 2, _pin(game, 2)).status_code == 201
    other = APIClient()
    other.force_authenticate(factories.make_referee(tournament=game.tournament))
    assert _confirm(other, game, 3, _pin(game, 3)).status_code == 201
    assert PinMistake.objects.filter(game=game, staff__username="schiri-tisch").count() == LIMIT
    assert not PinMistake.objects.filter(game=game, staff__isnull=True).exists()


def test_someone_logged_in_who_is_not_staff_of_this_tournament_counts_as_anonymous(games):
    _lock_anonymously(games)
    game = games[0]
    outsider = APIClient()
    outsider.force_authenticate(factories.make_referee(tournament="nowhere"))
    assert _confirm(outsider, game, 2, _pin(game, 2)).status_code == 429
    elsewhere = APIClient()
    elsewhere.force_authenticate(factories.make_referee(tournament=factories.make_tournament()))
    assert _call(elsewhere, game, 3, _pin(game, 3)).status_code == 429
