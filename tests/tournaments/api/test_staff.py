"""A tournament's staff and new accounts through the API (``tournaments/api/staff.py``)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests import factories
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db

PASSWORD = "secret-password-42"


def client_with_token(username: str) -> APIClient:
    """A client that signs in as a program does: with a token from ``/api/auth/token/``."""
    client = APIClient()
    token = client.post(
        "/api/auth/token/", {"username": username, "password": PASSWORD}, format="json"
    ).json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


@pytest.fixture
def chef() -> User:
    return factories.make_organiser(username="chef", tournament="nowhere")


def test_the_creator_organises_and_appoints_a_referee_for_this_tournament_only(chef):
    api = client_with_token("chef")
    tournament = api.post(
        "/api/tournaments/",
        {"name": "Pokal", "date": "2027-03-13", "ruleset": "bang"},
        format="json",
    ).json()
    other = factories.make_tournament()
    factories.make_user(username="anna")
    staff_url = f"/api/tournaments/{tournament['id']}/staff/"
    assert api.get(staff_url).json() == [{"user": "chef", "role": "organiser"}]

    response = api.post(staff_url, {"user": "anna", "role": "referee"}, format="json")
    assert response.status_code == 201
    assert response.json() == {"user": "anna", "role": "referee"}
    assert api.get(staff_url).json() == [
        {"user": "chef", "role": "organiser"},
        {"user": "anna", "role": "referee"},
    ]
    assert AuditEntry.objects.filter(
        tournament_id=tournament["id"], action="staff_appointed", actor__username="chef"
    ).exists()
    # The creator has no right on a tournament someone else created.
    assert api.get(f"/api/tournaments/{other.pk}/staff/").status_code == 403


def test_an_unknown_user_and_an_unknown_role_are_refused(chef):
    tournament = factories.make_tournament(actor=chef)
    api = client_with_token("chef")
    url = f"/api/tournaments/{tournament.pk}/staff/"
    response = api.post(url, {"user": "nobody", "role": "referee"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "unknown_user"
    factories.make_user(username="anna")
    response = api.post(url, {"user": "anna", "role": "sheriff"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "role"
    assert tournament.staff.count() == 1


def test_a_tournament_keeps_its_last_organiser(chef):
    tournament = factories.make_tournament(actor=chef)
    api = client_with_token("chef")
    response = api.delete(f"/api/tournaments/{tournament.pk}/staff/chef/")
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "last_organiser"
    # Nor may the last organiser be turned into a referee.
    response = api.post(
        f"/api/tournaments/{tournament.pk}/staff/",
        {"user": "chef", "role": "referee"},
        format="json",
    )
    assert response.status_code == 409
    assert tournament.staff.get().role == "organiser"
    assert api.delete(f"/api/tournaments/{tournament.pk}/staff/nobody/").status_code == 404


def test_leaving_the_staff_takes_the_rights_at_once_whatever_token_or_session(chef):
    tournament = factories.drawn_tournament(10, actor=chef)
    referee = factories.make_referee(username="anna", tournament=tournament)
    with_token = client_with_token("anna")
    with_session = APIClient()
    with_session.force_login(referee)
    history = f"/api/games/{tournament.games.first().pk}/history/"
    penalties = f"/api/tournaments/{tournament.pk}/penalties/"
    assert with_token.get(history).status_code == 200
    assert with_session.get(history).status_code == 200

    response = client_with_token("chef").delete(f"/api/tournaments/{tournament.pk}/staff/anna/")
    assert response.status_code == 204
    assert with_token.get(history).status_code == 403
    assert with_session.get(history).status_code == 403
    participant = tournament.participants.first().pk
    penalty = {"participant": participant, "kind": "warning", "reason": "x"}
    assert with_token.post(penalties, penalty, format="json").status_code == 403
    assert not tournament.penalties.exists()
    assert AuditEntry.objects.filter(tournament=tournament, action="staff_dismissed").count() == 1


def test_staff_see_private_fields_everyone_else_does_not(chef):
    tournament = factories.make_tournament(actor=chef)
    organiser_api = client_with_token("chef")
    url = f"/api/tournaments/{tournament.pk}/participants/"
    organiser_api.post(
        url,
        [{"name": "Kind", "nationality": "DE", "birth_date": "2020-01-02", "age_approved": True}],
        format="json",
    )
    public = {"id", "name", "nationality", "status", "player", "federation_player"}
    assert set(APIClient().get(url).json()[0]) == public
    stranger = APIClient()
    stranger.force_authenticate(factories.make_referee(tournament=factories.make_tournament()))
    assert set(stranger.get(url).json()[0]) == public
    referee = APIClient()
    referee.force_authenticate(factories.make_referee(tournament=tournament))
    row = referee.get(url).json()[0]
    assert row["birth_date"] == "2020-01-02" and row["age_approved"] is True
    admin = APIClient()
    admin.force_authenticate(factories.make_user(is_superuser=True))
    assert "birth_date" in admin.get(url).json()[0]


def test_organisers_create_accounts_without_rights(chef):
    api = client_with_token("chef")
    response = api.post(
        "/api/users/", {"username": "neu", "password": "Sehr-geheim-2027"}, format="json"
    )
    assert response.status_code == 201
    assert response.json() == {"username": "neu"}
    user = User.objects.get(username="neu")
    assert user.check_password("Sehr-geheim-2027") and not user.groups.exists()
    assert not user.tournament_roles.exists()

    taken = api.post(
        "/api/users/", {"username": "NEU", "password": "Sehr-geheim-2027"}, format="json"
    )
    assert taken.status_code == 400
    assert taken.json()["errors"][0]["code"] == "username_taken"
    weak = api.post("/api/users/", {"username": "zwei", "password": "1234"}, format="json")
    assert weak.status_code == 400
    assert {e["code"] for e in weak.json()["errors"]} == {"weak_password"}
    assert not User.objects.filter(username="zwei").exists()


def test_a_password_change_revokes_the_token(chef):
    api = client_with_token("chef")
    assert api.get("/api/tournaments/").status_code == 200
    tournament = factories.make_tournament(actor=chef)
    assert api.get(f"/api/tournaments/{tournament.pk}/audit/").status_code == 200
    chef.set_password("Ein-ganz-neues-2027")
    chef.save()
    assert not Token.objects.filter(user=chef).exists()
    assert api.get(f"/api/tournaments/{tournament.pk}/audit/").status_code == 401


def test_saving_a_user_without_a_new_password_keeps_the_token(chef):
    api = client_with_token("chef")
    chef.first_name = "Anna"
    chef.save()
    assert Token.objects.filter(user=chef).exists()
    assert api.get("/api/tournaments/").status_code == 200
