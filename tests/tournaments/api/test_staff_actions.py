"""Staff actions through the API: withdrawing a participant, a tournament's characters."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests import factories
from tournaments import services
from tournaments.models import Character, Participant

pytestmark = pytest.mark.django_db


def codes(response) -> list[str]:
    return [e["code"] for e in response.json()["errors"]]


def test_an_organiser_withdraws_a_participant(organiser_api):
    tournament = factories.drawn_tournament(10)
    player = tournament.participants.first()
    url = f"/api/tournaments/{tournament.pk}/participants/{player.pk}/withdraw/"
    response = organiser_api.post(url, {"reason": "krank"}, format="json")
    assert response.status_code == 200
    assert response.json()["id"] == player.pk
    assert response.json()["status"] == "withdrawn"
    player.refresh_from_db()
    assert player.status == Participant.Status.WITHDRAWN
    # withdrawing twice is a conflict, not a second entry
    assert organiser_api.post(url, {}, format="json").status_code == 409


def test_an_excluded_participant_cannot_withdraw(organiser_api, referee):
    tournament = factories.drawn_tournament(10)
    player = tournament.participants.first()
    services.penalty_give(participant=player, kind="exclusion", reason="Betrug", actor=referee)
    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/participants/{player.pk}/withdraw/",
        {"reason": "alte Seite"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 409
    assert codes(response) == ["already_excluded"]
    player.refresh_from_db()
    assert player.status == Participant.Status.EXCLUDED


def as_user(user) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_authenticate(user)
    return client


def test_withdrawing_needs_an_organiser_and_a_participant_of_the_tournament(referee, organiser_api):
    tournament = factories.drawn_tournament(10)
    other = factories.drawn_tournament(10)
    player = tournament.participants.first()
    url = f"/api/tournaments/{tournament.pk}/participants/{player.pk}/withdraw/"
    assert as_user(referee).post(url, {}, format="json").status_code == 403
    assert APIClient().post(url, {}, format="json").status_code == 401
    stranger = other.participants.first()
    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/participants/{stranger.pk}/withdraw/", {}, format="json"
    )
    assert response.status_code == 404
    assert organiser_api.post(url, {"reason": 5}, format="json").status_code == 400
    player.refresh_from_db()
    assert player.status == Participant.Status.ACTIVE


def test_anyone_reads_the_characters_an_organiser_adds_one_before_the_draw(api, organiser_api):
    tournament = factories.make_tournament()
    url = f"/api/tournaments/{tournament.pk}/characters/"
    listed = api.get(url).json()
    assert {"name": "Bart Cassidy", "life_points": 4} in listed
    assert {"name": "El Gringo", "life_points": 3} in listed
    assert len(listed) == 16
    response = organiser_api.post(url, {"name": "Apache Kid", "life_points": 3}, format="json")
    assert response.status_code == 201
    assert response.json() == {"name": "Apache Kid", "life_points": 3}
    assert {"name": "Apache Kid", "life_points": 3} in api.get(url).json()
    # another tournament does not see it
    other = factories.make_tournament()
    assert len(api.get(f"/api/tournaments/{other.pk}/characters/").json()) == 16


@pytest.mark.parametrize("name", ["Apache Kid", "apache kid", "Bart Cassidy"])
def test_a_character_already_there_is_refused(organiser_api, name):
    tournament = factories.make_tournament()
    services.character_add(tournament=tournament, name="Apache Kid", life_points=3)
    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/characters/",
        {"name": name, "life_points": 4},
        format="json",
    )
    assert response.status_code == 400
    assert codes(response) == ["duplicate_character"]
    assert Character.objects.filter(tournament=tournament).count() == 1


def test_characters_are_fixed_once_the_draw_is_made(organiser_api):
    tournament = factories.drawn_tournament(10)
    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/characters/",
        {"name": "Apache Kid", "life_points": 3},
        format="json",
    )
    assert response.status_code == 409
    assert codes(response) == ["draw_locked"]
    assert not Character.objects.filter(tournament=tournament).exists()


def test_adding_a_character_needs_an_organiser_and_valid_input(referee, organiser_api):
    tournament = factories.make_tournament()
    url = f"/api/tournaments/{tournament.pk}/characters/"
    refused = as_user(referee).post(url, {"name": "X", "life_points": 3}, format="json")
    assert refused.status_code == 403
    for bad in ({"name": "X"}, {"name": "X", "life_points": 0}, {"name": "X", "life_points": "4"}):
        assert organiser_api.post(url, bad, format="json").status_code == 400
    assert (
        organiser_api.post(url, {"name": "X", "life_points": 3, "y": 1}, format="json").status_code
        == 400
    )
    assert not Character.objects.filter(tournament=tournament).exists()
