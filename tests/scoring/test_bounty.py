"""Worked bounty examples of rules.md §4, checked seat by seat."""

import pytest

from scoring.bounty import tournament_total
from scoring.formats import PRESETS, FormatKey, effective_format
from scoring.results import GameSpec, SeatReport, evaluate_result
from scoring.rulesets import BASE_CHARACTERS, Role, Ruleset, Side

S, D, O, R = Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.RENEGADE
CHARACTERS = {character.name: character.life_points for character in BASE_CHARACTERS}
FOUR_LIVES = sorted(name for name, points in CHARACTERS.items() if points == 4)
GERMAN = PRESETS[FormatKey.GERMAN_CHAMPIONSHIP]


def seats_of(*rows: tuple) -> list[SeatReport]:
    """Seats from (role, lives[, eliminated_by[, final_duel]]) rows, positions 1, 2, ..."""
    seats = []
    for position, (role, lives, *rest) in enumerate(rows, start=1):
        eliminated_by = rest[0] if rest else None
        final_duel = rest[1] if len(rest) > 1 else False
        seats.append(
            SeatReport(
                position=position,
                role=role,
                character=FOUR_LIVES[position],
                lives=lives,
                eliminated_by=eliminated_by,
                final_duel=final_duel,
            )
        )
    return seats


def bounty_of(seats: list[SeatReport], *, size_category: int | None = None) -> dict[int, int]:
    """The game's bounty, after checking the example is a valid result."""
    spec = GameSpec(
        ruleset=Ruleset.BANG,
        positions=tuple(seat.position for seat in seats),
        sheriff_position=None,
        characters=CHARACTERS,
    )
    outcome = evaluate_result(spec, seats)
    assert outcome.side is not None
    return GERMAN.game_bounty(seats=seats, side=outcome.side, size=size_category or len(seats))


def test_law_wins_at_a_6_table() -> None:
    seats = seats_of((S, 2), (D, 0, 3), (O, 0), (O, 0), (O, 0), (R, 0))
    assert bounty_of(seats) == {1: 3000 + 150, 2: 2000, 3: 0, 4: 0, 5: 0, 6: 0}


def test_law_wins_at_a_5_table_with_a_surviving_deputy() -> None:
    seats = seats_of((S, 1), (D, 3), (O, 0), (O, 0), (R, 0))
    assert bounty_of(seats) == {1: 2500 + 150, 2: 1500 + 150, 3: 0, 4: 0, 5: 0}


def test_final_duel_at_a_6_table() -> None:
    seats = seats_of((S, 1), (D, 0), (O, 0), (O, 0), (O, 0), (R, 0, 1, True))
    assert bounty_of(seats) == {1: 3150, 2: 2000, 3: 0, 4: 0, 5: 0, 6: 1500}


def test_final_duel_at_a_5_table() -> None:
    seats = seats_of((S, 4), (D, 0), (O, 0), (O, 0), (R, 0, None, True))
    assert bounty_of(seats)[5] == 1500
    assert bounty_of(seats)[1] == 2650


def test_outlaws_win_at_a_6_table_also_those_already_out() -> None:
    seats = seats_of((S, 0, 4), (D, 2), (O, 0), (O, 1), (O, 0), (R, 0))
    # The surviving Deputy lost but still gets the survivor's 150.
    assert bounty_of(seats) == {1: 0, 2: 150, 3: 1500, 4: 1650, 5: 1500, 6: 0}


def test_outlaws_win_at_a_5_table() -> None:
    seats = seats_of((S, 0), (D, 0), (O, 3), (O, 0), (R, 2))
    assert bounty_of(seats) == {1: 0, 2: 0, 3: 2150, 4: 2000, 5: 150}


def test_deputy_who_eliminates_the_sheriff_loses_1000() -> None:
    seats = seats_of((S, 0, 2), (D, 1), (O, 0), (O, 2), (O, 0), (R, 0))
    assert bounty_of(seats) == {1: 0, 2: -1000 + 150, 3: 1500, 4: 1650, 5: 1500, 6: 0}


def test_sheriff_eliminating_a_deputy_costs_nothing() -> None:
    seats = seats_of((S, 3), (D, 0, 1), (O, 0), (O, 0), (R, 0))
    assert bounty_of(seats) == {1: 2650, 2: 1500, 3: 0, 4: 0, 5: 0}


def test_renegade_wins() -> None:
    seats6 = seats_of((S, 0, 6), (D, 0), (O, 0), (O, 0), (O, 0), (R, 1))
    assert bounty_of(seats6) == {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 4150}
    seats5 = seats_of((S, 0), (R, 4), (O, 0), (O, 0), (D, 0))
    assert bounty_of(seats5) == {1: 0, 2: 4150, 3: 0, 4: 0, 5: 0}


def test_table_that_lost_a_player_keeps_its_category() -> None:
    # A 6-table plays on with 5 players: 6-table amounts.
    seats = seats_of((S, 2), (D, 0), (O, 0), (O, 0), (R, 0))
    assert bounty_of(seats, size_category=6) == {1: 3150, 2: 2000, 3: 0, 4: 0, 5: 0}


def test_amounts_are_settings_and_the_german_keys_name_cells() -> None:
    changed = effective_format(
        FormatKey.GERMAN_CHAMPIONSHIP,
        {"bounty_sheriff_5": 1000, "bounty_survivor": 10, "bounty_final_duel": 7},
    )
    seats = seats_of((S, 2), (D, 0), (O, 0), (O, 0), (R, 0, None, True))
    assert changed.game_bounty(seats=seats, side=Side.LAW, size=5) == {
        1: 1010,
        2: 1500,
        3: 0,
        4: 0,
        5: 7,
    }


def test_a_size_the_points_table_does_not_name_scores_only_the_bonuses() -> None:
    seats = seats_of((S, 2), (R, 0), (O, 0), (O, 0))
    assert GERMAN.game_bounty(seats=seats, side=Side.LAW, size=4) == {1: 150, 2: 0, 3: 0, 4: 0}


def test_tournament_total() -> None:
    bonus = GERMAN.small_table_bonus
    assert (
        tournament_total(
            game_bounties=[3150, 0, 2000, 150, 4000], small_table=False, small_table_bonus=bonus
        )
        == 9300
    )
    # A 5-table player: bonus 1400 once, and a referee's deduction of 500.
    assert (
        tournament_total(
            game_bounties=[2650, 0, 2000, 150, 0],
            small_table=True,
            small_table_bonus=bonus,
            deductions=500,
        )
        == 4800 + 1400 - 500
    )
    assert tournament_total(game_bounties=[], small_table=True, small_table_bonus=bonus) == 1400
    assert tournament_total(game_bounties=iter([100]), small_table=True, small_table_bonus=0) == 100


def test_deductions_are_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        tournament_total(
            game_bounties=[100], small_table=False, small_table_bonus=0, deductions=-500
        )
