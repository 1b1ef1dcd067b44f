"""Validating reported results and deriving the winner (rules.md §5, §8).

Hand-written examples for every problem code, then hypothesis properties: valid
results (from ``random_result`` and from an independent construction of end
states) are accepted with the right winner, and breaking exactly one rule of a
valid result yields exactly that rule's code.
"""

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest
from django.utils import translation
from django.utils.functional import Promise
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.endings import EndReport, reachable
from scoring.results import (
    PROBLEM_CODES,
    GameSpec,
    Outcome,
    Problem,
    ResultInvalid,
    SeatReport,
    derive_side,
    evaluate_result,
    seat_max_lives,
    validate_result,
)
from scoring.rulesets import (
    BASE_CHARACTERS,
    ROLES_BY_PLAYER_COUNT,
    THREE_PLAYER_ROLES,
    THREE_PLAYER_TARGET,
    Role,
    Ruleset,
    Side,
)
from scoring.simulate import random_result

S, D, O, R = Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.RENEGADE
CHARACTERS = {character.name: character.life_points for character in BASE_CHARACTERS}
EXPANSION = {**CHARACTERS, "Big Spencer": 9, "Belle Star": 4, "Greg Digger": 4, "Tequila Joe": 4}

FAST = settings(
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


# --- helpers -------------------------------------------------------------------------------


def bang_spec(
    positions: Sequence[int] = (1, 2, 3, 4, 5, 6), sheriff_position: int | None = 2
) -> GameSpec:
    return GameSpec(
        ruleset=Ruleset.BANG,
        positions=tuple(positions),
        sheriff_position=sheriff_position,
        characters=CHARACTERS,
    )


def showdown_spec(
    positions: Sequence[int] = (1, 2, 3, 4, 5), sheriff_position: int | None = 1, **kwargs: bool
) -> GameSpec:
    return GameSpec(
        ruleset=Ruleset.SHOWDOWN,
        positions=tuple(positions),
        sheriff_position=sheriff_position,
        characters={},
        **kwargs,
    )


def law_wins() -> list[SeatReport]:
    """A valid 6-table result of round 2: the Sheriff and the Deputy survive."""
    return [
        SeatReport(1, O, "Bart Cassidy", 0, eliminated_by=2),
        SeatReport(2, S, "Willy the Kid", 3),
        SeatReport(3, R, "Jourdonnais", 0),
        SeatReport(4, O, "El Gringo", 0),
        SeatReport(5, D, "Kit Carlson", 2),
        SeatReport(6, O, "Lucky Duke", 0),
    ]


def change(seats: Sequence[SeatReport], position: int, **changes: object) -> list[SeatReport]:
    return [replace(seat, **changes) if seat.position == position else seat for seat in seats]


def codes(problems: Sequence[Problem]) -> list[str]:
    return [problem.code for problem in problems]


def the_problem(problems: Sequence[Problem]) -> Problem:
    assert len(problems) == 1, codes(problems)
    return problems[0]


def english(problem: Problem) -> str:
    assert isinstance(problem.message, Promise)  # translated lazily
    with translation.override("en"):
        return str(problem.message)


def top(spec: GameSpec, role: Role | None, character: str | None) -> int:
    """The lives maximum, restated independently of the code under test."""
    sheriff = role == S and spec.player_count >= 4
    if spec.ruleset == Ruleset.BANG:
        assert character is not None
        return spec.characters[character] + sheriff
    if not sheriff:
        return 3
    return 5 if spec.tougher_sheriff and spec.player_count != 5 else 4


# --- valid results ------------------------------------------------------------------------


def test_valid_result_law_wins() -> None:
    outcome = evaluate_result(bang_spec(), law_wins())
    assert outcome == Outcome(winner="law", winning_positions=frozenset({2, 5}), side=Side.LAW)
    assert validate_result(bang_spec(), law_wins(), winner="law") == []


def test_outlaws_win_also_those_already_out() -> None:
    seats = change(law_wins(), 2, lives=0, eliminated_by=1)
    seats = change(seats, 1, lives=1, eliminated_by=None)
    outcome = evaluate_result(bang_spec(), seats, winner="outlaws")
    assert outcome.side == Side.OUTLAWS
    assert outcome.winning_positions == {1, 4, 6}


def test_knockout_table_of_seven_with_the_sheriff_anywhere() -> None:
    seats = [
        SeatReport(1, D, "Black Jack", 0),
        SeatReport(2, O, "Calamity Janet", 0),
        SeatReport(3, O, "El Gringo", 0),
        SeatReport(4, R, "Jesse Jones", 2),
        SeatReport(5, S, "Kit Carlson", 0, eliminated_by=4),
        SeatReport(6, O, "Lucky Duke", 0),
        SeatReport(7, D, "Paul Regret", 0),
    ]
    spec = bang_spec(positions=range(1, 8), sheriff_position=None)
    assert evaluate_result(spec, seats) == Outcome("renegade", frozenset({4}), Side.RENEGADE)


def test_table_after_a_withdrawal_plays_with_five_roles() -> None:
    seats = [seat for seat in law_wins() if seat.position != 6]
    spec = bang_spec(positions=(1, 2, 3, 4, 5))
    assert evaluate_result(spec, seats).side == Side.LAW
    seats = [seat for seat in law_wins() if seat.position != 3]
    assert codes(validate_result(bang_spec(positions=(1, 2, 4, 5, 6)), seats)) == [
        "wrong_role_count"
    ]


def test_showdown_result_without_characters() -> None:
    seats = [
        SeatReport(1, S, lives=4),
        SeatReport(2, O, lives=0),
        SeatReport(3, D, lives=3),
        SeatReport(4, O, lives=0),
        SeatReport(5, R, lives=0, final_duel=False),
    ]
    assert evaluate_result(showdown_spec(), seats).side == Side.LAW


def test_roles_may_be_given_as_strings() -> None:
    seats = [replace(seat, role=str(seat.role.value)) for seat in law_wins()]
    assert evaluate_result(bang_spec(), seats).side == Side.LAW


@pytest.mark.parametrize(
    ("lives", "expected"),
    [  # lives of the Sheriff, Renegade, Outlaw, Outlaw, Deputy
        ((2, 0, 0, 0, 1), Side.LAW),
        ((2, 0, 0, 0, 0), Side.LAW),
        ((0, 3, 0, 0, 0), Side.RENEGADE),
        ((0, 0, 0, 0, 0), Side.OUTLAWS),  # everybody out at once: the Outlaws win
        ((0, 3, 0, 0, 1), Side.OUTLAWS),
        ((0, 0, 1, 0, 0), Side.OUTLAWS),
        ((0, 0, 0, 0, 4), Side.OUTLAWS),
        ((1, 1, 0, 0, 0), None),
        ((1, 0, 0, 2, 2), None),
    ],
)
def test_derive_side(lives: tuple[int, ...], expected: Side | None) -> None:
    roles = ROLES_BY_PLAYER_COUNT[5]
    assert roles == (S, R, O, O, D)
    seats = [
        SeatReport(position, role, lives=left)
        for position, (role, left) in enumerate(zip(roles, lives, strict=True), start=1)
    ]
    assert derive_side(seats) == expected


def test_derive_side_needs_one_sheriff() -> None:
    with pytest.raises(ValueError, match="one Sheriff"):
        derive_side([SeatReport(1, O, lives=1), SeatReport(2, R, lives=0)])


def test_evaluate_raises_with_every_problem() -> None:
    seats = change(law_wins(), 6, lives=9)
    seats = change(seats, 4, character="Nobody")
    with pytest.raises(ResultInvalid) as caught:
        evaluate_result(bang_spec(), seats)
    assert codes(caught.value.problems) == ["unknown_character", "lives_out_of_range"]
    assert "lives_out_of_range" in str(caught.value)


def test_spec_errors_are_programming_errors() -> None:
    with pytest.raises(ValueError, match="2 to 7"):
        validate_result(bang_spec(positions=range(1, 9)), [])
    with pytest.raises(ValueError, match="repeat"):
        validate_result(bang_spec(positions=(1, 1, 2, 3)), [])
    with pytest.raises(ValueError, match="Sheriff position"):
        validate_result(bang_spec(sheriff_position=7), law_wins())


def test_every_code_is_listed() -> None:
    assert len(PROBLEM_CODES) == 21


# --- one example per problem code ---------------------------------------------------------


def test_missing_seat() -> None:
    seats = [seat for seat in law_wins() if seat.position != 4]
    problem = the_problem(validate_result(bang_spec(), seats))
    assert (problem.code, problem.position, problem.field) == ("missing_seat", 4, "seats")
    assert english(problem) == "Seat 4 has no entry."


def test_unknown_seat() -> None:
    seats = [*law_wins(), SeatReport(7, O, "Rose Doolan", 0)]
    problem = the_problem(validate_result(bang_spec(), seats))
    assert (problem.code, problem.position, problem.field) == ("unknown_seat", 7, "seats")
    assert english(problem) == "Seat 7 is not at this table."


def test_duplicate_seat() -> None:
    seats = [*law_wins(), SeatReport(3, O, "Rose Doolan", 0)]
    problem = the_problem(validate_result(bang_spec(), seats))
    assert (problem.code, problem.position, problem.field) == ("duplicate_seat", 3, "seats")
    assert english(problem) == "Seat 3 has more than one entry."


def test_wrong_role_count_is_one_problem_for_the_table() -> None:
    seats = change(law_wins(), 5, role=O, lives=0)  # four Outlaws, no Deputy
    problem = the_problem(validate_result(bang_spec(), seats, winner="law"))
    assert (problem.code, problem.position, problem.field) == ("wrong_role_count", None, "role")
    assert english(problem) == "A table of 6 needs 1 Sheriff, 1 Renegade, 3 Outlaws and 1 Deputy."


@pytest.mark.parametrize(
    ("count", "message"),
    [
        (4, "A table of 4 needs 1 Sheriff, 1 Renegade and 2 Outlaws."),
        (5, "A table of 5 needs 1 Sheriff, 1 Renegade, 2 Outlaws and 1 Deputy."),
        (7, "A table of 7 needs 1 Sheriff, 1 Renegade, 3 Outlaws and 2 Deputies."),
    ],
)
def test_wrong_role_count_names_the_roles(count: int, message: str) -> None:
    seats = [SeatReport(p, O, lives=0) for p in range(1, count + 1)]
    spec = showdown_spec(positions=range(1, count + 1), sheriff_position=None)
    assert [english(problem) for problem in validate_result(spec, seats)] == [message]


def test_two_sheriffs_are_a_wrong_role_count() -> None:
    seats = change(law_wins(), 5, role=S)
    assert codes(validate_result(bang_spec(), seats)) == ["wrong_role_count"]


def test_sheriff_not_at_round_position() -> None:
    seats = change(law_wins(), 2, role=D)
    seats = change(seats, 5, role=S)
    problem = the_problem(validate_result(bang_spec(), seats))
    assert (problem.code, problem.position, problem.field) == (
        "sheriff_not_at_round_position",
        2,
        "role",
    )
    assert english(problem).startswith("Seat 2 must be the Sheriff in this round")
    assert validate_result(bang_spec(sheriff_position=5), seats) == []
    assert validate_result(bang_spec(sheriff_position=None), seats) == []


@pytest.mark.parametrize(
    ("position", "lives", "message"),
    [
        (2, 6, "Seat 2: lives must be a whole number from 0 to 5."),  # Sheriff: 4 + 1
        (4, 4, "Seat 4: lives must be a whole number from 0 to 3."),  # El Gringo
        (5, -1, "Seat 5: lives must be a whole number from 0 to 4."),
        (5, 1.5, "Seat 5: lives must be a whole number from 0 to 4."),
        (5, True, "Seat 5: lives must be a whole number from 0 to 4."),
        (5, None, "Seat 5: the lives left are missing."),
    ],
)
def test_lives_out_of_range(position: int, lives: object, message: str) -> None:
    seats = change(law_wins(), position, lives=lives)
    problem = the_problem(validate_result(bang_spec(), seats))
    assert (problem.code, problem.position, problem.field) == (
        "lives_out_of_range",
        position,
        "lives",
    )
    assert english(problem) == message


def test_lives_of_the_showdown_sheriff() -> None:
    seats = [
        SeatReport(1, S, lives=5),
        SeatReport(2, O, lives=0),
        SeatReport(3, D, lives=3),
        SeatReport(4, O, lives=0),
        SeatReport(5, R, lives=0),
    ]
    # The tougher Sheriff stays at 4 lives at a table of 5 ...
    problem = the_problem(validate_result(showdown_spec(tougher_sheriff=True), seats))
    assert english(problem) == "Seat 1: lives must be a whole number from 0 to 4."
    # ... but has 5 at a table of 6.
    seats6 = [*seats, SeatReport(6, O, lives=0)]
    spec6 = showdown_spec(positions=range(1, 7), tougher_sheriff=True)
    assert validate_result(spec6, seats6) == []
    assert codes(validate_result(replace(spec6, tougher_sheriff=False), seats6)) == [
        "lives_out_of_range"
    ]


def test_unknown_character() -> None:
    seats = change(law_wins(), 3, character="Chuck Wengam")
    problem = the_problem(validate_result(bang_spec(), seats))
    assert (problem.code, problem.position, problem.field) == (
        "unknown_character",
        3,
        "character",
    )
    assert english(problem) == 'Seat 3: "Chuck Wengam" is not a character of this game.'
    spec = replace(bang_spec(), characters={**CHARACTERS, "Chuck Wengam": 4})
    assert validate_result(spec, seats) == []


def test_character_not_dealt_names_the_seat_and_its_deal() -> None:
    seats = law_wins()
    dealt = {s.position: frozenset({str(s.character), "Rose Doolan"}) for s in seats}
    dealt[4] = frozenset({"Paul Regret", "Sid Ketchum"})
    spec = replace(bang_spec(), dealt=dealt)
    problem = the_problem(validate_result(spec, seats))
    assert (problem.code, problem.position, problem.field) == (
        "character_not_dealt",
        4,
        "character",
    )
    assert english(problem) == (
        "Seat 4: El Gringo was not dealt to this seat (dealt: Paul Regret, Sid Ketchum)."
    )
    dealt[4] = frozenset({"El Gringo", "Sid Ketchum"})
    assert validate_result(replace(bang_spec(), dealt=dealt), seats) == []


def test_duplicate_character_is_reported_at_the_second_seat() -> None:
    seats = change(law_wins(), 6, character="Bart Cassidy")
    problem = the_problem(validate_result(bang_spec(), seats))
    assert (problem.code, problem.position, problem.field) == (
        "duplicate_character",
        6,
        "character",
    )
    assert english(problem) == (
        "Seat 6: Bart Cassidy is already played at seat 1; "
        "a character appears at most once at a table."
    )


@pytest.mark.parametrize("missing", [None, ""])
def test_missing_character(missing: str | None) -> None:
    seats = change(law_wins(), 5, character=missing)
    problem = the_problem(validate_result(bang_spec(), seats))
    assert (problem.code, problem.position, problem.field) == (
        "missing_character",
        5,
        "character",
    )
    assert english(problem) == "Seat 5: the character is missing."


def test_character_not_allowed_in_showdown() -> None:
    seats = [
        SeatReport(1, S, lives=1),
        SeatReport(2, O, "Black Jack", lives=0),
        SeatReport(3, D, lives=0),
        SeatReport(4, O, lives=0),
        SeatReport(5, R, lives=0),
    ]
    problem = the_problem(validate_result(showdown_spec(), seats))
    assert (problem.code, problem.position, problem.field) == (
        "character_not_allowed",
        2,
        "character",
    )
    assert english(problem) == "Seat 2: Showdown is played without characters."


@pytest.mark.parametrize("position", [1, 3])  # an Outlaw, the Renegade
def test_game_not_finished(position: int) -> None:
    seats = change(law_wins(), position, lives=1, eliminated_by=None)
    problem = the_problem(validate_result(bang_spec(), seats, winner="law"))
    assert (problem.code, problem.position, problem.field) == ("game_not_finished", None, "lives")
    assert english(problem).startswith("The game is not finished")


def test_winner_mismatch() -> None:
    problem = the_problem(validate_result(bang_spec(), law_wins(), winner="outlaws"))
    assert (problem.code, problem.position, problem.field) == ("winner_mismatch", None, "winner")
    assert english(problem) == (
        "The reported winner (Outlaws) does not match the result: Sheriff and Deputies won."
    )


def test_winner_mismatch_names_the_sides_as_the_table_has_them() -> None:
    """At four players no Deputy plays: the law is the Sheriff alone, in words, not codes."""
    spec = showdown_spec(positions=(1, 2, 3, 4), sheriff_position=1)
    seats = [
        SeatReport(position=1, role="sheriff", character=None, lives=0, eliminated_by=3),
        SeatReport(position=2, role="renegade", character=None, lives=0, eliminated_by=3),
        SeatReport(position=3, role="outlaw", character=None, lives=2, eliminated_by=None),
        SeatReport(position=4, role="outlaw", character=None, lives=1, eliminated_by=None),
    ]
    problems = validate_result(spec, seats, winner="law")
    mismatch = [p for p in problems if p.code == "winner_mismatch"]
    assert mismatch, [p.code for p in problems]
    text = english(mismatch[0])
    assert text == "The reported winner (Sheriff) does not match the result: Outlaws won."


@pytest.mark.parametrize("winner", ["sheriff", "Law", 2, "deputy"])
def test_unknown_winner(winner: object) -> None:
    problem = the_problem(validate_result(bang_spec(), law_wins(), winner=winner))
    assert (problem.code, problem.field) == ("winner_mismatch", "winner")
    assert english(problem) == f'"{winner}" is not a possible winner of this game.'


def test_final_duel_claimed_correctly() -> None:
    seats = change(law_wins(), 5, lives=0)
    seats = change(seats, 3, final_duel=True, eliminated_by=2)
    assert evaluate_result(bang_spec(), seats).side == Side.LAW


NEEDS_LAW = "Seat 3: a final duel needs the Sheriff's side to win with only the Sheriff left alive."


@pytest.mark.parametrize(
    ("changes", "position", "message"),
    [
        (  # a Deputy is alive too: the Renegade did not lose a final duel
            {3: {"final_duel": True}},
            3,
            NEEDS_LAW,
        ),
        (
            {5: {"lives": 0}, 1: {"final_duel": True}},
            1,
            "Seat 1: only the Renegade can claim the final duel.",
        ),
        (  # the Outlaws won (an Outlaw is alive: rules.md §5.9 refuses everyone out)
            {
                5: {"lives": 0},
                2: {"lives": 0},
                1: {"lives": 1, "eliminated_by": None},
                3: {"final_duel": True},
            },
            3,
            NEEDS_LAW,
        ),
        (  # rules.md §5.7: the Renegade of a final duel was eliminated by the Sheriff
            {5: {"lives": 0}, 3: {"final_duel": True, "eliminated_by": 4}},
            3,
            "Seat 3: a Renegade who lost the final duel was eliminated by the Sheriff "
            "(or by no one), not by seat 4.",
        ),
        (  # the Renegade is still alive
            {
                5: {"lives": 0},
                2: {"lives": 0},
                3: {"final_duel": True, "lives": 1},
                1: {"lives": 2, "eliminated_by": None},
            },
            3,
            "Seat 3: a Renegade who is still alive cannot claim the final duel.",
        ),
    ],
)
def test_final_duel_not_possible(
    changes: dict[int, dict[str, object]], position: int, message: str
) -> None:
    seats = law_wins()
    for seat_position, seat_changes in changes.items():
        seats = change(seats, seat_position, **seat_changes)
    problem = the_problem(validate_result(bang_spec(), seats))
    assert (problem.code, problem.position, problem.field) == (
        "final_duel_not_possible",
        position,
        "final_duel",
    )
    assert english(problem) == message


def renegade_wins_at_five() -> list[SeatReport]:
    """A valid 5-table result of round 2: the Renegade (seat 3) wins alone."""
    return [
        SeatReport(1, O, "Bart Cassidy", 0),
        SeatReport(2, S, "Willy the Kid", 0, eliminated_by=3),
        SeatReport(3, R, "Jourdonnais", 1),
        SeatReport(4, O, "El Gringo", 0),
        SeatReport(5, D, "Kit Carlson", 0),
    ]


def test_a_deputy_among_the_last_three_when_the_renegade_won_is_taken_as_reported() -> None:
    seats = change(renegade_wins_at_five(), 5, last_three=True)
    assert validate_result(bang_spec((1, 2, 3, 4, 5)), seats) == []


@pytest.mark.parametrize(
    ("seats", "position", "message"),
    [
        (
            change(renegade_wins_at_five(), 4, last_three=True),
            4,
            "Seat 4: only a Deputy can be marked as among the last three players.",
        ),
        (
            change(law_wins(), 5, last_three=True),
            5,
            "Seat 5: “among the last three” counts only when the Renegade won the game.",
        ),
    ],
)
def test_last_three_not_possible(seats: list[SeatReport], position: int, message: str) -> None:
    spec = bang_spec(tuple(seat.position for seat in seats))
    problem = the_problem(validate_result(spec, seats))
    assert (problem.code, problem.position, problem.field) == (
        "last_three_not_possible",
        position,
        "last_three",
    )
    assert english(problem) == message


@pytest.mark.parametrize(
    ("position", "eliminated_by", "message"),
    [
        (3, 3, 'Seat 3: "eliminated by" must name another seat.'),
        (3, 7, 'Seat 3: "eliminated by" names seat 7, which is not at this table.'),
        (3, "2", 'Seat 3: "eliminated by" names seat 2, which is not at this table.'),
        (5, 1, 'Seat 5 still has lives left, so "eliminated by" must stay empty.'),
    ],
)
def test_invalid_eliminated_by(position: int, eliminated_by: object, message: str) -> None:
    seats = change(law_wins(), position, eliminated_by=eliminated_by)
    problem = the_problem(validate_result(bang_spec(), seats))
    assert (problem.code, problem.position, problem.field) == (
        "invalid_eliminated_by",
        position,
        "eliminated_by",
    )
    assert english(problem) == message


def test_several_problems_at_once() -> None:
    seats = change(law_wins(), 4, lives=7, character="Nobody")
    seats = change(seats, 5, role=O)  # wrong roles: no game_not_finished or winner noise
    seats = change(seats, 6, eliminated_by=6)
    seats = [*seats, SeatReport(9, O, "Black Jack", 0)]
    problems = validate_result(bang_spec(), seats, winner="outlaws")
    assert sorted((p.code, p.position) for p in problems) == [
        ("invalid_eliminated_by", 6),
        ("lives_out_of_range", 4),
        ("unknown_character", 4),
        ("unknown_seat", 9),
    ]
    # With the seats right, the role count is checked as well.
    problems = validate_result(bang_spec(), seats[:-1], winner="outlaws")
    assert sorted(codes(problems)) == [
        "invalid_eliminated_by",
        "lives_out_of_range",
        "unknown_character",
        "wrong_role_count",
    ]


# --- the three-player game ----------------------------------------------------------------

THREE = bang_spec(positions=(1, 2, 3), sheriff_position=None)


def three(
    lives: tuple[int, int, int], eliminated_by: tuple[int | None, int | None, int | None]
) -> list[SeatReport]:
    """Deputy at 1, Outlaw at 2, Renegade at 3 (D hunts R, R hunts O, O hunts D)."""
    return [
        SeatReport(p, role, name, lives=life, eliminated_by=by)
        for p, role, name, life, by in zip(
            (1, 2, 3),
            (D, O, R),
            ("Black Jack", "El Gringo", "Rose Doolan"),
            lives,
            eliminated_by,
            strict=True,
        )
    ]


@pytest.mark.parametrize(
    ("seats", "winner"),
    [
        (three((2, 3, 0), (None, None, 1)), "deputy"),  # the Deputy eliminates the Renegade
        # The Outlaw eliminated the Renegade (not their target), then the Deputy. (Was
        # (2, None, 1): the Deputy eliminating the Renegade, their target, would have won.)
        (three((0, 1, 0), (2, None, 2)), "outlaw"),
        (three((0, 0, 4), (None, None, None)), "renegade"),  # the last one left
        (three((1, 0, 2), (None, 3, None)), "renegade"),
    ],
)
def test_three_player_game(seats: list[SeatReport], winner: str) -> None:
    outcome = evaluate_result(THREE, seats, winner=winner)
    position = {"deputy": 1, "outlaw": 2, "renegade": 3}[winner]
    assert outcome == Outcome(winner, frozenset({position}), None)
    # rules.md §8: the result always names the winner, even where the lives tell.
    problem = the_problem(validate_result(THREE, seats))
    assert (problem.code, problem.field) == ("winner_required", "winner")
    assert english(problem) == "The winner of the three-player game is required."


@pytest.mark.parametrize(
    "seats",
    [
        three((1, 1, 1), (None, None, None)),  # nobody out
        three((2, 3, 0), (None, None, 2)),  # the Renegade out, but by the Outlaw
    ],
)
def test_three_player_game_not_finished(seats: list[SeatReport]) -> None:
    problem = the_problem(validate_result(THREE, seats, winner="deputy"))
    assert (problem.code, problem.field) == ("game_not_finished", "lives")


def test_three_player_game_with_one_out_needs_eliminated_by() -> None:
    # rules.md §8 (was game_not_finished): who eliminated the one player out decides.
    problem = the_problem(
        validate_result(THREE, three((2, 3, 0), (None, None, None)), winner="deputy")
    )
    assert (problem.code, problem.position, problem.field) == (
        "eliminated_by_required",
        3,
        "eliminated_by",
    )
    assert english(problem) == (
        'Seat 3: with one player out, "eliminated by" is required: it tells whether the game ended.'
    )


@pytest.mark.parametrize(
    ("seats", "position", "message"),
    [  # rules.md §5.9 (was game_not_finished): somebody is left
        (
            three((0, 0, 0), (2, 3, 1)),
            None,
            "Every player is out, but at least one player is alive at the end of a game: "
            "the game ends before the last one goes out.",
        ),
        (  # the Outlaw eliminated the Deputy, their target, and won at once
            three((0, 0, 2), (2, 3, None)),
            1,
            "Seat 1 was eliminated by seat 2, whose target they were: seat 2 won at once "
            "and cannot be out.",
        ),
        (  # each of the two out was eliminated by their own hunter
            three((3, 0, 0), (None, 3, 1)),
            2,
            "Seat 2 was eliminated by seat 3, whose target they were: seat 3 won at once "
            "and cannot be out.",
        ),
    ],
)
def test_three_player_impossible_endings(
    seats: list[SeatReport], position: int | None, message: str
) -> None:
    problem = the_problem(validate_result(THREE, seats, winner="deputy"))
    assert (problem.code, problem.position) == ("impossible_ending", position)
    assert english(problem) == message


def test_three_player_problems() -> None:
    seats = three((2, 3, 0), (None, None, 1))
    assert codes(validate_result(THREE, seats, winner="outlaw")) == ["winner_mismatch"]
    assert codes(validate_result(THREE, seats, winner="law")) == ["winner_mismatch"]
    assert codes(validate_result(THREE, change(seats, 3, final_duel=True), winner="deputy")) == [
        "final_duel_not_possible"
    ]
    assert codes(validate_result(THREE, change(seats, 1, role=S), winner="deputy")) == [
        "wrong_role_count"
    ]
    assert codes(validate_result(THREE, change(seats, 1, character=None), winner="deputy")) == [
        "missing_character"
    ]
    problem = the_problem(validate_result(THREE, change(seats, 2, lives=4), winner="deputy"))
    assert english(problem) == "Seat 2: lives must be a whole number from 0 to 3."


# --- the duel -----------------------------------------------------------------------------

DUEL = bang_spec(positions=(4, 9), sheriff_position=None)


def test_duel_named_winner_without_lives_or_characters() -> None:
    seats = [SeatReport(4, None), SeatReport(9, None)]
    assert evaluate_result(DUEL, seats, winner=9) == Outcome(9, frozenset({9}), None)
    problem = the_problem(validate_result(DUEL, seats))
    assert (problem.code, problem.field) == ("winner_required", "winner")
    assert english(problem) == "The duel's winner is required: the lives do not show who won."


def test_duel_lives_tell_the_winner() -> None:
    seats = [SeatReport(4, None, "El Gringo", 0, eliminated_by=9), SeatReport(9, None, lives=2)]
    # rules.md §8: the result names the winner, even where the lives tell (was: derived).
    problem = the_problem(validate_result(DUEL, seats))
    assert (problem.code, problem.field) == ("winner_required", "winner")
    assert english(problem) == "The duel's winner is required."
    assert evaluate_result(DUEL, seats, winner=9).winner == 9
    problem = the_problem(validate_result(DUEL, seats, winner=4))
    assert (problem.code, problem.field) == ("winner_mismatch", "winner")
    assert english(problem) == "The reported winner (seat 4) does not match the result: seat 9 won."


def test_duel_problems() -> None:
    # rules.md §8 (both out was accepted with a named winner): both alive, both out or a
    # winner at 0 lives are refused.
    both_out = [SeatReport(4, None, lives=0), SeatReport(9, None, lives=0)]
    assert codes(validate_result(DUEL, both_out)) == ["winner_required", "impossible_ending"]
    problem = the_problem(validate_result(DUEL, both_out, winner=4))
    assert (problem.code, problem.position, problem.field) == ("impossible_ending", None, "lives")
    assert english(problem) == "Both players are out, but the duel ends when one player is left."
    both_alive = [SeatReport(4, None, lives=1), SeatReport(9, None, lives=2)]
    problem = the_problem(validate_result(DUEL, both_alive, winner=4))
    assert (problem.code, problem.field) == ("game_not_finished", "lives")
    assert english(problem) == "The duel is not finished: both players are alive."
    winner_out = [SeatReport(4, None, lives=0), SeatReport(9, None, lives=2)]
    assert codes(validate_result(DUEL, winner_out, winner=4)) == ["winner_mismatch"]
    no_lives = [SeatReport(4, None), SeatReport(9, None)]
    assert codes(validate_result(DUEL, no_lives, winner=5)) == ["winner_mismatch"]
    assert codes(validate_result(DUEL, no_lives, winner="4")) == ["winner_mismatch"]
    # Without lives, "eliminated by" tells who is out.
    named_out = [SeatReport(4, None, eliminated_by=9), SeatReport(9, None)]
    assert codes(validate_result(DUEL, named_out, winner=4)) == ["winner_mismatch"]
    assert evaluate_result(DUEL, named_out, winner=9).winner == 9
    both_named = [SeatReport(4, None, eliminated_by=9), SeatReport(9, None, eliminated_by=4)]
    assert codes(validate_result(DUEL, both_named, winner=9)) == ["impossible_ending"]
    # Lives for both players or for neither.
    one_life = [SeatReport(4, None, lives=2), SeatReport(9, None)]
    problem = the_problem(validate_result(DUEL, one_life, winner=4))
    assert (problem.code, problem.position) == ("lives_out_of_range", 9)
    assert english(problem) == "Seat 9: the lives left are missing."
    with_roles = [SeatReport(4, O, lives=0), SeatReport(9, S, lives=1)]
    problem = the_problem(validate_result(DUEL, with_roles, winner=9))
    assert english(problem) == "A duel has no roles."
    same = [SeatReport(4, None, "Black Jack"), SeatReport(9, None, "Black Jack")]
    assert codes(validate_result(DUEL, same, winner=4)) == ["duplicate_character"]
    claimed = [SeatReport(4, None, final_duel=True), SeatReport(9, None)]
    assert codes(validate_result(DUEL, claimed, winner=9)) == ["final_duel_not_possible"]
    negative = [SeatReport(4, None, lives=-1), SeatReport(9, None, lives=1)]
    problem = the_problem(validate_result(DUEL, negative, winner=9))
    assert (problem.code, problem.position) == ("lives_out_of_range", 4)
    assert english(problem) == "Seat 4: lives must be a whole number, 0 or more."


@pytest.mark.parametrize("ruleset", list(Ruleset))
@pytest.mark.parametrize("lives", [5, 7, 9, 12])
def test_duel_has_no_maximum_of_lives(ruleset: Ruleset, lives: int) -> None:
    """rules.md §8: "No maximum is checked in the duel" (two characters may be run)."""
    spec = replace(DUEL, ruleset=ruleset)
    seats = [
        SeatReport(4, None, "Black Jack" if ruleset == Ruleset.BANG else None, lives=0),
        SeatReport(9, None, "El Gringo" if ruleset == Ruleset.BANG else None, lives=lives),
    ]
    assert validate_result(spec, seats, winner=9) == []
    assert evaluate_result(spec, seats, winner=9).winner == 9
    assert seat_max_lives(spec, role=None, character="El Gringo") is None


@given(lives=st.integers(1, 60))
def test_duel_any_winner_lives_accepted(lives: int) -> None:
    seats = [SeatReport(4, None, lives=lives), SeatReport(9, None, lives=0)]
    assert validate_result(DUEL, seats, winner=4) == []


# --- hypothesis: strategies ---------------------------------------------------------------


@st.composite
def specs(draw: st.DrawFn, counts: Sequence[int] = (4, 5, 6, 7)) -> GameSpec:
    """Any table: group stage (with a round position) or knockout, either ruleset."""
    count = draw(st.sampled_from(counts))
    positions = tuple(sorted(draw(st.sets(st.integers(1, 7), min_size=count, max_size=count))))
    group = count >= 4 and draw(st.booleans())
    return GameSpec(
        ruleset=draw(st.sampled_from(Ruleset)),
        positions=positions,
        sheriff_position=draw(st.sampled_from(positions)) if group else None,
        characters=draw(st.sampled_from([CHARACTERS, EXPANSION])),
        tougher_sheriff=draw(st.booleans()),
    )


Result = tuple[GameSpec, list[SeatReport], str | int | None]


@st.composite
def simulated(draw: st.DrawFn, counts: Sequence[int] = (4, 5, 6, 7)) -> Result:
    """A result made by ``random_result`` from a drawn seed."""
    spec = draw(specs(counts))
    seats, winner = random_result(spec, random.Random(draw(st.integers(0, 2**32))))
    return spec, seats, winner


@st.composite
def end_states(draw: st.DrawFn) -> tuple[Result, Side, frozenset[int]]:
    """A finished game of 4 to 7 built directly from the side that should win."""
    spec = draw(specs())
    positions = spec.positions
    sheriff = spec.sheriff_position or draw(st.sampled_from(positions))
    others = [p for p in positions if p != sheriff]
    dealt = draw(st.permutations([r for r in ROLES_BY_PLAYER_COUNT[len(positions)] if r != S]))
    roles = {sheriff: S, **dict(zip(others, dealt, strict=True))}
    if spec.ruleset == Ruleset.BANG:
        names = draw(st.permutations(sorted(spec.characters)))
        characters = dict(zip(positions, names, strict=False))
    else:
        characters = dict.fromkeys(positions)

    def lives(p: int, *, low: int) -> int:
        return draw(st.integers(low, top(spec, roles[p], characters[p])))

    side = draw(st.sampled_from(Side))
    alive_roles = {Side.LAW: {S}, Side.RENEGADE: {R}, Side.OUTLAWS: set()}[side]
    maybe_alive = {Side.LAW: {D}, Side.RENEGADE: set(), Side.OUTLAWS: {D, O, R}}[side]
    left = {
        p: lives(p, low=1)
        if roles[p] in alive_roles
        else lives(p, low=0)
        if roles[p] in maybe_alive
        else 0
        for p in positions
    }
    survivors = [p for p in positions if left[p]]
    if side == Side.OUTLAWS and [roles[p] for p in survivors] in ([R], []):
        outlaw = next(p for p in positions if roles[p] == O)
        left[outlaw] = 1  # not the Renegade's win, and somebody is alive (rules.md §5.9)
    alive = [p for p in positions if left[p]]
    final_duel = side == Side.LAW and all(left[p] == 0 for p in others) and draw(st.booleans())
    seats = [
        SeatReport(
            position=p,
            role=roles[p],
            character=characters[p],
            lives=left[p],
            # Eliminated by a player alive at the end or not recorded: some story fits,
            # except rarely with only Deputies alive (filtered out below).
            eliminated_by=None if left[p] else draw(st.none() | st.sampled_from(alive)),
            final_duel=final_duel and roles[p] == R,
        )
        for p in positions
    ]
    assume(reachable(EndReport.of(seats)))
    winner = draw(st.sampled_from([None, side.value]))
    winners = {Side.LAW: {S, D}, Side.OUTLAWS: {O}, Side.RENEGADE: {R}}[side]
    expected = frozenset(p for p in positions if roles[p] in winners)
    return (spec, seats, winner), side, expected


def any_valid() -> st.SearchStrategy[Result]:
    return st.one_of(simulated(), end_states().map(lambda built: built[0]))


# --- hypothesis: valid results ------------------------------------------------------------


@FAST
@given(simulated(counts=(2, 3, 4, 5, 6, 7)))
def test_simulated_results_are_valid(result: Result) -> None:
    spec, seats, winner = result
    assert validate_result(spec, seats, winner=winner) == []
    outcome = evaluate_result(spec, seats, winner=winner)
    if spec.player_count >= 4:
        assert outcome.side == derive_side(seats)
        assert outcome.winner == outcome.side
    else:
        assert outcome.winner == winner
        assert outcome.side is None


@FAST
@given(end_states())
def test_constructed_end_states_derive_the_intended_side(
    built: tuple[Result, Side, frozenset[int]],
) -> None:
    (spec, seats, winner), side, expected = built
    assert evaluate_result(spec, seats, winner=winner) == Outcome(side.value, expected, side)


@FAST
@given(st.data())
def test_constructed_three_player_games(data: st.DataObject) -> None:
    spec = data.draw(specs(counts=(3,)))
    positions = spec.positions
    dealt = data.draw(st.permutations(THREE_PLAYER_ROLES))
    roles = dict(zip(positions, dealt, strict=True))
    position_of = {role: p for p, role in roles.items()}
    names = data.draw(st.permutations(sorted(spec.characters)))
    characters = dict(zip(positions, names, strict=False))
    if spec.ruleset == Ruleset.SHOWDOWN:
        characters = dict.fromkeys(positions)
    winner = data.draw(st.sampled_from(positions))
    left = {p: data.draw(st.integers(1, top(spec, roles[p], characters[p]))) for p in positions}
    eliminated_by: dict[int, int | None] = dict.fromkeys(positions)
    if data.draw(st.booleans()):  # the winner eliminated their own target
        target = position_of[THREE_PLAYER_TARGET[roles[winner]]]
        left[target], eliminated_by[target] = 0, winner
    else:  # only the winner is left: first, second = the order they went out
        first, second = data.draw(st.permutations([p for p in positions if p != winner]))
        hunter_of_first = position_of[
            next(h for h, t in THREE_PLAYER_TARGET.items() if t == roles[first])
        ]
        left[first] = left[second] = 0
        # The first was not eliminated by their hunter (or the game would have ended).
        by_first = [p for p in (winner, second) if p != hunter_of_first]
        eliminated_by[first] = data.draw(st.none() | st.sampled_from(by_first))
        eliminated_by[second] = data.draw(st.none() | st.just(winner))
    seats = [SeatReport(p, roles[p], characters[p], left[p], eliminated_by[p]) for p in positions]
    reported = roles[winner].value  # rules.md §8: always named
    assert evaluate_result(spec, seats, winner=reported) == Outcome(
        roles[winner].value, frozenset({winner}), None
    )
    # The same seats with a different winner named, or without a decisive end, are refused.
    wrong = data.draw(st.sampled_from([r.value for r in THREE_PLAYER_ROLES if r != roles[winner]]))
    assert codes(validate_result(spec, seats, winner=wrong)) == ["winner_mismatch"]
    unfinished = [replace(seat, eliminated_by=None) for seat in seats]
    if sum(seat.lives == 0 for seat in seats) == 1:
        assert codes(validate_result(spec, unfinished, winner=reported)) == [
            "eliminated_by_required"
        ]
    assert codes(validate_result(spec, seats)) == ["winner_required"]


@FAST
@given(st.data())
def test_constructed_duels(data: st.DataObject) -> None:
    spec = data.draw(specs(counts=(2,)))
    winner, loser = data.draw(st.permutations(spec.positions))
    most = 3 if spec.ruleset == Ruleset.SHOWDOWN else max(spec.characters.values())
    left = data.draw(st.integers(1, most))
    with_lives = [SeatReport(winner, None, lives=left), SeatReport(loser, None, lives=0)]
    assert evaluate_result(spec, with_lives, winner=winner).winner == winner
    assert codes(validate_result(spec, with_lives, winner=loser)) == ["winner_mismatch"]
    without = [SeatReport(winner, None), SeatReport(loser, None)]
    assert evaluate_result(spec, without, winner=winner).winning_positions == {winner}
    assert codes(validate_result(spec, without)) == ["winner_required"]
    with_roles = [replace(without[0], role=data.draw(st.sampled_from(Role))), without[1]]
    assert codes(validate_result(spec, with_roles, winner=winner)) == ["wrong_role_count"]


# --- hypothesis: break exactly one rule ---------------------------------------------------

Breaker = Callable[[st.DataObject, GameSpec, list[SeatReport], object], Result]


def pick(data: st.DataObject, seats: Sequence[SeatReport], where: Callable = bool) -> SeatReport:
    candidates = [seat for seat in seats if where(seat)]
    assume(candidates)
    return data.draw(st.sampled_from(candidates))


def break_role_count(
    data: st.DataObject, spec: GameSpec, seats: list[SeatReport], winner: object
) -> Result:
    seat = pick(data, seats, lambda s: s.role != S)
    role = data.draw(st.sampled_from([r for r in (D, O, R) if r != seat.role]))
    return spec, change(seats, seat.position, role=role), winner


def move_sheriff(
    data: st.DataObject, spec: GameSpec, seats: list[SeatReport], winner: object
) -> Result:
    seat = pick(data, seats, lambda s: s.role != S)
    return replace(spec, sheriff_position=seat.position), seats, winner


def break_lives(
    data: st.DataObject, spec: GameSpec, seats: list[SeatReport], winner: object
) -> Result:
    seat = pick(data, seats)
    most = top(spec, seat.role, seat.character)
    kind = data.draw(st.sampled_from(["above", "below", "missing", "fraction", "text"]))
    if kind == "above":
        changes = {"lives": data.draw(st.integers(most + 1, most + 5))}
        changes |= {"eliminated_by": None, "final_duel": False}
    else:
        lives = {"below": data.draw(st.integers(-5, -1)), "missing": None, "fraction": 0.5}
        changes = {"lives": lives.get(kind, "2")}
    return spec, change(seats, seat.position, **changes), winner


def break_character(
    data: st.DataObject, spec: GameSpec, seats: list[SeatReport], winner: object
) -> Result:
    seat = pick(data, seats)
    name = "Nobody Special" if spec.ruleset == Ruleset.BANG else "Black Jack"
    return spec, change(seats, seat.position, character=name), winner


def duplicate_character(
    data: st.DataObject, spec: GameSpec, seats: list[SeatReport], winner: object
) -> Result:
    assume(spec.ruleset == Ruleset.BANG)
    first, second = sorted(data.draw(st.permutations(range(len(seats))))[:2])
    copied = seats[first].character
    lives = min(seats[second].lives, top(spec, seats[second].role, copied))
    return spec, change(seats, seats[second].position, character=copied, lives=lives), winner


def unfinish(
    data: st.DataObject, spec: GameSpec, seats: list[SeatReport], winner: object
) -> Result:
    sheriff = pick(data, seats, lambda s: s.role == S)
    rival = pick(data, seats, lambda s: s.role in (O, R))
    seats = change(seats, sheriff.position, lives=1, eliminated_by=None)
    seats = change(seats, rival.position, lives=1, eliminated_by=None, final_duel=False)
    return spec, seats, winner


def mismatch_winner(
    data: st.DataObject, spec: GameSpec, seats: list[SeatReport], winner: object
) -> Result:
    side = derive_side(seats)
    wrong = [s.value for s in Side if s != side] + ["sheriff", "nobody", 3]
    return spec, seats, data.draw(st.sampled_from(wrong))


def claim_final_duel(
    data: st.DataObject, spec: GameSpec, seats: list[SeatReport], winner: object
) -> Result:
    final = derive_side(seats) == Side.LAW and all(s.lives == 0 for s in seats if s.role != S)
    seat = pick(data, seats, lambda s: s.role != R or not final)
    return spec, change(seats, seat.position, final_duel=True), winner


def bad_eliminated_by(
    data: st.DataObject, spec: GameSpec, seats: list[SeatReport], winner: object
) -> Result:
    seat = pick(data, seats)
    outside = [p for p in range(1, 12) if p not in spec.positions]
    choices = [seat.position, data.draw(st.sampled_from(outside))]
    if seat.lives:
        choices.append(
            data.draw(st.sampled_from([p for p in spec.positions if p != seat.position]))
        )
    by = data.draw(st.sampled_from(choices))
    return spec, change(seats, seat.position, eliminated_by=by), winner


def drop_seat(
    data: st.DataObject, spec: GameSpec, seats: list[SeatReport], winner: object
) -> Result:
    seat = pick(data, seats)
    return spec, [s for s in seats if s is not seat], winner


def extra_seat(
    data: st.DataObject, spec: GameSpec, seats: list[SeatReport], winner: object
) -> Result:
    seat = pick(data, seats)
    outside = data.draw(st.sampled_from([p for p in range(1, 10) if p not in spec.positions]))
    return spec, [*seats, replace(seat, position=outside)], winner


def repeat_seat(
    data: st.DataObject, spec: GameSpec, seats: list[SeatReport], winner: object
) -> Result:
    seat = pick(data, seats)
    return spec, [*seats, replace(seat, lives=0, eliminated_by=None, final_duel=False)], winner


BREAKERS: dict[str, tuple[Breaker, Callable[[GameSpec], str]]] = {
    "role count": (break_role_count, lambda spec: "wrong_role_count"),
    "sheriff moved": (move_sheriff, lambda spec: "sheriff_not_at_round_position"),
    "lives": (break_lives, lambda spec: "lives_out_of_range"),
    "character": (
        break_character,
        lambda spec: (
            "unknown_character" if spec.ruleset == Ruleset.BANG else "character_not_allowed"
        ),
    ),
    "duplicate character": (duplicate_character, lambda spec: "duplicate_character"),
    "unfinished": (unfinish, lambda spec: "game_not_finished"),
    "winner": (mismatch_winner, lambda spec: "winner_mismatch"),
    "final duel": (claim_final_duel, lambda spec: "final_duel_not_possible"),
    "eliminated by": (bad_eliminated_by, lambda spec: "invalid_eliminated_by"),
    "missing seat": (drop_seat, lambda spec: "missing_seat"),
    "extra seat": (extra_seat, lambda spec: "unknown_seat"),
    "duplicate seat": (repeat_seat, lambda spec: "duplicate_seat"),
}


@pytest.mark.parametrize("rule", BREAKERS)
@settings(FAST, max_examples=100)
@given(data=st.data())
def test_breaking_one_rule_reports_exactly_that_rule(rule: str, data: st.DataObject) -> None:
    spec, seats, winner = data.draw(any_valid())
    breaker, expected = BREAKERS[rule]
    spec, seats, winner = breaker(data, spec, seats, winner)
    problems = validate_result(spec, seats, winner=winner)
    assert codes(problems) == [expected(spec)]
    assert all(problem.code in PROBLEM_CODES for problem in problems)
    with translation.override("en"):
        assert str(problems[0].message)
    with pytest.raises(ResultInvalid):
        evaluate_result(spec, seats, winner=winner)
