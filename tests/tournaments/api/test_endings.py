"""Worked examples through the API for each class of hole issue 11 found, with the refusal
code, and the valid endings still accepted with their exact bounty (rules.md §4, §5, §7, §8).

Group games are at 5-tables; in round 1 the Sheriff sits at seat 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests import factories
from tests.tournaments.services.test_knockout import all_outlaws_win
from tests.tournaments.services.test_leaving import _final
from tournaments import services
from tournaments.models import Game, Participant, Result, Stage, Tournament

pytestmark = pytest.mark.django_db

NAMES = ["Bart Cassidy", "Black Jack", "Calamity Janet", "Jesse Jones", "Kit Carlson"]


def sheet(*rows: tuple, winner: str | int | None = None) -> dict[str, Any]:
    """Seats 1, 2, ... from (role, lives[, eliminated_by[, final_duel]]) rows."""
    seats = []
    for position, (role, lives, *rest) in enumerate(rows, start=1):
        seat: dict[str, Any] = {"position": position, "role": role, "lives": lives}
        seat["character"] = NAMES[position - 1] if role else None
        if rest and rest[0] is not None:
            seat["eliminated_by"] = rest[0]
        if len(rest) > 1:
            seat["final_duel"] = rest[1]
        seats.append(seat)
    data: dict[str, Any] = {"seats": seats}
    if winner is not None:
        data["winner"] = winner
    return data


def group_game(tournament: Tournament, round: int = 1) -> Game:
    return Game.objects.get(tournament=tournament, stage="group", table__number=1, round=round)


def knockout_game(tournament: Tournament, players: int) -> Game:
    group = tournament.tables.get(number=1, stage=Stage.GROUP)
    table = tournament.tables.create(stage=Stage.KNOCKOUT, round=1, number=1, size=players)
    for position, seat in enumerate(group.seats.order_by("position")[:players], start=1):
        table.seats.create(position=position, participant=seat.participant)
    return Game.objects.create(tournament=tournament, table=table, stage=Stage.KNOCKOUT, round=1)


def refused(api, game: Game, data: dict[str, Any]) -> list[tuple[str, int | None]]:
    response = api.put(f"/api/games/{game.pk}/result/", data, format="json")
    assert response.status_code == 400, response.json()
    assert not Result.objects.filter(game=game).exists()
    return [(e["code"], e.get("position")) for e in response.json()["errors"]]


def bounties(api, game: Game, data: dict[str, Any]) -> tuple[str, dict[int, int | None]]:
    response = api.put(f"/api/games/{game.pk}/result/", data, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    return body["winner"], {s["position"]: s["bounty"] for s in body["seats"]}


# --- eliminations that contradict the end -------------------------------------------------

CONTRADICTIONS = {
    "the Sheriff eliminated by a player who is out": (
        sheet(("sheriff", 0, 4), ("deputy", 0), ("renegade", 0), ("outlaw", 0), ("outlaw", 1)),
        [("eliminator_out", 1)],
    ),
    "the Renegade alone, the Sheriff eliminated by the Deputy": (
        sheet(("sheriff", 0, 2), ("deputy", 0), ("renegade", 2), ("outlaw", 0), ("outlaw", 0)),
        [("eliminator_out", 1)],
    ),
    "a final-duel Renegade eliminated by an Outlaw": (
        sheet(
            ("sheriff", 2), ("deputy", 0), ("renegade", 0, 4, True), ("outlaw", 0), ("outlaw", 0)
        ),
        [("final_duel_not_possible", 3)],
    ),
    "everyone at 0 lives": (
        sheet(("sheriff", 0), ("deputy", 0), ("renegade", 0), ("outlaw", 0), ("outlaw", 0)),
        [("impossible_ending", None)],
    ),
}


@pytest.mark.parametrize("case", list(CONTRADICTIONS))
def test_eliminations_that_contradict_the_end_are_refused(referee_api, case):
    data, expected = CONTRADICTIONS[case]
    assert refused(referee_api, group_game(factories.drawn_tournament(10)), data) == expected


# --- the three-player game and the duel ---------------------------------------------------

THREE = {
    "two out, each by their own hunter": (
        sheet(("deputy", 0, 2), ("outlaw", 0, 3), ("renegade", 2), winner="renegade"),
        [("impossible_ending", 1)],
    ),
    "no winner": (
        sheet(("deputy", 2), ("outlaw", 2), ("renegade", 0, 1)),
        [("winner_required", None)],
    ),
    "one out with no eliminated by": (
        sheet(("deputy", 2), ("outlaw", 2), ("renegade", 0), winner="deputy"),
        [("eliminated_by_required", 3)],
    ),
}


@pytest.mark.parametrize("case", list(THREE))
def test_impossible_three_player_results_are_refused(referee_api, case):
    data, expected = THREE[case]
    game = knockout_game(factories.drawn_tournament(10), 3)
    assert refused(referee_api, game, data) == expected


def test_the_three_player_game_won_by_eliminating_the_target(referee_api):
    game = knockout_game(factories.drawn_tournament(10), 3)
    data = sheet(("deputy", 2), ("outlaw", 2), ("renegade", 0, 1), winner="deputy")
    assert bounties(referee_api, game, data) == ("deputy", {1: None, 2: None, 3: None})
    assert Result.objects.get(game=game).seats.get(won=True).position == 1


DUELS = {
    "both alive": ({"seats": [[1, 2], [2, 1]], "winner": 1}, [("game_not_finished", None)]),
    "both out": ({"seats": [[1, 0], [2, 0]], "winner": 1}, [("impossible_ending", None)]),
    "the winner at 0 lives": (
        {"seats": [[1, 0], [2, 1]], "winner": 1},
        [("winner_mismatch", None)],
    ),
    "no winner": ({"seats": [[1, 1], [2, 0]]}, [("winner_required", None)]),
}


@pytest.mark.parametrize("case", list(DUELS))
def test_impossible_duels_are_refused(referee_api, case):
    data, expected = DUELS[case]
    seats = [{"position": p, "role": None, "lives": lives} for p, lives in data["seats"]]
    game = knockout_game(factories.drawn_tournament(10), 2)
    assert refused(referee_api, game, {**data, "seats": seats}) == expected


def test_a_duel_won_by_the_survivor(referee_api):
    game = knockout_game(factories.drawn_tournament(10), 2)
    seats = [{"position": 1, "role": None, "lives": 0}, {"position": 2, "role": None, "lives": 1}]
    assert bounties(referee_api, game, {"seats": seats, "winner": 2}) == (2, {1: None, 2: None})


# --- the final, exclusions and withdrawals -------------------------------------------------


def test_the_final_is_locked_once_the_champion_is_named(referee_api, organiser, referee):
    tournament = factories.drawn_tournament(6)
    game, (a, b) = _final(tournament, organiser, referee)
    duel = [{"position": a.position, "role": None}, {"position": b.position, "role": None}]
    url = f"/api/games/{game.pk}/result/"
    first = referee_api.put(url, {"seats": duel, "winner": b.position}, format="json")
    assert first.status_code == 200
    services.knockout_next_round(tournament=tournament, actor=organiser)
    response = referee_api.put(
        url,
        {"seats": duel, "winner": a.position, "reason": "vertauscht", "version": 1},
        format="json",
    )
    assert response.status_code == 409
    assert [e["code"] for e in response.json()["errors"]] == ["round_closed"]
    ranking = referee_api.get(f"/api/tournaments/{tournament.pk}/ranking/").json()
    assert ranking["champion"] == b.participant_id
    assert ranking["rows"][0]["participant"] == b.participant_id


def test_a_withdrawal_after_an_exclusion_is_refused(organiser_api, referee):
    tournament = factories.drawn_tournament(10)
    player = tournament.participants.first()
    services.penalty_give(participant=player, kind="exclusion", reason="Betrug", actor=referee)
    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/participants/{player.pk}/withdraw/", {}, format="json"
    )
    assert (response.status_code, response.json()["errors"][0]["code"]) == (
        409,
        "already_excluded",
    )
    statuses = organiser_api.get(f"/api/tournaments/{tournament.pk}/participants/").json()
    assert next(p["status"] for p in statuses if p["id"] == player.pk) == "excluded"


def test_a_pre_draw_exclusion_leaves_the_default_knockout_start_possible(organiser_api, referee):
    tournament = factories.make_tournament()
    players = factories.add_participants(tournament, 21)
    organiser_api.post(
        f"/api/tournaments/{tournament.pk}/penalties/",
        {"participant": players[0].pk, "kind": "exclusion", "reason": "früh"},
        format="json",
    )
    draw = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/group-stage/draw/", {"seed": "s"}, format="json"
    )
    assert [t["size"] for t in draw.json()["tables"]] == [5, 5, 5, 5]
    all_outlaws_win(tournament, referee)
    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/knockout/start/", {"seed": "ko"}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["field_size"] == 4
    assert players[0].pk not in response.json()["seeding"]
    players[0].refresh_from_db()
    assert players[0].status == Participant.Status.EXCLUDED


# --- the valid endings keep their exact bounty (rules.md §4) -------------------------------


def test_the_deputy_kills_the_sheriff(referee_api):
    game = group_game(factories.drawn_tournament(10))
    data = sheet(("sheriff", 0, 2), ("deputy", 2), ("renegade", 1), ("outlaw", 0), ("outlaw", 3))
    assert bounties(referee_api, game, data) == (
        "outlaws",
        {1: 0, 2: 150 - 1000, 3: 150, 4: 2000, 5: 2000 + 150},
    )


def test_the_final_duel(referee_api):
    game = group_game(factories.drawn_tournament(10))
    data = sheet(
        ("sheriff", 1), ("deputy", 0), ("renegade", 0, 1, True), ("outlaw", 0), ("outlaw", 0)
    )
    assert bounties(referee_api, game, data) == (
        "law",
        {1: 2500 + 150, 2: 1500, 3: 1500, 4: 0, 5: 0},
    )


def test_the_outlaws_win_with_the_renegade_alive(referee_api):
    game = group_game(factories.drawn_tournament(10))
    data = sheet(("sheriff", 0, 4), ("deputy", 0), ("renegade", 2), ("outlaw", 1), ("outlaw", 0))
    assert bounties(referee_api, game, data) == (
        "outlaws",
        {1: 0, 2: 0, 3: 150, 4: 2000 + 150, 5: 2000},
    )


def test_the_sheriff_and_the_last_outlaw_out_together(referee_api):
    # The Renegade (seat 3) fires a Gatling: the Sheriff and the last Outlaw go out at once,
    # the Deputy still alive: the Outlaws win.
    game = group_game(factories.drawn_tournament(10))
    data = sheet(("sheriff", 0, 3), ("deputy", 1), ("renegade", 2), ("outlaw", 0), ("outlaw", 0, 3))
    assert bounties(referee_api, game, data) == (
        "outlaws",
        {1: 0, 2: 150, 3: 150, 4: 2000, 5: 2000},
    )
