"""The foundation through the API: tournaments, participants, the draw, games."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from scoring.results import SeatReport
from scoring.rulesets import Role
from tests import factories
from tournaments import selectors, services
from tournaments.models import Game, Participant, Tournament

pytestmark = pytest.mark.django_db


def _create_tournament(client, **extra) -> dict:
    body = {"name": "Deutsche Meisterschaft", "date": "2027-03-13", "ruleset": "bang", **extra}
    response = client.post("/api/tournaments/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def _register(client, tournament_id: int, count: int) -> list[dict]:
    items = [{"name": f"Spieler {i}", "nationality": "DE"} for i in range(1, count + 1)]
    response = client.post(f"/api/tournaments/{tournament_id}/participants/", items, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_token_login_gives_a_token_and_wrong_credentials_get_400(api, organiser):
    response = api.post(
        "/api/auth/token/", {"username": "orga", "password": "secret-password-42"}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert _create_tournament(api)["name"] == "Deutsche Meisterschaft"

    wrong = api.post("/api/auth/token/", {"username": "orga", "password": "nope"}, format="json")
    assert wrong.status_code == 400
    assert wrong.json()["errors"][0]["code"] == "invalid_credentials"


def test_tournament_settings_have_defaults_and_unknown_keys_are_refused(organiser_api):
    created = _create_tournament(organiser_api, settings={"max_participants": 40})
    assert created["settings"]["max_participants"] == 40
    assert created["settings"]["bounty_sheriff_6"] == 3000
    assert created["settings"]["five_table_bonus"] == 1400
    assert created["settings"]["knockout_field_size"] is None

    response = organiser_api.post(
        "/api/tournaments/",
        {"name": "X", "date": "2027-03-13", "ruleset": "bang", "settings": {"max_particpants": 3}},
        format="json",
    )
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["code"] == "unknown_setting"
    assert error["field"] == "max_particpants"
    assert Tournament.objects.count() == 1


def test_setting_with_wrong_type_is_refused(organiser_api):
    response = organiser_api.post(
        "/api/tournaments/",
        {"name": "X", "date": "2027-03-13", "ruleset": "bang", "settings": {"tougher_sheriff": 1}},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "invalid_setting"


def test_reading_is_public_and_writing_needs_an_organiser(api, referee):
    factories.make_tournament(name="Offen")
    assert [t["name"] for t in api.get("/api/tournaments/").json()] == ["Offen"]

    anonymous = api.post("/api/tournaments/", {"name": "X"}, format="json")
    assert anonymous.status_code == 401
    assert anonymous.json()["errors"][0]["code"] == "not_authenticated"

    api.force_authenticate(referee)
    forbidden = api.post(
        "/api/tournaments/", {"name": "X", "date": "2027-03-13", "ruleset": "bang"}, format="json"
    )
    assert forbidden.status_code == 403
    assert Tournament.objects.count() == 1


def test_participants_list_in_list_out_in_order(organiser_api):
    tournament = _create_tournament(organiser_api)
    created = organiser_api.post(
        f"/api/tournaments/{tournament['id']}/participants/",
        [
            {"name": "Lena Vogel", "nationality": "DE", "birth_date": "2001-04-02"},
            {"name": "Matteo Rossi", "nationality": "it"},
        ],
        format="json",
    ).json()
    assert [p["name"] for p in created] == ["Lena Vogel", "Matteo Rossi"]
    assert [p["nationality"] for p in created] == ["DE", "IT"]
    listed = organiser_api.get(f"/api/tournaments/{tournament['id']}/participants/").json()
    assert [p["id"] for p in listed] == [p["id"] for p in created]


def test_one_bad_participant_rejects_the_whole_list(organiser_api):
    tournament = _create_tournament(organiser_api)
    response = organiser_api.post(
        f"/api/tournaments/{tournament['id']}/participants/",
        [
            {"name": "Gut", "nationality": "DE"},
            {"name": "Kind", "nationality": "DE", "birth_date": "2020-01-01"},
            {"name": "Nirgends", "nationality": "XX"},
        ],
        format="json",
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {(e["code"], e["index"]) for e in errors} == {
        ("too_young", 1),
        ("unknown_nationality", 2),
    }
    assert (
        "Kind is 7 on the tournament day" in next(e for e in errors if e["index"] == 1)["message"]
    )
    assert Participant.objects.count() == 0


def test_a_young_player_with_approval_may_enter(organiser_api):
    tournament = _create_tournament(organiser_api)
    response = organiser_api.post(
        f"/api/tournaments/{tournament['id']}/participants/",
        [{"name": "Kind", "nationality": "DE", "birth_date": "2020-01-01", "age_approved": True}],
        format="json",
    )
    assert response.status_code == 201


def test_more_than_max_participants_is_refused(organiser_api):
    tournament = _create_tournament(organiser_api, settings={"max_participants": 6})
    _register(organiser_api, tournament["id"], 5)
    response = organiser_api.post(
        f"/api/tournaments/{tournament['id']}/participants/",
        [{"name": "A", "nationality": "DE"}, {"name": "B", "nationality": "AT"}],
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "too_many_participants"
    assert Participant.objects.count() == 5


def test_twenty_three_participants_draw_into_three_sixes_and_a_five(organiser_api):
    tournament = _create_tournament(organiser_api)
    people = _register(organiser_api, tournament["id"], 23)
    url = f"/api/tournaments/{tournament['id']}/group-stage/draw/"

    first = organiser_api.post(url, {"seed": "Bamberg 2027"}, format="json")
    assert first.status_code == 201
    draw = first.json()
    assert draw["seed"] == "Bamberg 2027"
    assert [t["size"] for t in draw["tables"]] == [6, 6, 6, 5]
    seated = [s["participant"] for t in draw["tables"] for s in t["seats"]]
    assert sorted(seated) == sorted(p["id"] for p in people)
    assert all(
        [s["position"] for s in t["seats"]] == list(range(1, t["size"] + 1)) for t in draw["tables"]
    )

    again = organiser_api.post(url, {"seed": "Bamberg 2027"}, format="json").json()
    assert again["tables"] == draw["tables"]
    other = organiser_api.post(url, {"seed": "Bamberg 2028"}, format="json").json()
    assert other["tables"] != draw["tables"]


def test_five_tables_can_be_fixed(organiser_api):
    tournament = _create_tournament(organiser_api)
    _register(organiser_api, tournament["id"], 30)
    url = f"/api/tournaments/{tournament['id']}/group-stage/draw/"
    draw = organiser_api.post(url, {"seed": "s", "five_tables": 6}, format="json").json()
    assert [t["size"] for t in draw["tables"]] == [5] * 6
    bad = organiser_api.post(url, {"seed": "s", "five_tables": 1}, format="json")
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["code"] == "invalid_five_tables"


def test_nineteen_participants_are_not_splittable(organiser_api):
    tournament = _create_tournament(organiser_api)
    _register(organiser_api, tournament["id"], 19)
    response = organiser_api.post(
        f"/api/tournaments/{tournament['id']}/group-stage/draw/", {"seed": "x"}, format="json"
    )
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["code"] == "not_splittable"
    assert "18 (3×6)" in error["message"] and "20 (4×5)" in error["message"]
    assert Game.objects.count() == 0


def test_not_splittable_message_in_german(organiser_api):
    tournament = _create_tournament(organiser_api)
    _register(organiser_api, tournament["id"], 19)
    response = organiser_api.post(
        f"/api/tournaments/{tournament['id']}/group-stage/draw/",
        {"seed": "x"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    message = response.json()["errors"][0]["message"]
    assert "Teilnehmer" in message and "18 (3×6)" in message


def test_games_list_has_one_game_per_table_and_round_with_the_sheriff_at_the_round(organiser_api):
    tournament = _create_tournament(organiser_api)
    _register(organiser_api, tournament["id"], 23)
    organiser_api.post(
        f"/api/tournaments/{tournament['id']}/group-stage/draw/", {"seed": "s"}, format="json"
    )
    games = organiser_api.get(f"/api/tournaments/{tournament['id']}/games/?stage=group").json()
    assert len(games) == 23
    assert all(g["sheriff_position"] == g["round"] for g in games)
    assert all(g["status"] == "open" and len(g["seats"]) == g["size"] for g in games)
    assert {(g["table"], g["round"]) for g in games} == {
        (t, r)
        for t, size in zip((1, 2, 3, 4), (6, 6, 6, 5), strict=True)
        for r in range(1, size + 1)
    }
    round_two = organiser_api.get(
        f"/api/tournaments/{tournament['id']}/games/?stage=group&round=2"
    ).json()
    assert [g["table"] for g in round_two] == [1, 2, 3, 4]
    detail = organiser_api.get(f"/api/games/{round_two[0]['id']}/").json()
    assert detail["result"] is None and detail["sheriff_position"] == 2


def test_redraw_is_refused_after_the_first_result(organiser_api):
    tournament = Tournament.objects.get(
        pk=_create_tournament(organiser_api, ruleset="showdown")["id"]
    )
    _register(organiser_api, tournament.pk, 10)
    url = f"/api/tournaments/{tournament.pk}/group-stage/draw/"
    assert organiser_api.post(url, {"seed": "a"}, format="json").status_code == 201
    assert organiser_api.post(url, {"seed": "b"}, format="json").status_code == 201

    game = Game.objects.filter(tournament=tournament, round=1).order_by("table__number").first()
    # Round 1: the Sheriff (position 1) wins; everyone else is out.
    roles = {1: Role.SHERIFF, 2: Role.RENEGADE, 3: Role.OUTLAW, 4: Role.OUTLAW, 5: Role.DEPUTY}
    services.result_record(
        game=game,
        seats=[SeatReport(position=p, role=r, lives=2 if p == 1 else 0) for p, r in roles.items()],
        actor=User.objects.get(username="orga"),
    )
    locked = organiser_api.post(url, {"seed": "c"}, format="json")
    assert locked.status_code == 409
    assert locked.json()["errors"][0]["code"] == "draw_locked"
    assert tournament.group_draw.seed == "b"


def test_participants_cannot_be_added_after_the_draw(organiser_api):
    tournament = factories.drawn_tournament(10)
    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/participants/",
        [{"name": "Spät", "nationality": "DE"}],
        format="json",
    )
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "draw_locked"


def test_organisers_add_expansion_characters_for_their_tournament():
    from tournaments.models import Character

    assert Character.objects.filter(tournament=None).count() == 16
    assert Character.objects.get(name="El Gringo").life_points == 3
    tournament = factories.make_tournament()
    services.character_add(tournament=tournament, name="Belle Star", life_points=4)
    assert selectors.tournament_characters(tournament)["Belle Star"] == 4
    other = factories.make_tournament()
    assert "Belle Star" not in selectors.tournament_characters(other)


def test_createsuperuser_without_input_reads_the_standard_variables(monkeypatch):
    from django.core.management import call_command

    monkeypatch.setenv("DJANGO_SUPERUSER_USERNAME", "chef")
    monkeypatch.setenv("DJANGO_SUPERUSER_EMAIL", "chef@example.org")
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "a-long-and-unusual-password")
    call_command("createsuperuser", interactive=False, verbosity=0)
    chef = User.objects.get(username="chef")
    assert chef.is_superuser and chef.check_password("a-long-and-unusual-password")


def test_a_withdrawal_before_the_draw_frees_a_place(organiser):
    tournament = factories.make_tournament(settings={"max_participants": 5})
    first, *_ = factories.add_participants(tournament, 5)
    services.participant_withdraw(participant=first, actor=organiser)
    [late] = factories.add_participants(tournament, 1)
    assert late.status == Participant.Status.ACTIVE
    with pytest.raises(services.InvalidInput):
        factories.add_participants(tournament, 1)
