"""api.md "Formats", the time of a game (rules.md §14 "Time limit"), sentence by sentence."""

from __future__ import annotations

import datetime

import pytest
from rest_framework.test import APIClient

from tests import factories
from tests.tournaments.api.test_double_check import SHERIFF_WINS
from tests.tournaments.api.test_hall import Clock
from tournaments.models import AuditEntry, Game, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch) -> Clock:
    return Clock(monkeypatch)


@pytest.fixture
def anon_api() -> APIClient:
    """An anonymous client of its own (``api`` is the one the staff fixtures log in)."""
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


def _tournament(**settings: object) -> Tournament:
    """Ten players: two tables of five, five rounds."""
    return factories.drawn_tournament(10, ruleset="showdown", settings=dict(settings))


def _game(tournament: Tournament, *, round: int, table: int) -> Game:
    return Game.objects.get(tournament=tournament, stage="group", round=round, table__number=table)


def _start(api: APIClient, game: Game):
    return api.post(f"/api/games/{game.pk}/start/")


def _codes(response) -> list[str]:
    return [e["code"] for e in response.json()["errors"]]


def _time(text: str | None) -> datetime.datetime | None:
    return None if text is None else datetime.datetime.fromisoformat(text)


def test_a_referee_starts_a_game_once(referee_api, clock):
    tournament = _tournament()
    game = _game(tournament, round=1, table=2)
    assert referee_api.get(f"/api/games/{game.pk}/").json()["started_at"] is None
    version = Tournament.objects.get(pk=tournament.pk).live_version

    answer = _start(referee_api, game)
    assert answer.status_code == 200
    assert _time(answer.json()["started_at"]) == clock.now
    assert _time(referee_api.get(f"/api/games/{game.pk}/").json()["started_at"]) == clock.now
    assert Tournament.objects.get(pk=tournament.pk).live_version == version + 1  # pages update
    entry = AuditEntry.objects.get(tournament=tournament, action="game_started")
    assert entry.object_id == str(game.pk)

    clock.advance(30)
    again = _start(referee_api, game)
    assert again.status_code == 409
    assert _codes(again) == ["already_started"]
    game.refresh_from_db()
    assert game.started_at == clock.now - datetime.timedelta(seconds=30)  # the first counts


def test_only_the_tournaments_staff_start_a_game(api):
    tournament = _tournament()
    game = _game(tournament, round=1, table=1)
    assert _start(api, game).status_code == 401
    api.force_authenticate(factories.make_referee(tournament="nowhere"))
    assert _start(api, game).status_code == 403
    api.force_authenticate(factories.make_referee(tournament=tournament))
    assert _start(api, game).status_code == 200


def test_an_ended_or_void_game_cannot_start(referee_api):
    tournament = _tournament()
    recorded = _game(tournament, round=1, table=1)
    put = referee_api.put(f"/api/games/{recorded.pk}/result/", SHERIFF_WINS, format="json")
    assert put.status_code == 200
    answer = _start(referee_api, recorded)
    assert (answer.status_code, _codes(answer)) == (409, ["game_closed"])

    void = _game(tournament, round=1, table=2)
    Game.objects.filter(pk=void.pk).update(status=Game.Status.VOID)
    answer = _start(referee_api, void)
    assert (answer.status_code, _codes(answer)) == (409, ["game_not_played"])
    assert Game.objects.filter(tournament=tournament, started_at__isnull=False).count() == 0


def test_the_clock_starts_the_open_games_of_the_current_round_only(organiser_api, clock):
    referee_api = organiser_api  # an organiser is a referee too
    tournament = _tournament()
    done = _game(tournament, round=1, table=1)
    assert (
        referee_api.put(f"/api/games/{done.pk}/result/", SHERIFF_WINS, format="json").status_code
        == 200
    )
    early = _game(tournament, round=2, table=1)
    assert _start(referee_api, early).status_code == 200  # a game of a later round, by hand
    started_early = clock.now
    clock.advance(60)

    body = {"action": "start", "minutes": 45, "label": "Runde 1"}
    assert (
        organiser_api.post(
            f"/api/tournaments/{tournament.pk}/clock/", body, format="json"
        ).status_code
        == 200
    )
    started = dict(Game.objects.filter(tournament=tournament).values_list("pk", "started_at"))
    open_round_1 = _game(tournament, round=1, table=2)
    assert started[open_round_1.pk] == clock.now  # the current round's open game
    assert started[done.pk] is None  # recorded before: its time is not started
    assert started[early.pk] == started_early  # started by hand earlier: kept
    later = [g.pk for g in Game.objects.filter(tournament=tournament, round__gte=2)]
    assert [started[pk] for pk in later if pk != early.pk] == [None] * (len(later) - 1)
    entry = AuditEntry.objects.get(tournament=tournament, action="clock_started")
    assert entry.after["games_started"] == [open_round_1.pk]

    # A start after the round is over starts the next round's open games not started yet.
    body_2 = {"action": "start", "minutes": 45, "label": "Runde 2"}
    put = referee_api.put(f"/api/games/{open_round_1.pk}/result/", SHERIFF_WINS, format="json")
    assert put.status_code == 200
    clock.advance(60)
    assert (
        organiser_api.post(
            f"/api/tournaments/{tournament.pk}/clock/", body_2, format="json"
        ).status_code
        == 200
    )
    round_2 = {g.table.number: g for g in Game.objects.filter(tournament=tournament, round=2)}
    assert round_2[1].started_at == started_early
    assert round_2[2].started_at == clock.now
    assert (
        Game.objects.filter(tournament=tournament, round__gte=3).exclude(started_at=None).count()
        == 0
    )


def test_the_time_rule_comes_into_force_at_the_limit_and_ends_with_the_game(
    referee_api, anon_api, clock
):
    tournament = _tournament(time_limit_minutes=15)
    game = _game(tournament, round=1, table=1)
    url = f"/api/games/{game.pk}/"
    assert anon_api.get(url).json()["time_rule"] == {"in_force": False, "since": None}
    assert _start(referee_api, game).status_code == 200
    started = clock.now

    clock.advance(15 * 60 - 1)
    assert anon_api.get(url).json()["time_rule"] == {"in_force": False, "since": None}
    clock.advance(1)
    rule = anon_api.get(url).json()["time_rule"]
    assert rule["in_force"] is True
    assert _time(rule["since"]) == started + datetime.timedelta(minutes=15)

    assert referee_api.put(f"{url}result/", SHERIFF_WINS, format="json").status_code == 200
    assert anon_api.get(url).json()["time_rule"] == {"in_force": False, "since": None}


def test_without_a_limit_the_rule_never_comes_into_force(referee_api, anon_api, clock):
    tournament = _tournament()
    game = _game(tournament, round=1, table=1)
    assert _start(referee_api, game).status_code == 200
    clock.advance(24 * 3600)
    answer = anon_api.get(f"/api/games/{game.pk}/").json()
    assert answer["time_rule"] == {"in_force": False, "since": None}
    assert _time(answer["started_at"]) == clock.now - datetime.timedelta(hours=24)


@pytest.mark.parametrize("minutes", [0, 601, "15"])
def test_the_limit_is_a_whole_number_of_minutes_from_1_to_600(organiser_api, minutes):
    tournament = factories.make_tournament()
    answer = organiser_api.patch(
        f"/api/tournaments/{tournament.pk}/",
        {"settings": {"time_limit_minutes": minutes}},
        format="json",
    )
    assert answer.status_code == 400
    ok = organiser_api.patch(
        f"/api/tournaments/{tournament.pk}/",
        {"settings": {"time_limit_minutes": 15}},
        format="json",
    )
    assert ok.status_code == 200
    assert ok.json()["settings"]["time_limit_minutes"] == 15
