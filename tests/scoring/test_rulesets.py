"""Roles per player count, labels, base characters and the lives maximum."""

from collections import Counter

import pytest
from django.utils import translation

from scoring.rulesets import (
    BASE_CHARACTERS,
    ROLES_BY_PLAYER_COUNT,
    THREE_PLAYER_ROLES,
    THREE_PLAYER_TARGET,
    Character,
    Role,
    Ruleset,
    Side,
    max_lives,
)

S, D, O, R = Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.RENEGADE


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (4, {S: 1, R: 1, O: 2}),
        (5, {S: 1, R: 1, O: 2, D: 1}),
        (6, {S: 1, R: 1, O: 3, D: 1}),
        (7, {S: 1, R: 1, O: 3, D: 2}),
    ],
)
def test_roles_by_player_count(count: int, expected: dict[Role, int]) -> None:
    assert len(ROLES_BY_PLAYER_COUNT[count]) == count
    assert Counter(ROLES_BY_PLAYER_COUNT[count]) == expected


def test_three_player_roles_hunt_in_a_circle() -> None:
    assert set(THREE_PLAYER_ROLES) == {D, O, R}
    assert THREE_PLAYER_TARGET == {D: R, R: O, O: D}
    assert set(THREE_PLAYER_TARGET.values()) == set(THREE_PLAYER_ROLES)


def test_enum_values_are_the_api_strings() -> None:
    assert [role.value for role in Role] == ["sheriff", "deputy", "outlaw", "renegade"]
    assert [side.value for side in Side] == ["law", "outlaws", "renegade"]
    assert [ruleset.value for ruleset in Ruleset] == ["bang", "showdown"]
    assert Role("outlaw") is Role.OUTLAW
    assert Side.LAW == "law"


def test_labels_are_translated_lazily() -> None:
    with translation.override("en"):
        assert [str(role.label) for role in Role] == ["Sheriff", "Deputy", "Outlaw", "Renegade"]
        assert str(Side.OUTLAWS.label) == "Outlaws"
        assert str(Side.LAW.label) == "Sheriff and Deputies"
        assert str(Ruleset.SHOWDOWN.label) == "Showdown"
        choices = [(value, str(label)) for value, label in Role.choices()]
        assert choices[0] == ("sheriff", "Sheriff")


def test_base_characters() -> None:
    assert len(BASE_CHARACTERS) == 16
    assert len({character.name for character in BASE_CHARACTERS}) == 16
    three = {c.name for c in BASE_CHARACTERS if c.life_points == 3}
    assert three == {"El Gringo", "Paul Regret"}
    assert all(c.life_points == 4 for c in BASE_CHARACTERS if c.name not in three)
    assert Character("Willy the Kid", 4) in BASE_CHARACTERS


@pytest.mark.parametrize(
    ("role", "life_points", "count", "expected"),
    [
        (S, 4, 6, 5),
        (S, 3, 5, 4),
        (D, 4, 6, 4),
        (O, 3, 4, 3),
        (R, 4, 7, 4),
        (D, 4, 3, 4),  # three-player game: no Sheriff, no extra life
        (None, 3, 2, 3),  # duel
    ],
)
def test_max_lives_bang(role: Role | None, life_points: int, count: int, expected: int) -> None:
    assert (
        max_lives(ruleset=Ruleset.BANG, role=role, life_points=life_points, player_count=count)
        == expected
    )


def test_max_lives_bang_needs_life_points() -> None:
    with pytest.raises(ValueError, match="life points"):
        max_lives(ruleset=Ruleset.BANG, role=S, life_points=None, player_count=5)


@pytest.mark.parametrize(
    ("role", "count", "tougher", "expected"),
    [
        (S, 6, False, 4),
        (D, 6, False, 3),
        (O, 5, True, 3),
        (S, 4, True, 5),
        (S, 5, True, 4),  # the tougher Sheriff stays at 4 with 5 players
        (S, 6, True, 5),
        (S, 7, True, 5),
        (R, 7, True, 3),
        (D, 3, True, 3),
        (None, 2, True, 3),
    ],
)
def test_max_lives_showdown(role: Role | None, count: int, tougher: bool, expected: int) -> None:
    assert (
        max_lives(
            ruleset=Ruleset.SHOWDOWN,
            role=role,
            life_points=None,
            player_count=count,
            tougher_sheriff=tougher,
        )
        == expected
    )
