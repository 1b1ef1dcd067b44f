"""Hostile and broken input gets a clear 4xx and changes nothing."""

from __future__ import annotations

import pytest

from tests import factories
from tournaments.models import Game, Participant, Result

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    return factories.drawn_tournament(10)


def _codes(response) -> list[str]:
    return [e["code"] for e in response.json()["errors"]]


def test_malformed_json_is_400(organiser_api, tournament):
    response = organiser_api.generic(
        "POST", "/api/tournaments/", "{not json", content_type="application/json"
    )
    assert response.status_code == 400 and _codes(response) == ["malformed_request"]


def test_a_huge_body_is_413_and_stores_nothing(organiser_api):
    tournament = factories.make_tournament()
    big = "[" + ",".join(['{"name": "x", "nationality": "DE"}'] * 100_000) + "]"
    response = organiser_api.generic(
        "POST",
        f"/api/tournaments/{tournament.pk}/participants/",
        big,
        content_type="application/json",
    )
    assert response.status_code == 413 and _codes(response) == ["request_too_large"]
    assert not Participant.objects.exists()


def test_wrong_media_type_is_415(organiser_api):
    response = organiser_api.generic(
        "POST", "/api/tournaments/", "name=x", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 415


@pytest.mark.parametrize(
    "item",
    [
        {"name": "x", "nationality": "DE", "birth_date": "yesterday"},
        {"name": 12, "nationality": "DE"},
        {"name": "x", "nationality": "DE", "age_approved": "yes"},
        {"name": "x", "nationality": "DE", "shoe_size": 44},
        {"name": "", "nationality": "DE"},
        {"name": "x" * 500, "nationality": "DE"},
        {"nationality": "DE"},
    ],
)
def test_bad_participant_items_are_refused_with_their_index(organiser_api, item):
    tournament = factories.make_tournament()
    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/participants/",
        [{"name": "Gut", "nationality": "DE"}, item],
        format="json",
    )
    assert response.status_code == 400
    assert {e.get("index") for e in response.json()["errors"]} == {1}
    assert not Participant.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        {"seats": "all of them"},
        {"seats": [{"position": "1", "role": "sheriff", "lives": 2}]},
        {"seats": [{"position": 1, "role": "king", "lives": 2}]},
        {"seats": [{"position": 1, "role": "sheriff", "lives": 2.5}]},
        {"seats": [{"position": 1, "role": "sheriff", "lives": True}]},
        {"seats": []},
        {"seats": [{"position": 1, "role": "sheriff", "lives": 2}], "signed": "yes"},
        {"seats": [{"position": 1, "role": "sheriff", "lives": -1}]},
        {"seats": [{"position": 99, "role": "sheriff", "lives": 1}]},
        [],
        "a string",
    ],
)
def test_bad_result_bodies_are_400_and_change_nothing(referee_api, tournament, body):
    game = Game.objects.filter(tournament=tournament).first()
    response = referee_api.put(f"/api/games/{game.pk}/result/", body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] and all(e["message"] for e in response.json()["errors"])
    assert not Result.objects.exists()


def test_html_in_names_is_stored_as_text_and_returned_as_text(organiser_api):
    tournament = factories.make_tournament()
    name = '<script>alert("x")</script>'
    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/participants/",
        [{"name": name, "nationality": "DE"}],
        format="json",
    )
    assert response.status_code == 201
    assert Participant.objects.get().name == name
    assert (
        organiser_api.get(f"/api/tournaments/{tournament.pk}/participants/").json()[0]["name"]
        == name
    )


def test_unknown_ids_are_404_in_the_error_shape(api):
    response = api.get("/api/tournaments/999999/standings/")
    assert response.status_code == 404 and _codes(response) == ["not_found"]
    assert api.get("/api/games/999999/").status_code == 404
