"""The format model (rules.md §14): the presets, the points table, its JSON form.

The worked examples restate the Czech table of rules.md §14 cell by cell; the
property tests price random valid results with random points tables and compare
with a recomputation written here from the JSON form, independently of
``scoring.bounty``.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.formats import (
    PRESETS,
    FormatKey,
    PointsError,
    effective_format,
    format_settings,
    points_from_json,
    points_to_json,
)
from scoring.report import SeatReport
from scoring.results import GameSpec, evaluate_result
from scoring.rulesets import BASE_CHARACTERS, Role, Ruleset
from scoring.simulate import random_result
from scoring.standings import PlayerLine, rank_standings

S, D, O, R = Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.RENEGADE
CZECH = PRESETS[FormatKey.CZECH_CLUB]
GERMAN = PRESETS[FormatKey.GERMAN_CHAMPIONSHIP]
CHARACTERS = {character.name: character.life_points for character in BASE_CHARACTERS}
NAMES = sorted(name for name, points in CHARACTERS.items() if points == 4)


def seats_of(*rows: tuple[Any, ...]) -> list[SeatReport]:
    """(role, lives[, eliminated_by[, final_duel[, last_three]]]) rows, positions 1, 2, ..."""
    seats = []
    for position, (role, lives, *rest) in enumerate(rows, start=1):
        seats.append(
            SeatReport(
                position=position,
                role=role,
                character=NAMES[position],
                lives=lives,
                eliminated_by=rest[0] if rest else None,
                final_duel=rest[1] if len(rest) > 1 else False,
                last_three=rest[2] if len(rest) > 2 else False,
            )
        )
    return seats


def czech_points(seats: list[SeatReport]) -> dict[int, int]:
    spec = GameSpec(
        ruleset=Ruleset.BANG,
        positions=tuple(seat.position for seat in seats),
        sheriff_position=1,
        characters=CHARACTERS,
    )
    outcome = evaluate_result(spec, seats)
    assert outcome.side is not None
    return CZECH.game_bounty(seats=seats, side=outcome.side, size=len(seats))


def test_czech_law_wins_at_five_the_deputy_alive_or_dead() -> None:
    alive = seats_of((S, 2), (D, 1), (O, 0), (O, 0), (R, 0))
    assert czech_points(alive) == {1: 35, 2: 35, 3: 0, 4: 0, 5: 0}
    dead = seats_of((S, 2), (D, 0), (O, 0), (O, 0), (R, 0))
    assert czech_points(dead) == {1: 35, 2: 20, 3: 0, 4: 0, 5: 0}


def test_czech_final_duel_at_four_and_at_five() -> None:
    four = seats_of((S, 1), (R, 0, 1, True), (O, 0), (O, 0))
    assert czech_points(four) == {1: 30, 2: 16, 3: 0, 4: 0}
    five = seats_of((S, 1), (D, 0), (O, 0), (O, 0), (R, 0, None, True))
    assert czech_points(five) == {1: 35, 2: 20, 3: 0, 4: 0, 5: 24}


def test_czech_outlaws_win_alive_dead_and_the_renegade_alive() -> None:
    five = seats_of((S, 0, 3), (D, 0), (O, 2), (O, 0), (R, 1))
    assert czech_points(five) == {1: 0, 2: 0, 3: 25, 4: 20, 5: 5}
    four = seats_of((S, 0, 3), (R, 0), (O, 1), (O, 0))
    assert czech_points(four) == {1: 0, 2: 0, 3: 20, 4: 16}


def test_czech_renegade_wins_the_sheriff_and_a_deputy_among_the_last_three() -> None:
    five = seats_of((S, 0, 5), (D, 0, None, False, True), (O, 0), (O, 0), (R, 3))
    assert czech_points(five) == {1: 5, 2: 2, 3: 0, 4: 0, 5: 75}
    four = seats_of((S, 0, 4), (O, 0), (O, 0), (R, 2))
    assert czech_points(four) == {1: 4, 2: 0, 3: 0, 4: 50}


def test_czech_has_no_bonuses_and_plays_in_two_parts_with_a_final_table() -> None:
    assert (CZECH.survivor_bonus, CZECH.deputy_kills_sheriff, CZECH.small_table_bonus) == (0, 0, 0)
    assert [(part.games, part.redraw) for part in CZECH.parts] == [(3, False), (2, True)]
    assert (CZECH.sheriff, CZECH.time_limit_minutes, CZECH.time_rule) == ("lot", 15, "high_noon")
    assert (CZECH.final.type, CZECH.final.size, CZECH.final.games) == ("table", 5, 5)
    assert CZECH.tie_breaks == ("points", "wins", "lives")


def test_the_german_preset_is_the_bounty_of_rules_md_section_4() -> None:
    settings_ = format_settings(GERMAN)
    assert settings_["points"]["6"]["law"] == {
        "sheriff": 3000,
        "deputy": 2000,
        "renegade": {"final_duel": 1500, "else": 0},
    }
    assert settings_["bounty_outlaw_5"] == 2000
    assert settings_["five_table_bonus"] == settings_["small_table_bonus"] == 1400
    assert GERMAN.is_small_table(5) and not GERMAN.is_small_table(6)
    assert "bounty_sheriff_5" not in format_settings(CZECH)


def test_a_patch_replaces_only_the_cells_it_names() -> None:
    changed = effective_format(
        FormatKey.CZECH_CLUB, {"points": {"5": {"renegade": {"renegade": 80}}}}
    )
    table = points_to_json(changed.points)
    assert table["5"]["renegade"] == {
        "renegade": 80,
        "sheriff": 5,
        "deputy": {"last_three": 2, "else": 0},
    }
    assert table["4"] == points_to_json(CZECH.points)["4"]


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ({"8": {}}, "size"),
        ({"2": {}}, "size"),
        ({"5": {"cowboys": {}}}, "side"),
        ({"5": {"law": {"sheriff_5": 1}}}, "role"),
        ({"5": {"law": {"deputy": {"alive": 1}}}}, "split"),
        ({"5": {"law": {"deputy": {"alive": 1, "else": 0}}}}, "split"),
        ({"5": {"law": {"deputy": 1.5}}}, "amount"),
        ({"5": {"law": {"deputy": True}}}, "amount"),
        ({"5": {"law": {"deputy": 100_001}}}, "amount"),
    ],
)
def test_a_points_table_that_is_not_one_is_refused(raw: Any, problem: str) -> None:
    with pytest.raises(PointsError) as caught:
        points_from_json(raw)
    assert caught.value.problem == problem


# --- property: the standings equal a recomputation from the table ------------------------

amounts = st.integers(min_value=-100_000, max_value=100_000)


@st.composite
def cells(draw: st.DrawFn) -> Any:
    kind = draw(st.sampled_from(["plain", "alive", "final_duel", "last_three"]))
    if kind == "plain":
        return draw(amounts)
    other = "dead" if kind == "alive" else "else"
    return {kind: draw(amounts), other: draw(amounts)}


points_tables = st.dictionaries(
    st.sampled_from(["4", "5"]),
    st.dictionaries(
        st.sampled_from(["law", "outlaws", "renegade"]),
        st.dictionaries(st.sampled_from(["sheriff", "deputy", "outlaw", "renegade"]), cells()),
    ),
)


def recomputed(table: dict[str, Any], size: int, side: str, seat: SeatReport) -> int:
    """A seat's points read straight from the JSON form (rules.md §14)."""
    cell = table.get(str(size), {}).get(side, {}).get(str(seat.role), 0)
    if isinstance(cell, int):
        return cell
    if "alive" in cell:
        return cell["alive"] if (seat.lives or 0) > 0 else cell["dead"]
    flag = "final_duel" if "final_duel" in cell else "last_three"
    return cell[flag] if getattr(seat, flag) else cell["else"]


@settings(max_examples=60, deadline=None)
@given(table=points_tables, seed=st.integers(min_value=0, max_value=2**32))
def test_standings_equal_a_recomputation_from_the_points_table(
    table: dict[str, Any], seed: int
) -> None:
    fmt = effective_format(FormatKey.CZECH_CLUB, {"points": table})
    rng = random.Random(seed)
    players = list(range(1, 10))  # 9 players: a table of 5 and one of 4
    totals: dict[int, int] = defaultdict(int)
    expected: dict[int, int] = defaultdict(int)
    wins: dict[int, int] = defaultdict(int)
    lives: dict[int, int] = defaultdict(int)
    for _game in range(4):
        rng.shuffle(players)
        for members in (players[:5], players[5:]):
            spec = GameSpec(
                ruleset=Ruleset.SHOWDOWN,
                positions=tuple(range(1, len(members) + 1)),
                sheriff_position=rng.randint(1, len(members)),
            )
            seats, _winner = random_result(spec, rng)
            outcome = evaluate_result(spec, seats)
            assert outcome.side is not None
            points = fmt.game_bounty(seats=seats, side=outcome.side, size=len(members))
            for seat in seats:
                pid = members[seat.position - 1]
                totals[pid] += points[seat.position]
                expected[pid] += recomputed(
                    points_to_json(fmt.points), len(members), outcome.side.value, seat
                )
                wins[pid] += seat.position in outcome.winning_positions
                lives[pid] += seat.lives or 0
    assert dict(totals) == dict(expected)
    lines = [
        PlayerLine(
            participant=pid,
            table=1,
            position=1,
            bounty=totals[pid],
            wins=wins[pid],
            lives=lives[pid],
            games_played=4,
        )
        for pid in players
    ]
    ranked = rank_standings(lines, precedence=fmt.tie_breaks)
    keys = [
        (-expected[r.line.participant], -wins[r.line.participant], -lives[r.line.participant])
        for r in ranked
    ]
    assert keys == sorted(keys)
    for index in range(1, len(ranked)):
        same = keys[index - 1] == keys[index]
        assert (ranked[index - 1].rank == ranked[index].rank) == same
