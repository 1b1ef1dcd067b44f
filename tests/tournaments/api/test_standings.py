"""The standings through the API (``tournaments/api/standings.py``): metric columns."""

from __future__ import annotations

import random

import pytest

from scoring.standings import METRICS
from tests import factories
from tournaments import selectors
from tournaments.api.standings import MetricField, StandingsApi
from tournaments.demo import play_group_rounds

pytestmark = pytest.mark.django_db

ROW_FIELDS = {
    "rank",
    "points",
    "participant",
    "name",
    "nationality",
    "table",
    "position",
    "table_rank",
    "bounty",
    "game_bounty",
    "bonus",
    "deductions",
    "wins",
    "lives",
    "games_played",
    "excluded",
    "withdrawn",
}


def test_every_tie_break_metric_is_a_field_of_the_row():
    fields = StandingsApi.OutputSerializer.RowOut().fields
    assert set(fields) == ROW_FIELDS
    for key in METRICS:
        assert isinstance(fields[key], MetricField)
    # A player without a group seat has no table rank; every other metric has a value.
    assert {key for key in METRICS if fields[key].allow_null} == {"table_rank"}


def test_the_row_answers_each_metric_with_the_standings_value(api, referee):
    tournament = factories.drawn_tournament(12)
    play_group_rounds(tournament, rounds=range(1, 3), rng=random.Random(3), referees=[referee])
    rows = api.get(f"/api/tournaments/{tournament.pk}/standings/").json()["rows"]
    standings = selectors.group_standings(tournament)
    assert [row["participant"] for row in rows] == [r.participant.pk for r in standings.rows]
    for row, expected in zip(rows, standings.rows, strict=True):
        assert set(row) == ROW_FIELDS
        for metric in standings.metrics:
            assert row[metric.key] == expected.metric(metric.key)
