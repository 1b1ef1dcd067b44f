"""A Czech club tournament of 23 players played through the API (rules.md §14).

Registration, part I drawn and played, part II drawn anew and played, the final
table of the 5 best, its 5 games, the ranking. Every check is recomputed here
from what the API published (the points table of the tournament's ``settings``,
the draw records, the results' answers), not with ``scoring.bounty`` or the
standings code.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from scoring.report import GameSpec
from scoring.rulesets import Ruleset
from scoring.simulate import random_result
from tests import factories

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
CHARACTERS = {
    row["fields"]["name"]: row["fields"]["life_points"]
    for row in json.loads(factories.CHARACTERS_FIXTURE.read_text(encoding="utf-8"))
}
CONDITIONS = {"alive", "final_duel", "last_three"}


def _points_of(settings: dict[str, Any], *, size: int, winner: str, seat: dict[str, Any]) -> int:
    """What the published points table gives this seat (the API's JSON, read here)."""
    cell = settings["points"].get(str(size), {}).get(winner, {}).get(seat["role"], 0)
    if isinstance(cell, dict):
        (condition,) = CONDITIONS & set(cell)
        holds = {
            "alive": (seat["lives"] or 0) > 0,
            "final_duel": seat["final_duel"],
            "last_three": seat["last_three"],
        }[condition]
        other = "dead" if condition == "alive" else "else"
        cell = cell[condition] if holds else cell[other]
    amount = int(cell)
    if (seat["lives"] or 0) > 0:
        amount += settings["survivor_bonus"]
    return amount


class Day:
    """One tournament's API, with what the test has recomputed so far."""

    def __init__(self, api: APIClient, referee_api: APIClient, tournament: dict[str, Any]):
        self.api = api
        self.referee_api = referee_api
        self.id = tournament["id"]
        self.settings = tournament["settings"]
        self.rng = random.Random(23)
        self.totals: Counter[int] = Counter()
        self.wins: Counter[int] = Counter()
        self.lives: Counter[int] = Counter()
        self.last_three_claims = 0

    def url(self, rest: str) -> str:
        return f"/api/tournaments/{self.id}/{rest}"

    def games(self, **query: Any) -> list[dict[str, Any]]:
        response = self.api.get(self.url("games/"), query)
        assert response.status_code == 200, response.content
        return sorted(response.json(), key=lambda game: (game["round"], game["table"]))

    def play(self, game: dict[str, Any]) -> dict[str, Any]:
        """A random valid result for the game, with ``last_three`` where it applies."""
        spec = GameSpec(
            ruleset=Ruleset.BANG,
            positions=tuple(seat["position"] for seat in game["seats"]),
            sheriff_position=game["sheriff_position"],
            characters=CHARACTERS,
        )
        reports, winner = random_result(spec, self.rng)
        seats = [
            {
                "position": r.position,
                "role": r.role.value if r.role else None,
                "character": r.character,
                "lives": r.lives,
                "eliminated_by": r.eliminated_by,
                "final_duel": r.final_duel,
            }
            for r in reports
        ]
        alive = {seat["role"] for seat in seats if seat["lives"]}
        renegade_won = alive == {"renegade"}
        for seat in seats:
            if seat["role"] == "deputy" and renegade_won and self.rng.random() < 0.7:
                seat["last_three"] = True
        body = {"seats": seats, "winner": winner, "signed": True}
        response = self.referee_api.put(f"/api/games/{game['id']}/result/", body, format="json")
        assert response.status_code == 200, response.content
        answer = response.json()
        by_position = {seat["position"]: seat for seat in game["seats"]}
        for seat in answer["seats"]:
            expected = _points_of(
                self.settings, size=game["size"], winner=answer["winner"], seat=seat
            )
            assert seat["bounty"] == expected, (game, seat)
            assert seat["participant"] == by_position[seat["position"]]["participant"]
            self.last_three_claims += seat["last_three"]
            if game["stage"] == "group":
                self.totals[seat["participant"]] += expected
                self.wins[seat["participant"]] += seat["won"]
                self.lives[seat["participant"]] += seat["lives"] or 0
        return answer

    def draw(self, seed: str, part: int, organiser_api: APIClient) -> dict[str, Any]:
        response = organiser_api.post(
            self.url("group-stage/draw/"), {"seed": seed, "part": part}, format="json"
        )
        assert response.status_code == 201, response.content
        record = self.api.get(self.url("group-stage/draw/"), {"part": part}).json()
        assert record["part"] == part
        return record


def _tables(record: dict[str, Any]) -> list[list[int]]:
    return [[seat["participant"] for seat in table["seats"]] for table in record["tables"]]


def _sheriffs_per_part(games: list[dict[str, Any]]) -> Counter[int]:
    sheriffs: Counter[int] = Counter()
    for game in games:
        at = {seat["position"]: seat["participant"] for seat in game["seats"]}
        sheriffs[at[game["sheriff_position"]]] += 1
    return sheriffs


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


def test_a_czech_club_day_of_23_players_through_the_api(
    api, organiser_api, referee, tmp_path, django_assert_max_num_queries
):
    factories.ensure_reference_data()
    referee_api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    referee_api.force_authenticate(referee)
    created = organiser_api.post(
        "/api/tournaments/",
        {
            "name": "Klubový turnaj",
            "date": "2027-04-10",
            "ruleset": "bang",
            "format": "czech_club",
            "settings": {"title": "Mistr klubu", "title_nationality": "CZ"},
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    day = Day(api, referee_api, created.json())
    assert day.settings["final"] == {"type": "table", "size": 5, "games": 5}
    players = [
        {"name": f"Hráč {n:02d}", "nationality": "CZ" if n % 3 else "SK"} for n in range(1, 24)
    ]
    registered = organiser_api.post(day.url("participants/"), players, format="json")
    assert registered.status_code == 201, registered.content
    nationality = {p["id"]: p["nationality"] for p in registered.json()}

    # Part I: tables of 5, 5, 5, 4, 4; 3 games each; nobody Sheriff twice.
    first = day.draw("Praha", 1, organiser_api)
    assert sorted(len(t) for t in _tables(first)) == [4, 4, 5, 5, 5]
    early = organiser_api.post(day.url("knockout/start/"), {"seed": "x"}, format="json")
    assert early.status_code == 409 and early.json()["errors"][0]["code"] == "round_incomplete"
    part_one = day.games(stage="group", part=1)
    assert len(part_one) == 15
    assert max(_sheriffs_per_part(part_one).values()) == 1
    for game in part_one:
        day.play(game)
    # Part I complete, part II not drawn: the final table must wait.
    waiting = organiser_api.post(day.url("knockout/start/"), {"seed": "x"}, format="json")
    assert waiting.status_code == 409 and waiting.json()["errors"][0]["code"] == "round_incomplete"

    # Part II drawn anew: no pair of players meets again; 2 games a table.
    second = day.draw("Brno", 2, organiser_api)
    pairs_before = {frozenset(p) for table in _tables(first) for p in combinations(table, 2)}
    pairs_now = {frozenset(p) for table in _tables(second) for p in combinations(table, 2)}
    assert pairs_before & pairs_now == set()
    verified = _verify(second, tmp_path)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    part_two = day.games(stage="group", part=2)
    assert len(part_two) == 10 and {g["round"] for g in part_two} == {1, 2}
    assert max(_sheriffs_per_part(part_two).values()) == 1
    for game in part_two:
        day.play(game)
    assert day.last_three_claims > 0  # the Deputy's cell "among the last three" was priced

    # The standings: total points, then games won, then lives (rules.md §14).
    with django_assert_max_num_queries(14):
        standings = api.get(day.url("standings/")).json()
    assert standings["complete"] is True
    rows = standings["rows"]
    assert len(rows) == 23
    key = {pid: (day.totals[pid], day.wins[pid], day.lives[pid]) for pid in nationality}
    for row in rows:
        assert row["bounty"] == day.totals[row["participant"]]
        assert (row["wins"], row["lives"]) == key[row["participant"]][1:]
    for above, below in pairwise(rows):
        assert key[above["participant"]] >= key[below["participant"]]
        assert (above["rank"] == below["rank"]) == (
            key[above["participant"]] == key[below["participant"]]
        )

    # The final table: the 5 best, positions by lot, the player at position r Sheriff in game r.
    started = organiser_api.post(day.url("knockout/start/"), {"seed": "Olomouc"}, format="json")
    assert started.status_code == 201, started.content
    final = started.json()
    assert final["stage"] == "final"
    (table,) = final["tables"]
    assert table["number"] == 1 and table["size"] == 5
    assert table["sheriff_positions"] == [1, 2, 3, 4, 5]
    finalists = final["seeding"]
    rank_of = {row["participant"]: row["rank"] for row in rows}
    cut = sorted(rank_of[p] for p in finalists)[-1]
    assert len(finalists) == 5
    assert all(rank_of[p] <= cut for p in finalists)
    assert all(rank_of[r["participant"]] >= cut for r in rows if r["participant"] not in finalists)
    assert [rank_of[p] for p in finalists] == sorted(rank_of[p] for p in finalists)
    assert {s["participant"] for s in table["seats"]} == set(finalists)
    again = organiser_api.post(day.url("knockout/start/"), {"seed": "x"}, format="json")
    assert again.status_code == 409
    assert api.get(day.url("knockout/")).json() == final

    final_games = day.games(stage="final")
    assert [g["round"] for g in final_games] == [1, 2, 3, 4, 5]
    assert [g["sheriff_position"] for g in final_games] == [1, 2, 3, 4, 5]
    final_points: Counter[int] = Counter()
    for game in final_games:
        assert api.get(day.url("ranking/")).json()["final"] is False
        for seat in day.play(game)["seats"]:
            final_points[seat["participant"]] += seat["bounty"]

    # The ranking (rules.md §14): the finalists by their final points, then standings place.
    with django_assert_max_num_queries(12):
        ranking = api.get(day.url("ranking/")).json()
    assert ranking["final"] is True
    places = [(row["place"], row["participant"]) for row in ranking["rows"]]
    seeding_index = {p: i for i, p in enumerate(finalists)}
    expected_top = sorted(finalists, key=lambda p: (-final_points[p], seeding_index[p]))
    assert places[:5] == list(enumerate(expected_top, start=1))
    assert ranking["champion"] == expected_top[0]
    rest = [row for row in rows if row["participant"] not in finalists]
    assert [p for _place, p in places[5:]] == [row["participant"] for row in rest]
    expected_places: dict[int, int] = {}
    for index, row in enumerate(rest):
        previous = rest[index - 1] if index else None
        shares = previous is not None and previous["rank"] == row["rank"]
        expected_places[row["participant"]] = (
            expected_places[previous["participant"]] if shares and previous else 6 + index
        )
    assert {p: place for place, p in places[5:]} == expected_places
    # The title goes to the best-placed Czech (title_nationality CZ), not to a Slovak.
    best_czech = next(p for _place, p in places if nationality[p] == "CZ")
    assert ranking["title_holder"] == best_czech
    # The tournament is over: nothing to close; the standings did not move.
    closed = organiser_api.post(day.url("knockout/next-round/"), {}, format="json")
    assert closed.status_code == 409
    assert closed.json()["errors"][0]["code"] == "knockout_finished"
    assert api.get(day.url("standings/")).json()["rows"] == rows
