"""api.md "Clock, calls, corrections, presence" (rules.md §12), sentence by sentence."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from scoring import verify_draw
from tests import factories
from tests.tournaments.api.test_double_check import SHERIFF_WINS
from tournaments import services
from tournaments.models import AuditEntry, Game, Participant, RefereeCall, Seat, Stage

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]


class Clock:
    """A controllable ``timezone.now`` (services and selectors read it)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = datetime.datetime(2027, 3, 13, 10, 0, tzinfo=datetime.UTC)
        monkeypatch.setattr(timezone, "now", lambda: self.now)

    def advance(self, seconds: float) -> None:
        self.now += datetime.timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    return Clock(monkeypatch)


@pytest.fixture
def anon() -> APIClient:
    """An anonymous client of its own (``api`` is the one the staff fixtures log in)."""
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def tournament():
    return factories.drawn_tournament(10, ruleset="showdown")


def _clock(api: APIClient, tournament, **body: Any):
    return api.post(f"/api/tournaments/{tournament.pk}/clock/", body, format="json")


def _time(text: str | None) -> datetime.datetime | None:
    return None if text is None else datetime.datetime.fromisoformat(text)


def _plain(body: dict[str, Any]) -> dict[str, Any]:
    """A clock answer with its times parsed (they are given in the server's zone)."""
    return {**body, "ends_at": _time(body["ends_at"]), "server_time": _time(body["server_time"])}


def _codes(response) -> list[str]:
    return [e["code"] for e in response.json()["errors"]]


# --- the clock ------------------------------------------------------------------------------


def test_an_idle_clock_for_anyone(api, tournament, clock):
    answer = api.get(f"/api/tournaments/{tournament.pk}/clock/")
    assert answer.status_code == 200
    assert _plain(answer.json()) == {
        "state": "idle",
        "label": None,
        "ends_at": None,
        "remaining_s": 0,
        "server_time": clock.now,
    }


def test_start_pause_resume_add_stop(organiser_api, anon, tournament, clock):
    answer = _clock(organiser_api, tournament, action="start", minutes=45, label="Runde 3")
    assert answer.status_code == 200
    assert _plain(answer.json()) == {
        "state": "running",
        "label": "Runde 3",
        "ends_at": clock.now + datetime.timedelta(minutes=45),
        "remaining_s": 2700,
        "server_time": clock.now,
    }
    clock.advance(600.4)  # remaining_s is rounded up to whole seconds
    assert anon.get(f"/api/tournaments/{tournament.pk}/clock/").json()["remaining_s"] == 2100
    paused = _clock(organiser_api, tournament, action="pause").json()
    assert (paused["state"], paused["ends_at"], paused["remaining_s"]) == ("paused", None, 2100)
    clock.advance(300)  # paused: the full duration left stays
    assert anon.get(f"/api/tournaments/{tournament.pk}/clock/").json()["remaining_s"] == 2100
    added = _clock(organiser_api, tournament, action="add", minutes=5).json()
    assert (added["state"], added["remaining_s"]) == ("paused", 2400)  # stays paused
    resumed = _clock(organiser_api, tournament, action="resume").json()
    assert resumed["state"] == "running"
    assert resumed["remaining_s"] == 2400
    assert _time(resumed["ends_at"]) == clock.now + datetime.timedelta(seconds=2399.6)
    running_add = _clock(organiser_api, tournament, action="add", minutes=1).json()
    assert running_add["remaining_s"] == 2460
    stopped = _clock(organiser_api, tournament, action="stop").json()
    assert stopped == {
        "state": "idle",
        "label": None,
        "ends_at": None,
        "remaining_s": 0,
        "server_time": stopped["server_time"],
    }
    actions = list(
        AuditEntry.objects.filter(tournament=tournament, action__startswith="clock_").values_list(
            "action", flat=True
        )
    )
    assert actions == [
        "clock_started",
        "clock_paused",
        "clock_extended",
        "clock_resumed",
        "clock_extended",
        "clock_stopped",
    ]


def test_expired_stays_at_zero_and_add_runs_it_again(organiser_api, anon, tournament, clock):
    _clock(organiser_api, tournament, action="start", minutes=1, label="Runde 1")
    clock.advance(61)
    expired = anon.get(f"/api/tournaments/{tournament.pk}/clock/").json()
    assert (expired["state"], expired["remaining_s"], expired["label"]) == ("expired", 0, "Runde 1")
    assert _time(expired["ends_at"]) == datetime.datetime(2027, 3, 13, 10, 1, tzinfo=datetime.UTC)
    clock.advance(3600)
    assert anon.get(f"/api/tournaments/{tournament.pk}/clock/").json()["remaining_s"] == 0
    again = _clock(organiser_api, tournament, action="add", minutes=2).json()
    assert (again["state"], again["remaining_s"]) == ("running", 120)


@pytest.mark.parametrize(
    ("setup", "action"),
    [
        ([], {"action": "pause"}),
        ([], {"action": "resume"}),
        ([], {"action": "add", "minutes": 5}),
        ([{"action": "start", "minutes": 5}], {"action": "resume"}),
        ([{"action": "start", "minutes": 5}, {"action": "pause"}], {"action": "pause"}),
    ],
)
def test_an_action_that_does_not_fit_the_state_is_409(
    organiser_api, tournament, clock, setup, action
):
    for step in setup:
        assert _clock(organiser_api, tournament, **step).status_code == 200
    answer = _clock(organiser_api, tournament, **action)
    assert answer.status_code == 409
    assert _codes(answer) == ["clock_state"]


def test_pause_on_an_expired_clock_is_409(organiser_api, tournament, clock):
    _clock(organiser_api, tournament, action="start", minutes=1)
    clock.advance(60)
    assert _codes(_clock(organiser_api, tournament, action="pause")) == ["clock_state"]


def test_the_state_is_checked_before_the_minutes(organiser_api, tournament, clock):
    answer = _clock(organiser_api, tournament, action="add", minutes=0)  # idle, and bad minutes
    assert (answer.status_code, _codes(answer)) == (409, ["clock_state"])


@pytest.mark.parametrize("minutes", [0, -5, 601, None])
def test_minutes_outside_1_to_600_are_400(organiser_api, tournament, clock, minutes):
    body = {"action": "start"} | ({} if minutes is None else {"minutes": minutes})
    answer = _clock(organiser_api, tournament, **body)
    assert answer.status_code == 400
    assert _codes(answer) == ["invalid_minutes"]
    _clock(organiser_api, tournament, action="start", minutes=600)
    answer = _clock(
        organiser_api, tournament, action="add", **({} if minutes is None else {"minutes": minutes})
    )
    assert (answer.status_code, _codes(answer)) == (400, ["invalid_minutes"])


def test_start_in_any_state_restarts(organiser_api, tournament, clock):
    _clock(organiser_api, tournament, action="start", minutes=10, label="Runde 1")
    _clock(organiser_api, tournament, action="pause")
    again = _clock(organiser_api, tournament, action="start", minutes=3, label="Runde 2").json()
    assert (again["state"], again["remaining_s"], again["label"]) == ("running", 180, "Runde 2")


def test_only_organisers_run_the_clock(api, tournament, clock):
    assert _clock(api, tournament, action="stop").status_code == 401
    api.force_authenticate(factories.make_referee(tournament=tournament))
    assert _clock(api, tournament, action="stop").status_code == 403


# --- calls for a referee ----------------------------------------------------------------------


@pytest.fixture
def game(tournament) -> Game:
    return Game.objects.get(tournament=tournament, table__number=1, round=1)


def _pin(game: Game, position: int) -> str:
    return Seat.objects.get(table=game.table, position=position).participant.pin


def _call(api: APIClient, game: Game, position: int = 3, pin: str | None = None, **extra: Any):
    body = {"position": position, "pin": pin or _pin(game, position), **extra}
    return api.post(f"/api/games/{game.pk}/calls/", body, format="json")


def test_a_player_calls_with_their_pin(api, game):
    answer = _call(api, game, 3, note="Dynamite question")
    assert answer.status_code == 201
    body = answer.json()
    seat = Seat.objects.get(table=game.table, position=3)
    assert body == {
        "id": body["id"],
        "game": game.pk,
        "table": 1,
        "position": 3,
        "name": seat.participant.name,
        "note": "Dynamite question",
        "status": "open",
        "created_at": body["created_at"],
        "taken_by": None,
    }
    entry = AuditEntry.objects.get(action="call_created")
    assert entry.object_id == str(body["id"])


def test_a_wrong_pin_is_403_and_throttled_as_confirmations(api, game):
    pin = _pin(game, 3)
    wrong = ("A" if pin[0] != "A" else "C") + pin[1:]
    answer = _call(api, game, 3, pin=wrong)
    assert (answer.status_code, _codes(answer)) == (403, ["wrong_pin"])
    assert not RefereeCall.objects.exists()
    statuses = [_call(api, game, 3, pin=wrong).status_code for _ in range(30)]
    assert 429 in statuses
    assert statuses[:4] == [403] * 4


def test_a_note_has_at_most_200_characters(api, game):
    assert _call(api, game, note="x" * 201).status_code == 400
    assert _call(api, game, note="x" * 200).status_code == 201


def test_one_open_call_per_seat(anon, referee_api, game):
    first = _call(anon, game, 3).json()
    again = _call(anon, game, 3)
    assert (again.status_code, _codes(again)) == (409, ["call_open"])
    assert _call(anon, game, 4).status_code == 201  # another seat may call
    referee_api.post(f"/api/calls/{first['id']}/take/")
    assert _codes(_call(anon, game, 3)) == ["call_open"]  # taken counts as open
    referee_api.post(f"/api/calls/{first['id']}/close/")
    assert _call(anon, game, 3).status_code == 201  # closed: the seat may call again


def test_anyone_reads_a_call_without_the_note(api, game):
    created = _call(api, game, 2, note="secret").json()
    answer = api.get(f"/api/calls/{created['id']}/")
    assert answer.status_code == 200
    expected = {k: v for k, v in created.items() if k != "note"}
    assert answer.json() == expected


def test_staff_list_the_calls_oldest_first_with_status_filter(anon, referee_api, referee, game):
    a = _call(anon, game, 1).json()
    b = _call(anon, game, 2).json()
    c = _call(anon, game, 3).json()
    referee_api.post(f"/api/calls/{b['id']}/take/")
    referee_api.post(f"/api/calls/{c['id']}/close/")
    url = f"/api/tournaments/{game.tournament_id}/calls/"
    everything = referee_api.get(url).json()
    assert [x["id"] for x in everything] == [a["id"], b["id"], c["id"]]
    assert everything[0] == a  # as POST answered it, with the note
    assert [x["id"] for x in referee_api.get(url + "?status=open").json()] == [a["id"]]
    assert [x["id"] for x in referee_api.get(url + "?status=taken").json()] == [b["id"]]
    assert [x["id"] for x in referee_api.get(url + "?status=closed").json()] == [c["id"]]
    assert referee_api.get(url + "?status=nonsense").status_code == 400
    assert anon.get(url).status_code == 401
    anon.force_authenticate(factories.make_referee(tournament=factories.make_tournament()))
    assert anon.get(url).status_code == 403


def test_take_and_close(anon, referee_api, referee, game):
    call = _call(anon, game, 3).json()
    taken = referee_api.post(f"/api/calls/{call['id']}/take/")
    assert taken.status_code == 200
    assert (taken.json()["status"], taken.json()["taken_by"]) == ("taken", referee.username)
    # the caller's phone sees who is coming
    assert anon.get(f"/api/calls/{call['id']}/").json()["taken_by"] == referee.username
    closed = referee_api.post(f"/api/calls/{call['id']}/close/")
    assert closed.status_code == 200
    assert (closed.json()["status"], closed.json()["taken_by"]) == ("closed", referee.username)
    for verb in ("take", "close"):
        again = referee_api.post(f"/api/calls/{call['id']}/{verb}/")
        assert (again.status_code, _codes(again)) == (409, ["call_closed"])
    open_call = _call(anon, game, 4).json()
    closed_open = referee_api.post(f"/api/calls/{open_call['id']}/close/").json()
    assert (closed_open["status"], closed_open["taken_by"]) == ("closed", None)
    actions = list(
        AuditEntry.objects.filter(action__startswith="call_").values_list("action", flat=True)
    )
    assert actions == ["call_created", "call_taken", "call_closed", "call_created", "call_closed"]


def test_take_and_close_need_the_tournaments_staff(api, game):
    call = _call(api, game, 3).json()
    assert api.post(f"/api/calls/{call['id']}/take/").status_code == 401
    api.force_authenticate(factories.make_referee(tournament=factories.make_tournament()))
    assert api.post(f"/api/calls/{call['id']}/take/").status_code == 403
    assert api.post(f"/api/calls/{call['id']}/close/").status_code == 403


# --- seats as played -------------------------------------------------------------------------


def _seat_of(pid: int) -> tuple[int, int]:
    seat = Seat.objects.select_related("table").get(participant_id=pid, table__stage=Stage.GROUP)
    return seat.table.number, seat.position


def _draw(api: APIClient, tournament) -> dict[str, Any]:
    return api.get(f"/api/tournaments/{tournament.pk}/group-stage/draw/").json()


def _verify(record: dict[str, Any], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "draw.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-S", "-m", "scoring.verify_draw", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_swap_is_published_as_a_correction_and_verifies(organiser_api, anon, tmp_path):
    tournament = factories.drawn_tournament(11)  # tables of 6 and 5
    record = _draw(anon, tournament)
    assert record["corrections"] == []
    a = record["tables"][0]["seats"][0]["participant"]
    b = record["tables"][1]["seats"][2]["participant"]
    c = record["tables"][0]["seats"][3]["participant"]
    where_a, where_b = _seat_of(a), _seat_of(b)
    answer = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/seat-swaps/", {"a": a, "b": b}, format="json"
    )
    assert answer.status_code == 201
    assert answer.json() == {"a": a, "b": b, "stage": "group", "at": answer.json()["at"]}
    assert (_seat_of(a), _seat_of(b)) == (where_b, where_a)
    # a second swap at the same table
    organiser_api.post(
        f"/api/tournaments/{tournament.pk}/seat-swaps/", {"a": b, "b": c}, format="json"
    )
    corrected = _draw(anon, tournament)
    assert [x["swap"] for x in corrected["corrections"]] == [[a, b], [b, c]]
    assert all(isinstance(x["at"], str) for x in corrected["corrections"])
    seated = {
        s["participant"]: (t["number"], s["position"])
        for t in corrected["tables"]
        for s in t["seats"]
    }
    assert seated[a] == where_b
    assert verify_draw.differences(corrected) == []
    assert _verify(corrected, tmp_path).returncode == 0
    without = {k: v for k, v in corrected.items() if k != "corrections"}
    result = _verify(without, tmp_path)
    assert result.returncode == 1, result.stdout
    assert result.stdout.startswith("DIFFERENT:")
    entry = AuditEntry.objects.filter(action="seat_swapped").first()
    assert entry is not None and entry.after["swap"] == [a, b]


def test_a_swap_after_a_result_at_either_table_is_409(organiser_api, anon):
    tournament = factories.drawn_tournament(10, ruleset="showdown")
    referee_api = APIClient()
    referee_api.force_authenticate(factories.make_referee(tournament=tournament))
    record = _draw(anon, tournament)
    a = record["tables"][0]["seats"][0]["participant"]
    b = record["tables"][1]["seats"][0]["participant"]
    game = Game.objects.get(tournament=tournament, table__number=2, round=1)
    assert (
        referee_api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json").status_code
        == 200
    )
    answer = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/seat-swaps/", {"a": a, "b": b}, format="json"
    )
    assert (answer.status_code, _codes(answer)) == (409, ["table_started"])
    same_table = record["tables"][0]["seats"][1]["participant"]
    ok = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/seat-swaps/", {"a": a, "b": same_table}, format="json"
    )
    assert ok.status_code == 201


def test_not_seated_is_400(organiser_api, anon):
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 11)
    services.participant_withdraw(participant=people[0])
    services.group_stage_draw(tournament=tournament, seed="s")
    other = factories.drawn_tournament(10)
    seated = _draw(anon, tournament)["tables"][0]["seats"][0]["participant"]
    stranger = other.participants.first().pk
    for a, b in [(seated, people[0].pk), (seated, stranger), (seated, 999999), (seated, seated)]:
        answer = organiser_api.post(
            f"/api/tournaments/{tournament.pk}/seat-swaps/", {"a": a, "b": b}, format="json"
        )
        assert (answer.status_code, _codes(answer)) == (400, ["not_seated"]), (a, b)


def test_a_new_draw_starts_with_no_corrections(organiser_api, anon):
    tournament = factories.drawn_tournament(10)
    record = _draw(anon, tournament)
    a, b = (record["tables"][i]["seats"][0]["participant"] for i in (0, 1))
    organiser_api.post(
        f"/api/tournaments/{tournament.pk}/seat-swaps/", {"a": a, "b": b}, format="json"
    )
    assert len(_draw(anon, tournament)["corrections"]) == 1
    organiser_api.post(
        f"/api/tournaments/{tournament.pk}/group-stage/draw/", {"seed": "again"}, format="json"
    )
    assert _draw(anon, tournament)["corrections"] == []


def test_a_knockout_swap_names_its_round(organiser_api, anon):
    tournament = factories.drawn_tournament(10, ruleset="showdown")
    referee = factories.make_referee(tournament=tournament)
    client = APIClient()
    client.force_authenticate(referee)
    for g in Game.objects.filter(tournament=tournament, stage=Stage.GROUP):
        body = _sheriff_wins_at(g)
        assert client.put(f"/api/games/{g.pk}/result/", body, format="json").status_code == 200
    start = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/knockout/start/",
        {"seed": "ko", "field_size": 4},
        format="json",
    ).json()
    assert "tables" in start, start
    seats = start["tables"][0]["seats"]
    a, b = seats[0]["participant"], seats[1]["participant"]
    answer = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/seat-swaps/", {"a": a, "b": b}, format="json"
    )
    assert answer.status_code == 201
    assert answer.json()["stage"] == "knockout-1"
    group_player = next(
        p.pk for p in tournament.participants.all() if p.pk not in {s["participant"] for s in seats}
    )
    refused = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/seat-swaps/", {"a": a, "b": group_player}, format="json"
    )
    assert _codes(refused) == ["not_seated"]


def _sheriff_wins_at(game: Game) -> dict[str, Any]:
    roles = ["renegade", "outlaw", "outlaw", "deputy", "outlaw"]
    seats = []
    others = iter(roles)
    for seat in game.table.seats.order_by("position"):
        if seat.position == game.sheriff_position:
            seats.append({"position": seat.position, "role": "sheriff", "lives": 3})
        else:
            role = next(others)
            seats.append(
                {"position": seat.position, "role": role, "lives": 1 if role == "deputy" else 0}
            )
    return {"seats": seats, "signed": True}


# --- who is here -----------------------------------------------------------------------------


def test_check_in_and_out(anon, organiser_api):
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 3)
    url = f"/api/tournaments/{tournament.pk}/participants/{people[0].pk}/check-in/"
    answer = organiser_api.post(url)
    assert answer.status_code == 200
    assert (answer.json()["id"], answer.json()["checked_in"]) == (people[0].pk, True)
    listed = organiser_api.get(f"/api/tournaments/{tournament.pk}/participants/").json()
    assert [p["checked_in"] for p in listed] == [True, False, False]
    assert "checked_in" not in anon.get(f"/api/tournaments/{tournament.pk}/participants/").json()[0]
    out = organiser_api.delete(url)
    assert (out.status_code, out.json()["checked_in"]) == (200, False)
    assert anon.post(url).status_code == 401
    referee = APIClient()
    referee.force_authenticate(factories.make_referee(tournament=tournament))
    assert referee.post(url).status_code == 200  # staff, not only organisers


def test_a_withdrawn_or_excluded_participant_cannot_check_in(organiser_api):
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 2)
    services.participant_withdraw(participant=people[0])
    Participant.objects.filter(pk=people[1].pk).update(status=Participant.Status.EXCLUDED)
    for person in people:
        answer = organiser_api.post(
            f"/api/tournaments/{tournament.pk}/participants/{person.pk}/check-in/"
        )
        assert (answer.status_code, _codes(answer)) == (409, ["not_active"])


def test_withdraw_absent_then_the_draw_seats_exactly_those_present(organiser_api, anon):
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 14)
    present = people[:11]
    for person in present:
        organiser_api.post(f"/api/tournaments/{tournament.pk}/participants/{person.pk}/check-in/")
    services.participant_withdraw(participant=people[13])  # already withdrawn: not listed again
    answer = organiser_api.post(f"/api/tournaments/{tournament.pk}/participants/withdraw-absent/")
    assert answer.status_code == 200
    body = answer.json()
    assert [p["id"] for p in body] == [people[11].pk, people[12].pk]
    assert all(p["status"] == "withdrawn" and "pin" in p for p in body)
    entry = AuditEntry.objects.get(action="withdrawn_absent")
    assert entry.after["reason"] == "not present at the draw"
    assert entry.after["participants"] == [people[11].pk, people[12].pk]
    drawn = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/group-stage/draw/", {"seed": "x"}, format="json"
    )
    assert drawn.status_code == 201
    seated = sorted(s["participant"] for t in drawn.json()["tables"] for s in t["seats"])
    assert seated == sorted(p.pk for p in present)
    again = organiser_api.post(f"/api/tournaments/{tournament.pk}/participants/withdraw-absent/")
    assert (again.status_code, _codes(again)) == (409, ["draw_locked"])


def test_withdraw_absent_is_for_organisers(api):
    tournament = factories.make_tournament()
    url = f"/api/tournaments/{tournament.pk}/participants/withdraw-absent/"
    assert api.post(url).status_code == 401
    api.force_authenticate(factories.make_referee(tournament=tournament))
    assert api.post(url).status_code == 403
