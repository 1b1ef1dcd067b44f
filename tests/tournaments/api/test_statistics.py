"""The statistics endpoints: the shape api.md gives, readable by anyone."""

from __future__ import annotations

import random

import pytest

from tests import factories
from tournaments.models import Stage
from tournaments.simulation import open_games, play_knockout, record_random_results

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    tournament = factories.drawn_tournament(11)
    referee = factories.make_referee()
    record_random_results(
        open_games(tournament, stage=Stage.GROUP), rng=random.Random(4), referees=[referee]
    )
    play_knockout(tournament, seed="k", rng=random.Random(5), referees=[referee])
    return tournament


def test_tournament_statistics_have_the_contract_shape(api, played, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        response = api.get(f"/api/tournaments/{played.pk}/statistics/")
    assert response.status_code == 200
    data = response.json()
    assert data["games"] == 11  # 6 + 5 group games; the knockout is not counted
    assert [t["size"] for t in data["tables"]] == [5, 6]
    six = data["tables"][1]
    assert set(six) == {
        "size",
        "games",
        "sides",
        "final_duels",
        "deputy_killed_sheriff",
        "law_by_round",
    }
    assert set(six["sides"]) == {"law", "outlaws", "renegade"}
    assert sum(side["wins"] for side in six["sides"].values()) == six["games"] == 6
    for side in six["sides"].values():
        low, high = side["ci95"]
        assert low <= side["rate"] <= high
        assert round(low, 3) == low and round(side["rate"], 4) == side["rate"]
    assert [r["round"] for r in six["law_by_round"]] == [1, 2, 3, 4, 5, 6]
    assert all(r["games"] == 1 for r in six["law_by_round"])


def test_server_statistics_filter_by_ruleset_and_refuse_an_unknown_one(api, played):
    data = api.get("/api/statistics/?ruleset=bang").json()
    assert data["games"] == 11 and data["ruleset"] == "bang"
    assert api.get("/api/statistics/").json()["games"] == 11  # BANG! by default
    assert api.get("/api/statistics/?ruleset=showdown").json() == {
        "ruleset": "showdown",
        "games": 0,
        "tables": [],
    }
    refused = api.get("/api/statistics/?ruleset=poker")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "ruleset"
