"""Recording results through the API: the rules engine, versions, standings, penalties."""

from __future__ import annotations

import random

import pytest

from scoring.results import SeatReport
from scoring.rulesets import Role
from tests import factories
from tournaments import selectors, services
from tournaments.api.results import ResultApi
from tournaments.demo import play_group_rounds
from tournaments.models import AuditEntry, Game, Participant, Result, ResultSeat

pytestmark = pytest.mark.django_db


def _game(tournament, *, table: int = 1, round: int = 1) -> Game:
    return Game.objects.get(tournament=tournament, stage="group", table__number=table, round=round)


def _law_wins_six(round_: int = 1) -> dict:
    """A 6-table, Sheriff at position ``round_``: Sheriff and Deputy win, Sheriff alive."""
    others = [p for p in range(1, 7) if p != round_]
    roles = dict(zip(others, ["deputy", "outlaw", "outlaw", "outlaw", "renegade"], strict=True))
    characters = iter(
        ["Willy the Kid", "El Gringo", "Jourdonnais", "Black Jack", "Lucky Duke", "Kit Carlson"]
    )
    seats = [{"position": round_, "role": "sheriff", "character": next(characters), "lives": 2}]
    for position, role in roles.items():
        seats.append(
            {
                "position": position,
                "role": role,
                "character": next(characters),
                "lives": 1 if role == "deputy" else 0,
            }
        )
    return {"seats": sorted(seats, key=lambda s: s["position"]), "signed": True}


def test_a_valid_result_is_recorded_with_its_bounty(referee_api):
    tournament = factories.drawn_tournament(12)  # two 6-tables
    game = _game(tournament)
    response = referee_api.put(f"/api/games/{game.pk}/result/", _law_wins_six(), format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["winner"] == "law" and body["version"] == 1
    bounty = {s["position"]: (s["role"], s["won"], s["bounty"]) for s in body["seats"]}
    assert bounty[1] == ("sheriff", True, 3000 + 150)
    assert bounty[2] == ("deputy", True, 2000 + 150)
    assert {bounty[p] for p in (3, 4, 5)} == {("outlaw", False, 0)}
    assert bounty[6] == ("renegade", False, 0)

    detail = referee_api.get(f"/api/games/{game.pk}/").json()
    assert detail["status"] == "recorded"
    assert detail["result"]["version"] == 1 and detail["result"]["signed"] is True
    participant_at_1 = next(s["participant"] for s in detail["seats"] if s["position"] == 1)
    assert detail["result"]["seats"][0]["participant"] == participant_at_1


def test_the_final_duel_and_a_deputy_who_shot_the_sheriff_through_the_api(referee_api):
    tournament = factories.drawn_tournament(10)  # two 5-tables
    duel = {
        "seats": [
            {"position": 1, "role": "sheriff", "character": "Rose Doolan", "lives": 1},
            {
                "position": 2,
                "role": "renegade",
                "character": "Sid Ketchum",
                "lives": 0,
                "final_duel": True,
                "eliminated_by": 1,
            },
            {"position": 3, "role": "outlaw", "character": "Bart Cassidy", "lives": 0},
            {"position": 4, "role": "outlaw", "character": "Paul Regret", "lives": 0},
            {"position": 5, "role": "deputy", "character": "Vulture Sam", "lives": 0},
        ]
    }
    body = referee_api.put(f"/api/games/{_game(tournament).pk}/result/", duel, format="json").json()
    by_position = {s["position"]: s["bounty"] for s in body["seats"]}
    assert by_position == {1: 2500 + 150, 2: 1500, 3: 0, 4: 0, 5: 1500}

    deputy_kills = {
        "seats": [
            {"position": 1, "role": "deputy", "character": "Rose Doolan", "lives": 2},
            {
                "position": 2,
                "role": "sheriff",
                "character": "Sid Ketchum",
                "lives": 0,
                "eliminated_by": 1,
            },
            {"position": 3, "role": "outlaw", "character": "Bart Cassidy", "lives": 0},
            {"position": 4, "role": "outlaw", "character": "Paul Regret", "lives": 3},
            {"position": 5, "role": "renegade", "character": "Vulture Sam", "lives": 1},
        ]
    }
    game = _game(tournament, round=2)
    body = referee_api.put(f"/api/games/{game.pk}/result/", deputy_kills, format="json").json()
    assert body["winner"] == "outlaws"
    by_position = {s["position"]: s["bounty"] for s in body["seats"]}
    assert by_position == {1: 150 - 1000, 2: 0, 3: 2000, 4: 2000 + 150, 5: 150}


def test_an_impossible_result_lists_every_problem_and_stores_nothing(referee_api):
    tournament = factories.drawn_tournament(12)
    game = _game(tournament, round=2)
    body = _law_wins_six()  # Sheriff at 1, but round 2 needs the Sheriff at 2
    body["seats"][2]["lives"] = 9
    body["seats"][3]["character"] = "Willy the Kid"
    response = referee_api.put(f"/api/games/{game.pk}/result/", body, format="json")
    assert response.status_code == 400
    problems = {(e["code"], e.get("position")) for e in response.json()["errors"]}
    assert ("sheriff_not_at_round_position", 2) in problems
    assert ("lives_out_of_range", 3) in problems
    assert ("duplicate_character", 4) in problems
    assert all(e["message"] for e in response.json()["errors"])
    game.refresh_from_db()
    assert game.status == "open" and game.version == 0
    assert Result.objects.count() == 0 and ResultSeat.objects.count() == 0


def test_engine_messages_in_german(referee_api):
    tournament = factories.drawn_tournament(12)
    body = _law_wins_six()
    body["seats"][0]["lives"] = 9
    response = referee_api.put(
        f"/api/games/{_game(tournament).pk}/result/", body, format="json", HTTP_ACCEPT_LANGUAGE="de"
    )
    [error] = response.json()["errors"]
    assert error["code"] == "lives_out_of_range"
    english = referee_api.put(
        f"/api/games/{_game(tournament).pk}/result/", body, format="json", HTTP_ACCEPT_LANGUAGE="en"
    ).json()["errors"][0]["message"]
    assert error["message"] != english
    assert "Leben" in error["message"]


def test_wrong_types_and_unknown_fields_are_400(referee_api):
    tournament = factories.drawn_tournament(12)
    url = f"/api/games/{_game(tournament).pk}/result/"
    body = _law_wins_six()
    body["seats"][0]["lives"] = "2"
    assert referee_api.put(url, body, format="json").json()["errors"][0]["code"] == "invalid"
    body = _law_wins_six()
    body["colour"] = "red"
    response = referee_api.put(url, body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0] == {
        "code": "unknown_field",
        "message": "Unknown field “colour”.",
        "field": "colour",
    }
    assert Result.objects.count() == 0


def test_corrections_need_a_reason_and_keep_every_version(referee_api, organiser):
    tournament = factories.drawn_tournament(12)
    game = _game(tournament)
    url = f"/api/games/{game.pk}/result/"
    assert referee_api.put(url, _law_wins_six(), format="json").status_code == 200

    outlaws_win = _law_wins_six()
    outlaws_win["seats"][0]["lives"] = 0  # the Sheriff is out after all: the Outlaws win
    outlaws_win["seats"][0]["eliminated_by"] = 3
    # rules.md §5.10: whoever eliminated the Sheriff is alive at the end (was: out).
    outlaws_win["seats"][2]["lives"] = 1
    as_if_new = referee_api.put(url, outlaws_win, format="json")
    assert as_if_new.status_code == 409
    assert as_if_new.json()["errors"][0]["code"] == "version_conflict"
    no_reason = referee_api.put(url, {**outlaws_win, "version": 1}, format="json")
    assert no_reason.status_code == 400
    assert no_reason.json()["errors"][0]["code"] == "reason_required"

    outlaws_win["reason"] = "Sheriff was shot by the Gatling, sheet corrected"
    outlaws_win["version"] = 1
    corrected = referee_api.put(url, outlaws_win, format="json")
    assert corrected.status_code == 200
    assert corrected.json()["winner"] == "outlaws" and corrected.json()["version"] == 2

    stale = referee_api.put(url, {**outlaws_win, "version": 1}, format="json")
    assert stale.status_code == 409
    assert stale.json()["errors"][0]["code"] == "version_conflict"

    history = referee_api.get(f"/api/games/{game.pk}/history/").json()
    assert [h["version"] for h in history] == [1, 2]
    assert [h["result"]["winner"] for h in history] == ["law", "outlaws"]
    assert history[1]["reason"].startswith("Sheriff was shot")
    assert history[0]["recorded_by"] == "referee"
    assert AuditEntry.objects.filter(action="result_corrected").count() == 1


def test_results_need_a_referee(api, db):
    tournament = factories.drawn_tournament(12)
    url = f"/api/games/{_game(tournament).pk}/result/"
    assert api.put(url, _law_wins_six(), format="json").status_code == 401
    api.force_authenticate(factories.make_user())
    assert api.put(url, _law_wins_six(), format="json").status_code == 403
    assert Result.objects.count() == 0


def test_results_can_be_recorded_in_any_order(referee_api):
    tournament = factories.drawn_tournament(12)
    for round_ in (5, 2, 6):
        game = _game(tournament, table=2, round=round_)
        response = referee_api.put(
            f"/api/games/{game.pk}/result/", _law_wins_six(round_), format="json"
        )
        assert response.status_code == 200, response.json()
    standings = referee_api.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    assert standings["games_recorded"] == 3 and standings["games_total"] == 12
    assert standings["complete"] is False
    assert len(standings["missing"]) == 9


def test_standings_rank_by_bounty_with_bonus_and_deductions(referee_api, referee):
    tournament = factories.drawn_tournament(11)  # one 6-table and one 5-table
    response = referee_api.put(
        f"/api/games/{_game(tournament).pk}/result/", _law_wins_six(), format="json"
    )
    assert response.status_code == 200
    sheriff = Participant.objects.get(pk=response.json()["seats"][0]["participant"])
    penalty = referee_api.post(
        f"/api/tournaments/{tournament.pk}/penalties/",
        {"participant": sheriff.pk, "kind": "deduction", "amount": 500, "reason": "Notizen"},
        format="json",
    )
    assert penalty.status_code == 201

    standings = referee_api.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    rows = {r["participant"]: r for r in standings["rows"]}
    assert rows[sheriff.pk]["bounty"] == 3150 - 500
    assert rows[sheriff.pk]["deductions"] == 500 and rows[sheriff.pk]["wins"] == 1
    five_table = [r for r in standings["rows"] if r["table"] == 2]
    assert {r["bounty"] for r in five_table} == {1400} and {r["bonus"] for r in five_table} == {
        1400
    }
    assert standings["rows"][0]["participant"] == sheriff.pk  # 2650 beats the deputy's 2150
    assert [r["rank"] for r in standings["rows"][2:7]] == [3, 3, 3, 3, 3]  # the 5-table, shared


def test_exclusion_drops_a_player_to_the_bottom_and_voids_their_sheriff_game(referee_api):
    tournament = factories.drawn_tournament(12)
    game = _game(tournament)
    body = referee_api.put(f"/api/games/{game.pk}/result/", _law_wins_six(), format="json").json()
    winner = body["seats"][0]["participant"]
    response = referee_api.post(
        f"/api/tournaments/{tournament.pk}/penalties/",
        {"participant": winner, "kind": "exclusion", "reason": "Karten unter dem Tisch"},
        format="json",
    )
    assert response.status_code == 201
    standings = referee_api.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    assert standings["rows"][-1]["participant"] == winner
    assert standings["rows"][-1]["excluded"] is True
    # Their Sheriff game (round 1) was already played: nothing is voided, and the
    # table plays its remaining games with five players.
    assert standings["games_total"] == 12
    next_game = _game(tournament, round=2)
    spec = selectors.game_spec(next_game)
    assert 1 not in spec.positions and len(spec.positions) == 5


def test_a_withdrawal_voids_the_games_in_which_the_player_would_be_sheriff(organiser):
    tournament = factories.drawn_tournament(12)
    seat = _game(tournament, table=1).table.seats.get(position=4)
    services.participant_withdraw(participant=seat.participant, actor=organiser)
    assert _game(tournament, round=4).status == "void"
    assert Game.objects.filter(tournament=tournament, status="void").count() == 1
    standings = services_standings(tournament)
    assert standings.games_total == 11


def services_standings(tournament):
    from tournaments.selectors import group_standings

    return group_standings(tournament)


@pytest.mark.parametrize("participants", [10, 126])
def test_standings_take_a_fixed_number_of_queries(
    participants, api, referee, django_assert_max_num_queries
):
    tournament = factories.drawn_tournament(participants, settings={"max_participants": 126})
    play_group_rounds(tournament, rounds=range(1, 3), rng=random.Random(2), referees=[referee])
    with django_assert_max_num_queries(8):
        response = api.get(f"/api/tournaments/{tournament.pk}/standings/")
    assert len(response.json()["rows"]) == participants
    tables = {10: 2, 126: 21}[participants]
    assert response.json()["games_recorded"] == tables * 2  # two rounds played


def test_signed_flag_is_stored(referee_api):
    tournament = factories.drawn_tournament(12)
    body = _law_wins_six()
    body["signed"] = False
    game = _game(tournament)
    referee_api.put(f"/api/games/{game.pk}/result/", body, format="json")
    assert Result.objects.get(game=game).signed is False


def test_a_seat_comes_in_as_the_rules_engines_seat_report():
    body = {
        "seats": [
            {"position": 1, "role": "sheriff", "character": "El Gringo", "lives": 2},
            {"position": 2, "role": None, "character": "", "eliminated_by": 1},
            {"position": 3, "role": "outlaw", "final_duel": True},
        ]
    }
    serializer = ResultApi.InputSerializer(data=body)
    assert serializer.is_valid(), serializer.errors
    assert serializer.validated_data["seats"] == [
        SeatReport(position=1, role=Role.SHERIFF, character="El Gringo", lives=2),
        SeatReport(position=2, role=None, character=None, eliminated_by=1),
        SeatReport(position=3, role=Role.OUTLAW, final_duel=True),
    ]
