"""The statistics' pure part: the Wilson interval and the counts per size."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.report import GameSpec, SeatReport
from scoring.results import evaluate_result
from scoring.rulesets import Role, Ruleset, Side
from scoring.simulate import random_result
from scoring.statistics import GameRecord, game_statistics, wilson_interval

CHARACTERS = {f"C{i}": 4 for i in range(16)}


@pytest.mark.parametrize(
    ("wins", "games", "expected"),
    [
        (25, 60, (0.301, 0.543)),  # api.md's worked example
        (0, 10, (0.0, 0.278)),
        (10, 10, (0.722, 1.0)),
        (5, 10, (0.237, 0.763)),
        (1, 1, (0.207, 1.0)),
        (50, 100, (0.404, 0.596)),
    ],
)
def test_wilson_interval_matches_worked_values(wins, games, expected):
    low, high = wilson_interval(wins, games)
    assert (round(low, 3), round(high, 3)) == expected


def test_wilson_interval_of_no_games_is_everything_and_refuses_nonsense():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


@settings(deadline=None, database=None)
@given(games=st.integers(1, 5000), data=st.data())
def test_interval_contains_the_rate_and_stays_in_bounds(games, data):
    wins = data.draw(st.integers(0, games))
    low, high = wilson_interval(wins, games)
    assert 0.0 <= low <= wins / games <= high <= 1.0
    assert high - low > 0


def _records(seed: int, count: int) -> list[GameRecord]:
    rng = random.Random(seed)
    records = []
    for _ in range(count):
        size = rng.choice((4, 5, 6))
        sheriff = rng.randint(1, size)
        spec = GameSpec(
            ruleset=Ruleset.BANG,
            positions=tuple(range(1, size + 1)),
            sheriff_position=sheriff,
            characters=CHARACTERS,
        )
        seats, winner = random_result(spec, rng)
        outcome = evaluate_result(spec, seats, winner=winner)
        assert outcome.side is not None
        records.append(GameRecord(round=sheriff, winner=outcome.side, seats=tuple(seats)))
    return records


@settings(deadline=None, database=None)
@given(seed=st.integers(0, 10**6), count=st.integers(0, 60))
def test_counts_add_up_and_rates_are_fractions(seed, count):
    records = _records(seed, count)
    statistics = game_statistics(records)
    assert statistics.games == count
    assert [t.size for t in statistics.tables] == sorted({r.size for r in records})
    for table in statistics.tables:
        assert sum(side.wins for side in table.sides) == table.games
        assert [side.side for side in table.sides] == list(Side)
        assert sum(r.games for r in table.law_by_round) == table.games
        assert sum(r.wins for r in table.law_by_round) == table.side(Side.LAW).wins
        assert 0 <= table.final_duels <= table.side(Side.LAW).wins
        assert 0 <= table.deputy_killed_sheriff <= table.games
        for side in table.sides:
            low, high = side.ci95
            assert 0.0 <= low <= side.rate <= high <= 1.0


def test_final_duel_and_deputy_who_eliminated_the_sheriff_are_counted():
    sheriff_out = GameRecord(
        round=1,
        winner=Side.OUTLAWS,
        seats=(
            SeatReport(1, Role.SHERIFF, lives=0, eliminated_by=2),
            SeatReport(2, Role.DEPUTY, lives=2),
            SeatReport(3, Role.OUTLAW, lives=1),
            SeatReport(4, Role.OUTLAW, lives=0),
            SeatReport(5, Role.RENEGADE, lives=1),
        ),
    )
    duel = GameRecord(
        round=2,
        winner=Side.LAW,
        seats=(
            SeatReport(1, Role.DEPUTY, lives=0),
            SeatReport(2, Role.SHERIFF, lives=3),
            SeatReport(3, Role.OUTLAW, lives=0),
            SeatReport(4, Role.OUTLAW, lives=0),
            SeatReport(5, Role.RENEGADE, lives=0, eliminated_by=2, final_duel=True),
        ),
    )
    outlaw_kill = GameRecord(
        round=2,
        winner=Side.OUTLAWS,
        seats=(
            SeatReport(1, Role.DEPUTY, lives=0),
            SeatReport(2, Role.SHERIFF, lives=0, eliminated_by=3),
            SeatReport(3, Role.OUTLAW, lives=2),
            SeatReport(4, Role.OUTLAW, lives=0),
            SeatReport(5, Role.RENEGADE, lives=0),
        ),
    )
    (table,) = game_statistics([sheriff_out, duel, outlaw_kill]).tables
    assert (table.size, table.games, table.final_duels, table.deputy_killed_sheriff) == (5, 3, 1, 1)
    assert [(r.round, r.games, r.wins) for r in table.law_by_round] == [(1, 1, 0), (2, 2, 1)]
    assert table.side(Side.OUTLAWS).wins == 2
    assert table.side(Side.OUTLAWS).rate == pytest.approx(2 / 3)
