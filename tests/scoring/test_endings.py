"""The model of a game's end and its reachability oracle (rules.md §5 Decision, §8).

Worked examples of the oracle from rules.md (with their exact bounty), then the
validator compared with the oracle: on EVERY candidate result of the three-player
game and of the duel, and on hypothesis candidates for 4 to 7 players (random
ones, endings told by a story, and near-misses: a story's ending with one field
changed). ``validate_result`` finds no problem exactly when the oracle finds a story.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.endings import Ending, EndReport, endings, reachable
from scoring.formats import PRESETS, FormatKey
from scoring.results import GameSpec, SeatReport, evaluate_result, validate_result
from scoring.rulesets import (
    BASE_CHARACTERS,
    ROLES_BY_PLAYER_COUNT,
    THREE_PLAYER_ROLES,
    Role,
    Ruleset,
    Side,
)

S, D, O, R = Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.RENEGADE
CHARACTERS = {character.name: character.life_points for character in BASE_CHARACTERS}
NAMES = sorted(name for name, points in CHARACTERS.items() if points == 4)
SIDES = [side.value for side in Side]

CANDIDATES = settings(
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def spec_for(count: int) -> GameSpec:
    """A knockout table (the Sheriff may sit anywhere) of ``count`` players."""
    return GameSpec(
        ruleset=Ruleset.BANG,
        positions=tuple(range(1, count + 1)),
        sheriff_position=None,
        characters=CHARACTERS,
    )


def seats_of(*rows: tuple) -> list[SeatReport]:
    """Seats from (role, lives[, eliminated_by[, final_duel]]) rows, positions 1, 2, ..."""
    seats = []
    for position, (role, lives, *rest) in enumerate(rows, start=1):
        seats.append(
            SeatReport(
                position=position,
                role=role,
                character=NAMES[position] if role is not None else None,
                lives=lives,
                eliminated_by=rest[0] if rest else None,
                final_duel=rest[1] if len(rest) > 1 else False,
            )
        )
    return seats


def agree(seats: Sequence[SeatReport], winner: str | int | None = None) -> bool:
    """Assert the validator agrees with the oracle; return whether the result is valid."""
    spec = spec_for(len(seats))
    problems = validate_result(spec, seats, winner=winner)
    story = reachable(EndReport.of(seats, winner))
    assert (problems == []) == story, (seats, winner, [p.code for p in problems])
    return story


def codes(seats: Sequence[SeatReport], winner: str | int | None = None) -> list[str]:
    return [p.code for p in validate_result(spec_for(len(seats)), seats, winner=winner)]


def bounty(seats: list[SeatReport]) -> dict[int, int]:
    outcome = evaluate_result(spec_for(len(seats)), seats)
    assert outcome.side is not None
    german = PRESETS[FormatKey.GERMAN_CHAMPIONSHIP]
    return german.game_bounty(seats=seats, side=outcome.side, size=len(seats))


# --- worked examples of the oracle (rules.md §4, §5, §8) ----------------------------------


def test_deputy_kills_sheriff_and_the_outlaws_win() -> None:
    # The Deputy eliminates their own Sheriff, then the game ends at once: Outlaws win.
    seats = seats_of((S, 0, 5), (R, 0, 3), (O, 2), (O, 0, 1), (D, 1))
    assert agree(seats)
    assert endings(EndReport.of(seats).roles, frozenset({3, 5}), {1: 5, 2: 3, 4: 1}) == {
        Ending("outlaws")
    }
    assert bounty(seats) == {1: 0, 2: 0, 3: 2000 + 150, 4: 2000, 5: -1000 + 150}


def test_deputy_who_is_out_cannot_have_eliminated_the_sheriff() -> None:
    # The game ended when the Sheriff went out: whoever did it is alive at the end.
    seats = seats_of((S, 0, 5), (R, 0, 3), (O, 2), (O, 0, 1), (D, 0, 3))
    assert not agree(seats)
    assert codes(seats) == ["eliminator_out"]


def test_final_duel() -> None:
    seats = seats_of((S, 1), (R, 0, 1, True), (O, 0, 2), (O, 0, 5), (D, 0, 2))
    assert agree(seats)
    assert endings(EndReport.of(seats).roles, frozenset({1}), {2: 1}) == {
        Ending("law"),
        Ending("law", final_duel=True),
    }
    assert bounty(seats) == {1: 2500 + 150, 2: 1500, 3: 0, 4: 0, 5: 1500}


def test_final_duel_lost_to_an_outlaw_is_no_final_duel() -> None:
    # rules.md §5.7: the Renegade of a final duel was eliminated by the Sheriff or no one.
    seats = seats_of((S, 1), (R, 0, 3, True), (O, 0, 1), (O, 0, 1), (D, 0, 2))
    assert not agree(seats)
    assert codes(seats) == ["final_duel_not_possible"]
    assert agree([replace(seat, final_duel=False) for seat in seats])  # the ending itself is fine


def test_outlaws_win_with_the_renegade_alive() -> None:
    seats = seats_of((S, 0, 4), (R, 2), (O, 0, 2), (O, 1), (D, 0, 4))
    assert agree(seats)
    assert bounty(seats) == {1: 0, 2: 150, 3: 2000, 4: 2000 + 150, 5: 0}


def test_renegade_wins_alone() -> None:
    seats = seats_of((S, 0, 2), (R, 3), (O, 0, 1), (O, 0, 2), (D, 0))
    assert agree(seats)
    assert bounty(seats) == {1: 0, 2: 4000 + 150, 3: 0, 4: 0, 5: 0}
    # The Sheriff eliminated by anyone but the Renegade, who won alone: impossible.
    other = seats_of((S, 0, 3), (R, 3), (O, 0, 2), (O, 0, 2), (D, 0))
    assert not agree(other)
    assert codes(other) == ["eliminator_out"]


def test_the_sheriff_and_the_last_outlaw_out_together() -> None:
    # A Gatling by the Deputy takes out the Sheriff and the last Outlaw at once; only
    # the Deputy is left and the Outlaws win (rules.md §5, simultaneous eliminations).
    seats = seats_of((S, 0, 5), (R, 0, 3), (O, 0, 5), (O, 0, 1), (D, 2))
    assert agree(seats)
    assert evaluate_result(spec_for(5), seats).side == Side.OUTLAWS
    assert bounty(seats) == {1: 0, 2: 0, 3: 2000, 4: 2000, 5: -1000 + 150}
    # The last Outlaw went out earlier (by the Renegade, who is out too): the game was over.
    earlier = seats_of((S, 0, 5), (R, 0, 1), (O, 0, 2), (O, 0, 1), (D, 2))
    assert not agree(earlier)
    assert codes(earlier) == ["impossible_ending"]


def test_the_renegade_and_the_sheriff_out_together_with_an_outlaw_alive() -> None:
    seats = seats_of((S, 0, 3), (R, 0, 3), (O, 4), (O, 0, 1), (D, 0, 4))
    assert agree(seats)
    assert bounty(seats) == {1: 0, 2: 0, 3: 2000 + 150, 4: 2000, 5: 0}


def test_everybody_out_is_impossible() -> None:
    # rules.md §5.9: the Outlaws' win by the lives alone, but no story ends there.
    seats = seats_of((S, 0), (R, 0), (O, 0), (O, 0), (D, 0))
    assert not agree(seats)
    assert not agree(seats, winner="outlaws")
    assert codes(seats) == ["impossible_ending"]


def test_law_wins_only_if_the_last_rival_was_eliminated_by_someone_alive() -> None:
    # Every Outlaw and the Renegade named as eliminated by a player who is out.
    seats = seats_of((S, 3), (R, 0, 5), (O, 0, 2), (O, 0, 2), (D, 0, 1))
    assert not agree(seats)
    assert codes(seats) == ["eliminator_out"]
    # A Deputy eliminated "by" a player who is out after them is accepted (§5.10).
    fine = seats_of((S, 3), (R, 0, 1), (O, 0, 2), (O, 0, 1), (D, 0, 3))
    assert agree(fine)
    assert bounty(fine) == {1: 2500 + 150, 2: 0, 3: 0, 4: 0, 5: 1500}


def test_players_eliminating_each_other_in_a_circle() -> None:
    seats = seats_of((S, 3), (R, 0, 1), (O, 0, 4), (O, 0, 5), (D, 0, 3))
    assert not agree(seats)
    problems = validate_result(spec_for(5), seats)
    assert [(p.code, p.position, p.field) for p in problems] == [
        ("eliminated_by_cycle", 3, "eliminated_by")
    ]


def test_unfinished_game_is_no_ending() -> None:
    seats = seats_of((S, 3), (R, 1), (O, 0), (O, 0), (D, 0))
    assert not agree(seats)
    assert endings(EndReport.of(seats).roles, frozenset({1, 2}), {}) == frozenset()


def test_three_player_game_examples() -> None:
    roles = {1: D, 2: O, 3: R}
    # The Deputy eliminates the Renegade, their target: the Deputy wins at once.
    assert endings(roles, frozenset({1, 2}), {3: 1}) == {Ending("deputy")}
    # The Renegade eliminated by the Outlaw: the two left play on; not an ending.
    assert endings(roles, frozenset({1, 2}), {3: 2}) == frozenset()
    # Only the Outlaw left: they win, whoever eliminated whom.
    assert endings(roles, frozenset({2}), {}) == {Ending("outlaw")}
    # Not recorded "eliminated by" with one out is refused in the three-player game.
    assert not reachable(EndReport(roles, {1: True, 2: True, 3: False}, {}, winner="deputy"))
    assert reachable(EndReport(roles, {1: True, 2: True, 3: False}, {3: 1}, winner="deputy"))


# --- every candidate of the three-player game and of the duel -----------------------------


def test_every_three_player_candidate() -> None:
    valid = 0
    positions = (1, 2, 3)
    winners = [None, *(role.value for role in THREE_PLAYER_ROLES), "law"]
    for roles in itertools.permutations(THREE_PLAYER_ROLES):
        for alive in itertools.product((False, True), repeat=3):
            for by in itertools.product((None, 1, 2, 3), repeat=3):
                seats = [
                    SeatReport(p, roles[i], NAMES[p], 2 if alive[i] else 0, by[i])
                    for i, p in enumerate(positions)
                ]
                for winner in winners:
                    valid += agree(seats, winner)
    # Per dealing: 3 one-out endings (the hunter named) + 3 survivors x 6 ways of telling
    # the two out (the one hunted by the other: not by them; the other: by anyone).
    assert valid == 6 * (3 + 3 * 6)


def test_three_player_final_duel_claims_are_refused() -> None:
    for alive in itertools.product((False, True), repeat=3):
        for claimant in (1, 2, 3):
            seats = [
                SeatReport(p, role, NAMES[p], 2 if alive[i] else 0, final_duel=p == claimant)
                for i, (p, role) in enumerate(zip((1, 2, 3), (D, O, R), strict=True))
            ]
            for winner in THREE_PLAYER_ROLES:
                assert not agree(seats, winner.value)


def test_every_duel_candidate() -> None:
    valid = 0
    spec = GameSpec(
        ruleset=Ruleset.BANG, positions=(4, 9), sheriff_position=None, characters=CHARACTERS
    )
    for lives in itertools.product((None, 0, 2), repeat=2):
        for by in itertools.product((None, 4, 9), repeat=2):
            seats = [SeatReport(p, None, None, lives[i], by[i]) for i, p in enumerate((4, 9))]
            for winner in (None, 4, 9, 5):
                problems = validate_result(spec, seats, winner=winner)
                story = reachable(EndReport.of(seats, winner))
                assert (problems == []) == story, (seats, winner, problems)
                valid += story
    # With lives: 2 winners x 2 ("eliminated by" the winner or not recorded); without
    # lives: 2 winners x 2 (the loser named as eliminated by the winner or nothing).
    assert valid == 8


# --- 4 to 7 players: hypothesis ------------------------------------------------------------


def _end_condition(roles: dict[int, Role], alive: set[int]) -> str | None:
    """rules.md §5, restated for the story strategy."""
    left = [roles[p] for p in alive]
    if S not in left:
        return Side.RENEGADE.value if left == [R] else Side.OUTLAWS.value
    if O not in left and R not in left:
        return Side.LAW.value
    return None


# Candidates are built from a ``random.Random`` seeded by hypothesis: building them
# from hypothesis draws (strategies or ``st.randoms()``) makes thousands of examples
# take minutes. A failure names the seed, which replays the candidate.
Candidate = tuple[list[SeatReport], str | None]
RANDOMS = st.integers(0, 2**64).map(random.Random)


def _dealt(rnd: random.Random) -> dict[int, Role]:
    roles = list(ROLES_BY_PLAYER_COUNT[rnd.randint(4, 7)])
    rnd.shuffle(roles)
    return dict(enumerate(roles, start=1))


def random_candidate(rnd: random.Random) -> Candidate:
    """Any roles, alive or out, eliminated by anyone (or a seat not at the table), claims."""
    roles = _dealt(rnd)
    positions = list(roles)
    seats = []
    for p in positions:
        alive = rnd.random() < 0.4
        by = rnd.choice([*[None] * len(positions), *positions, 9])
        if alive and rnd.random() < 0.75:
            by = None  # mostly keep "eliminated by" to players who are out
        seats.append(SeatReport(p, roles[p], NAMES[p], 2 if alive else 0, by, rnd.random() < 0.1))
    return seats, rnd.choice([None, *SIDES])


def story_ending(rnd: random.Random) -> Candidate:
    """An ending told by a story of the model, some eliminators not recorded."""
    roles = _dealt(rnd)
    alive = set(roles)
    eliminated_by: dict[int, int | None] = {}
    last: list[int] = []
    while _end_condition(roles, alive) is None:
        size = 1 if rnd.random() < 0.7 else rnd.randint(1, len(alive) - 1)
        victims = set(rnd.sample(sorted(alive), size))
        if size == 1:
            (victim,) = victims
            by = rnd.choice([None, *sorted(alive - victims)])
        else:
            by = rnd.choice(sorted(alive - victims))
        for victim in victims:
            eliminated_by[victim] = by if rnd.random() < 0.75 else None
        alive -= victims
        last = sorted(victims)
    duel = [roles[p] for p in last] == [R] and [roles[p] for p in alive] == [S]
    seats = [
        SeatReport(
            p,
            roles[p],
            NAMES[p],
            2 if p in alive else 0,
            eliminated_by.get(p),
            duel and p in last and rnd.random() < 0.5,
        )
        for p in roles
    ]
    return seats, rnd.choice([None, _end_condition(roles, alive)])


def near_miss(rnd: random.Random) -> Candidate:
    """A story's ending with one field changed."""
    seats, winner = story_ending(rnd)
    field = rnd.choice(["alive", "eliminated_by", "winner", "final_duel", "roles"])
    if field == "winner":
        return seats, rnd.choice([side for side in SIDES if side != winner])
    i = rnd.randrange(len(seats))
    seat = seats[i]
    if field == "alive":
        changed = replace(seat, lives=0 if seat.lives else 2, eliminated_by=None)
    elif field == "eliminated_by":
        others = [s.position for s in seats if s.position != seat.position and s.lives == 0]
        changed = replace(seat, eliminated_by=rnd.choice([None, *others, seat.position]))
    elif field == "final_duel":
        changed = replace(seat, final_duel=not seat.final_duel)
    else:
        j = rnd.randrange(len(seats))
        swapped = list(seats)
        swapped[i], swapped[j] = (
            replace(seat, role=seats[j].role),
            replace(seats[j], role=seat.role),
        )
        return swapped, winner
    return [*seats[:i], changed, *seats[i + 1 :]], winner


@settings(CANDIDATES, max_examples=3000)
@given(RANDOMS)
def test_random_candidates_of_4_to_7_players(rnd: random.Random) -> None:
    agree(*random_candidate(rnd))


@settings(CANDIDATES, max_examples=1500)
@given(RANDOMS)
def test_every_story_ending_is_valid(rnd: random.Random) -> None:
    seats, winner = story_ending(rnd)
    assert agree(seats, winner)
    outcome = evaluate_result(spec_for(len(seats)), seats, winner=winner)
    assert outcome.side is not None
    assert winner in (None, outcome.side.value)


@settings(CANDIDATES, max_examples=3000)
@given(RANDOMS)
def test_near_misses_of_4_to_7_players(rnd: random.Random) -> None:
    agree(*near_miss(rnd))


@pytest.mark.parametrize("count", [4, 5, 6, 7])
def test_every_alive_pattern_without_eliminators(count: int) -> None:
    """With nothing recorded, an ending is valid iff it is finished and somebody is alive."""
    roles = dict(enumerate(ROLES_BY_PLAYER_COUNT[count], start=1))
    for alive in itertools.product((False, True), repeat=count):
        seats = [SeatReport(p, roles[p], NAMES[p], 2 if alive[p - 1] else 0) for p in roles]
        left = {p for p in roles if alive[p - 1]}
        expected = bool(left) and _end_condition(roles, left) is not None
        assert agree(seats) == expected
