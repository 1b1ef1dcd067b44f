"""A result names the seating it was filled in against (api.md "The day's edges").

A seat swap after the draw moves the table to its next seating; a result sent
against the seating before is refused (``409 seating_changed``) with the seats
as the client had them and as they are now, by name, and nothing is stored.
"""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from tests import factories
from tests.tournaments.api.test_double_check import SHERIFF_WINS
from tournaments import services
from tournaments.models import AuditEntry, EarlierSeating, Game, Result, Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    return factories.drawn_tournament(10, ruleset="showdown")


def _seat(tournament, table: int, position: int) -> Seat:
    return Seat.objects.select_related("participant").get(
        table__tournament=tournament, table__number=table, position=position
    )


def _game(tournament, table: int = 1) -> Game:
    return Game.objects.get(tournament=tournament, table__number=table, round=1)


def _swap(tournament, a: Seat, b: Seat) -> None:
    services.seat_swap(tournament=tournament, a=a.participant_id, b=b.participant_id)


def _referee(tournament) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_authenticate(factories.make_referee(tournament=tournament))
    return client


def test_a_game_carries_its_seating_and_a_swap_moves_it_on(tournament):
    api = _referee(tournament)
    game = _game(tournament)
    assert api.get(f"/api/games/{game.pk}/").json()["seating"] == 0
    _swap(tournament, _seat(tournament, 1, 2), _seat(tournament, 1, 3))
    assert api.get(f"/api/games/{game.pk}/").json()["seating"] == 1
    # The other table's seats did not change.
    assert api.get(f"/api/games/{_game(tournament, 2).pk}/").json()["seating"] == 0


def test_a_result_against_the_seating_before_a_swap_is_409_and_stores_nothing(tournament):
    api = _referee(tournament)
    game = _game(tournament)
    seating = api.get(f"/api/games/{game.pk}/").json()["seating"]
    anna, bert = _seat(tournament, 1, 2), _seat(tournament, 1, 3)
    _swap(tournament, anna, bert)  # meanwhile, the organiser swaps seats 2 and 3

    answer = api.put(
        f"/api/games/{game.pk}/result/", {**SHERIFF_WINS, "seating": seating}, format="json"
    )

    assert answer.status_code == 409
    [error] = answer.json()["errors"]
    assert (error["code"], error["field"]) == ("seating_changed", "seating")
    a, b = anna.participant.name, bert.participant.name
    assert f"You had: seat 2 {a}, seat 3 {b}." in error["message"]
    assert f"Now: seat 2 {b}, seat 3 {a}." in error["message"]
    assert not Result.objects.filter(game=game).exists()
    game.refresh_from_db()
    assert (game.version, game.status) == (0, Game.Status.OPEN)
    assert not AuditEntry.objects.filter(action="result_recorded").exists()

    again = api.put(f"/api/games/{game.pk}/result/", {**SHERIFF_WINS, "seating": 1}, format="json")
    assert again.status_code == 200, again.json()


def test_a_result_without_seating_is_applied_to_the_seats_as_they_are(tournament):
    api = _referee(tournament)
    game = _game(tournament)
    anna, bert = _seat(tournament, 1, 1), _seat(tournament, 1, 5)
    _swap(tournament, anna, bert)
    answer = api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json")
    assert answer.status_code == 200, answer.json()
    sheriff = Result.objects.get(game=game).seats.get(position=1)
    assert sheriff.participant_id == bert.participant_id


def test_a_swap_between_tables_names_only_the_changed_seat(tournament):
    api = _referee(tournament)
    here, there = _seat(tournament, 1, 4), _seat(tournament, 2, 1)
    _swap(tournament, here, there)
    assert Table.objects.get(tournament=tournament, number=2).seating == 1
    answer = api.put(
        f"/api/games/{_game(tournament).pk}/result/", {**SHERIFF_WINS, "seating": 0}, format="json"
    )
    message = answer.json()["errors"][0]["message"]
    assert f"You had: seat 4 {here.participant.name}. " in message
    assert f"Now: seat 4 {there.participant.name}. " in message


def test_the_seatings_survive_a_backup(tournament):
    anna, bert = _seat(tournament, 1, 2), _seat(tournament, 1, 3)
    _swap(tournament, anna, bert)
    table = Table.objects.get(tournament=tournament, number=1)
    backup = json.loads(json.dumps(services.export_tournament(tournament)))
    restored = services.import_tournament(backup, copy=True)

    copy = Table.objects.get(tournament=restored, number=1, stage="group")
    assert (copy.seating, copy.seated_at) == (1, table.seated_at)
    earlier = EarlierSeating.objects.get(table=copy)
    names = [restored.participants.get(pk=pk).name for pk in earlier.participants]
    assert names[1:3] == [anna.participant.name, bert.participant.name]
    # A result against the seating before the swap is refused in the copy too.
    game = Game.objects.get(table=copy, round=1)
    answer = _referee(restored).put(
        f"/api/games/{game.pk}/result/", {**SHERIFF_WINS, "seating": 0}, format="json"
    )
    assert answer.json()["errors"][0]["code"] == "seating_changed"
