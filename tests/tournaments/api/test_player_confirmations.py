"""Players confirm a result with their PIN (rules.md §11, api.md)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache

from tests import factories
from tests.tournaments.api.test_double_check import SHERIFF_WINS
from tournaments.models import Game, Participant, Result
from tournaments.models.people import PIN_ALPHABET

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def recorded(api):
    tournament = factories.drawn_tournament(10, ruleset="showdown", settings={"double_check": True})
    game = Game.objects.get(tournament=tournament, table__number=1, round=1)
    api.force_authenticate(factories.make_referee())
    assert api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json").status_code == 200
    api.force_authenticate(None)
    pins = {
        seat.position: seat.participant.pin
        for seat in game.table.seats.select_related("participant")
    }
    return tournament, game, pins


def _confirm(api, game, position, pin, version=1, address="10.0.0.1"):
    return api.post(
        f"/api/games/{game.pk}/player-confirmations/",
        {"position": position, "pin": pin, "version": version},
        format="json",
        REMOTE_ADDR=address,
    )


def _wrong(pin: str) -> str:
    return ("A" if pin[0] != "A" else "C") + pin[1:]


def test_every_participant_has_a_six_character_pin_without_lookalikes():
    tournament = factories.make_tournament()
    factories.add_participants(tournament, 30)
    pins = list(Participant.objects.values_list("pin", flat=True))
    assert all(re.fullmatch(f"[{PIN_ALPHABET}]{{6}}", pin) for pin in pins)
    assert len(set(pins)) > 25
    assert not set("01OIB8").intersection("".join(pins))


def test_only_staff_see_the_pins(api, referee):
    tournament = factories.drawn_tournament(10)
    url = f"/api/tournaments/{tournament.pk}/participants/"
    assert "pin" not in api.get(url).json()[0]
    api.force_authenticate(referee)
    assert len(api.get(url).json()[0]["pin"]) == 6


def test_all_players_confirm_and_then_the_result_counts(api, recorded):
    tournament, game, pins = recorded
    standings = f"/api/tournaments/{tournament.pk}/standings/"
    for position in [1, 2, 3, 4]:
        answer = _confirm(api, game, position, pins[position])
        assert answer.status_code == 201, answer.json()
        assert answer.json()["counts"] is False
        assert api.get(standings).json()["games_recorded"] == 0
    last = _confirm(api, game, 5, pins[5])
    assert last.status_code == 201
    assert last.json()["player_confirmations"] == [1, 2, 3, 4, 5]
    assert last.json()["counts"] is True
    assert api.get(standings).json()["games_recorded"] == 1
    shown = api.get(f"/api/games/{game.pk}/").json()["result"]
    assert shown["player_confirmations"] == [1, 2, 3, 4, 5] and shown["counts"] is True


def test_a_wrong_pin_is_refused_and_nothing_is_stored(api, recorded):
    _tournament, game, pins = recorded
    answer = _confirm(api, game, 1, pins[2] if pins[2] != pins[1] else _wrong(pins[1]))
    assert answer.status_code == 403
    assert answer.json()["errors"][0]["code"] == "wrong_pin"
    assert Result.objects.get(game=game).player_confirmations() == []
    # (case does not matter: test_pin_staff_devices.py::test_a_pin_typed_in_lower_case_...)


def test_a_correction_needs_its_own_confirmations(api, recorded, referee):
    _tournament, game, pins = recorded
    assert _confirm(api, game, 1, pins[1]).status_code == 201
    api.force_authenticate(referee)
    corrected = {**SHERIFF_WINS, "version": 1, "reason": "Tippfehler"}
    assert api.put(f"/api/games/{game.pk}/result/", corrected, format="json").status_code == 200
    api.force_authenticate(None)
    stale = _confirm(api, game, 2, pins[2], version=1)
    assert stale.status_code == 409
    assert stale.json()["errors"][0]["code"] == "version_conflict"
    fresh = _confirm(api, game, 2, pins[2], version=2)
    assert fresh.status_code == 201 and fresh.json()["player_confirmations"] == [2]


def test_a_few_typos_never_block_the_right_pin(api, recorded):
    _tournament, game, pins = recorded
    for _ in range(5):
        assert _confirm(api, game, 1, _wrong(pins[1])).status_code == 403
    assert _confirm(api, game, 1, pins[1]).status_code == 201


def test_wrong_pins_from_one_address_are_throttled(api, recorded):
    _tournament, game, pins = recorded
    codes = [_confirm(api, game, 1, _wrong(pins[1])).status_code for _ in range(20)]
    assert codes[:5] == [403] * 5
    assert codes[-1] == 429
    assert _confirm(api, game, 1, pins[1]).status_code == 429


def test_wrong_pins_for_one_game_from_many_addresses_are_throttled(api, recorded):
    """api.md: the 20th wrong PIN for a game locks it for every PIN, the right ones too."""
    _tournament, game, pins = recorded
    codes = [
        _confirm(api, game, 1, _wrong(pins[1]), address=f"10.0.1.{n}").status_code
        for n in range(20)
    ]
    assert codes[:19] == [403] * 19 and codes[-1] == 429
    assert _confirm(api, game, 2, pins[2], address="10.0.2.1").status_code == 429
