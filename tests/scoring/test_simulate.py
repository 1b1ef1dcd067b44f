"""Random results for rehearsals: valid, plausible, varied and replayable."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.results import GameSpec, evaluate_result
from scoring.rulesets import BASE_CHARACTERS, ROLES_BY_PLAYER_COUNT, Role, Ruleset, Side
from scoring.simulate import random_result

CHARACTERS = {character.name: character.life_points for character in BASE_CHARACTERS}


def spec_for(
    count: int, *, ruleset: Ruleset = Ruleset.BANG, sheriff_position: int | None = None
) -> GameSpec:
    return GameSpec(
        ruleset=ruleset,
        positions=tuple(range(1, count + 1)),
        sheriff_position=sheriff_position,
        characters=CHARACTERS if ruleset == Ruleset.BANG else {},
    )


@settings(max_examples=200, deadline=None, database=None)
@given(
    count=st.integers(2, 7),
    ruleset=st.sampled_from(Ruleset),
    seed=st.integers(0, 2**32),
    group=st.booleans(),
    tougher=st.booleans(),
)
def test_every_random_result_is_accepted(
    count: int, ruleset: Ruleset, seed: int, group: bool, tougher: bool
) -> None:
    rng = random.Random(seed)
    sheriff_position = rng.randint(1, count) if group and count >= 4 else None
    spec = GameSpec(
        ruleset=ruleset,
        positions=tuple(range(1, count + 1)),
        sheriff_position=sheriff_position,
        characters=CHARACTERS,
        tougher_sheriff=tougher,
    )
    seats, winner = random_result(spec, rng)
    outcome = evaluate_result(spec, seats, winner=winner)
    assert [seat.position for seat in seats] == list(spec.positions)
    if count >= 4:
        assert winner is None
        assert Counter(seat.role for seat in seats) == Counter(ROLES_BY_PLAYER_COUNT[count])
    else:
        assert outcome.winner == winner
    if sheriff_position is not None:
        assert (
            next(seat.role for seat in seats if seat.position == sheriff_position) == Role.SHERIFF
        )
    characters = [seat.character for seat in seats if seat.character is not None]
    assert len(set(characters)) == len(characters)
    assert set(characters) <= set(CHARACTERS)
    if ruleset == Ruleset.SHOWDOWN:
        assert characters == []
    elif count >= 3:
        assert len(characters) == count


def test_the_endings_vary() -> None:
    spec = spec_for(6, sheriff_position=3)
    sides: Counter[Side | None] = Counter()
    final_duels = deputy_kills_sheriff = named_eliminations = 0
    for seed in range(400):
        seats, _ = random_result(spec, random.Random(seed))
        sides[evaluate_result(spec, seats).side] += 1
        final_duels += any(seat.final_duel for seat in seats)
        named_eliminations += any(seat.eliminated_by is not None for seat in seats)
        roles = {seat.position: seat.role for seat in seats}
        deputy_kills_sheriff += any(
            seat.role == Role.SHERIFF and roles.get(seat.eliminated_by) == Role.DEPUTY
            for seat in seats
        )
    assert set(sides) == set(Side)
    assert min(sides.values()) > 40
    assert final_duels > 20
    assert deputy_kills_sheriff > 5
    assert named_eliminations > 200


def test_three_player_and_duel_winners_vary() -> None:
    three = Counter(random_result(spec_for(3), random.Random(seed))[1] for seed in range(200))
    assert set(three) == {"deputy", "outlaw", "renegade"}
    duel = Counter(random_result(spec_for(2), random.Random(seed))[1] for seed in range(100))
    assert set(duel) == {1, 2}


def test_a_seed_replays_the_same_result() -> None:
    spec = spec_for(7)
    assert random_result(spec, random.Random("rehearsal")) == random_result(
        spec, random.Random("rehearsal")
    )


def test_positions_with_a_gap() -> None:
    spec = GameSpec(
        ruleset=Ruleset.BANG,
        positions=(1, 2, 4, 5, 6),
        sheriff_position=4,
        characters=CHARACTERS,
    )
    seats, winner = random_result(spec, random.Random(1))
    assert [seat.position for seat in seats] == [1, 2, 4, 5, 6]
    assert evaluate_result(spec, seats, winner=winner).side is not None


def test_too_few_characters_or_players() -> None:
    spec = GameSpec(
        ruleset=Ruleset.BANG,
        positions=(1, 2, 3, 4),
        sheriff_position=None,
        characters={"Black Jack": 4, "El Gringo": 3},
    )
    with pytest.raises(ValueError, match="4 characters"):
        random_result(spec, random.Random(0))
    with pytest.raises(ValueError, match="2 to 7"):
        random_result(spec_for(8), random.Random(0))
