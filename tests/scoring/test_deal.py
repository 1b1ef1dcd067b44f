"""The character deal: a function of the seed, no repeats at a table, only the pool."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import deal
from scoring.report import GameSpec
from scoring.results import ResultInvalid, evaluate_result
from scoring.rulesets import Ruleset

BASE = [
    "Bart Cassidy", "Black Jack", "Calamity Janet", "El Gringo", "Jesse Jones", "Jourdonnais",
    "Kit Carlson", "Lucky Duke", "Paul Regret", "Pedro Ramirez", "Rose Doolan", "Sid Ketchum",
    "Slab the Killer", "Suzy Lafayette", "Vulture Sam", "Willy the Kid",
]  # fmt: skip


def reference_shuffle(items: list[str], seed: str, label: str) -> list[str]:
    """docs/draw.md ("The algorithm", "The character deal"), re-implemented from its
    text without ``scoring``: the pool sorted by code points, shuffled with the
    label as the purpose."""
    order = sorted(items)
    key, purpose = seed.encode(), label.encode()
    counter = 0

    def below(n: int) -> int:
        nonlocal counter
        while True:
            digest = hashlib.sha256(
                len(key).to_bytes(4, "big")
                + key
                + len(purpose).to_bytes(4, "big")
                + purpose
                + counter.to_bytes(8, "big")
            ).digest()
            counter += 1
            x = int.from_bytes(digest[:8], "big")
            if x < n * (2**64 // n):
                return x % n

    for i in range(len(order) - 1, 0, -1):
        j = below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def legacy_reference_shuffle(items: list[str], seed: str, label: str) -> list[str]:
    """docs/deal.md's earlier deal algorithm, re-implemented from its text."""
    order = sorted(items)
    counter = 0

    def below(n: int) -> int:
        nonlocal counter
        limit = 2**64 - (2**64 % n)
        while True:
            digest = hashlib.sha256(f"{seed}\n{label}\n{counter}".encode()).digest()
            counter += 1
            x = int.from_bytes(digest[:8], "big")
            if x < limit:
                return x % n

    for k in range(len(order) - 1, 0, -1):
        j = below(k + 1)
        order[k], order[j] = order[j], order[k]
    return order


def test_the_deal_follows_the_documented_algorithm():
    label = deal.group_label(table=2, round=3)
    assert label == "group:table-2:round-3"
    expected = reference_shuffle(BASE, "Spielwiese 2027", label)
    dealt = deal.deal_group_game(
        reversed(BASE), positions=[1, 2, 3, 4, 5], seed="Spielwiese 2027", label=label
    )
    assert dealt == {p: (expected[2 * p - 2], expected[2 * p - 1]) for p in range(1, 6)}
    revealed = deal.reveal_knockout(
        BASE, players=4, seed="s", label=deal.knockout_label(round=1, table=1)
    )
    assert list(revealed) == reference_shuffle(BASE, "s", "knockout:round-1:table-1")[:5]


def test_the_deal_is_the_draws_lot_with_the_label_as_purpose():
    from scoring import lots

    assert deal.DEAL_ALGORITHM == lots.ALGORITHM
    label = deal.group_label(table=1, round=1)
    assert deal.shuffled(BASE, seed="x", label=label) == lots.shuffle(
        sorted(BASE), seed="x", purpose=label
    )


def test_deals_made_before_keep_their_algorithm_and_still_re_run():
    label = deal.group_label(table=2, round=3)
    expected = legacy_reference_shuffle(BASE, "Spielwiese 2027", label)
    dealt = deal.deal_group_game(
        BASE,
        positions=[1, 2, 3, 4, 5],
        seed="Spielwiese 2027",
        label=label,
        algorithm=deal.LEGACY_DEAL_ALGORITHM,
    )
    assert dealt == {p: (expected[2 * p - 2], expected[2 * p - 1]) for p in range(1, 6)}
    assert dealt != deal.deal_group_game(
        BASE, positions=[1, 2, 3, 4, 5], seed="Spielwiese 2027", label=label
    )
    revealed = deal.reveal_knockout(
        BASE, players=4, seed="s", label="knockout:round-1:table-1",
        algorithm=deal.LEGACY_DEAL_ALGORITHM,
    )  # fmt: skip
    assert list(revealed) == legacy_reference_shuffle(BASE, "s", "knockout:round-1:table-1")[:5]
    with pytest.raises(deal.UnknownAlgorithm):
        deal.shuffled(BASE, seed="s", label="x", algorithm={"name": "other", "version": 9})


@settings(deadline=None, database=None)
@given(
    seed=st.text(max_size=30),
    size=st.integers(2, 7),
    extra=st.lists(st.text(min_size=1, max_size=12), max_size=10),
    table=st.integers(1, 30),
    round=st.integers(1, 7),
)
def test_same_seed_same_deal_distinct_and_only_from_the_pool(seed, size, extra, table, round):
    pool = BASE + extra
    label = deal.group_label(table=table, round=round)
    positions = list(range(1, size + 1))
    dealt = deal.deal_group_game(pool, positions=positions, seed=seed, label=label)
    assert dealt == deal.deal_group_game(
        list(reversed(pool)), positions=positions, seed=seed, label=label
    )
    names = [name for pair in dealt.values() for name in pair]
    assert sorted(dealt) == positions
    assert len(names) == len(set(names)) == 2 * size  # none repeated at the table
    assert set(names) <= set(pool)
    revealed = deal.reveal_knockout(pool, players=size, seed=seed, label=label)
    assert len(revealed) == len(set(revealed)) == size + 1
    assert set(revealed) <= set(pool)


def test_different_games_and_seeds_get_different_deals():
    deals = {
        tuple(
            deal.deal_group_game(
                BASE, positions=range(1, 7), seed=seed, label=deal.group_label(table=1, round=r)
            ).values()
        )
        for seed in ("a", "b", "c")
        for r in range(1, 7)
    }
    assert len(deals) == 18


def test_every_character_gets_dealt_sometimes():
    seen = {
        name
        for r in range(1, 40)
        for pair in deal.deal_group_game(
            [*BASE, "Apache Kid"], positions=range(1, 6), seed="x", label=f"t{r}"
        ).values()
        for name in pair
    }
    assert seen == set(BASE) | {"Apache Kid"}


def test_a_pool_too_small_is_refused():
    with pytest.raises(deal.TooFewCharacters) as refused:
        deal.deal_group_game(BASE[:11], positions=range(1, 7), seed="s", label="l")
    assert (refused.value.needed, refused.value.available) == (12, 11)
    assert "12" in str(refused.value.message)
    with pytest.raises(deal.TooFewCharacters):
        deal.reveal_knockout(BASE[:7], players=7, seed="s", label="l")
    # Duplicates in the input are one character, not two.
    with pytest.raises(deal.TooFewCharacters):
        deal.deal_group_game(BASE[:5] * 3, positions=range(1, 4), seed="s", label="l")


def test_the_rules_engine_refuses_a_character_outside_the_deal():
    from scoring.report import SeatReport
    from scoring.rulesets import Role

    dealt = deal.deal_group_game(BASE, positions=range(1, 6), seed="s", label="l")
    spec = GameSpec(
        ruleset=Ruleset.BANG,
        positions=(1, 2, 3, 4, 5),
        sheriff_position=1,
        characters=dict.fromkeys(BASE, 4),
        dealt={p: frozenset(pair) for p, pair in dealt.items()},
    )
    roles = [Role.SHERIFF, Role.RENEGADE, Role.OUTLAW, Role.OUTLAW, Role.DEPUTY]
    lives = [3, 0, 0, 0, 1]

    def seats(characters):
        return [
            SeatReport(p, roles[p - 1], character=characters[p - 1], lives=lives[p - 1])
            for p in range(1, 6)
        ]

    kept = [dealt[p][p % 2] for p in range(1, 6)]
    assert evaluate_result(spec, seats(kept)).winner == "law"
    other = next(name for name in BASE if name not in dealt[3] and name not in kept)
    with pytest.raises(ResultInvalid) as invalid:
        evaluate_result(spec, seats([*kept[:2], other, *kept[3:]]))
    assert [(p.code, p.position) for p in invalid.value.problems] == [("character_not_dealt", 3)]
