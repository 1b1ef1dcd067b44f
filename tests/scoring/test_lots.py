"""``scoring.lots``: the language-neutral draw, checked against docs/draw.md and a second
implementation written here from the document alone (it imports nothing of the app)."""

from __future__ import annotations

import hashlib
import random
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.lots import commitment_of, cut, random_numbers, shuffle, uniform_indices


def independent_shuffle(items: list[int], seed: str, purpose: str) -> list[int]:
    """docs/draw.md, re-implemented without looking at scoring/lots.py."""
    key, label = seed.encode(), purpose.encode()
    counter = 0

    def number() -> int:
        nonlocal counter
        message = struct.pack(">I", len(key)) + key + struct.pack(">I", len(label)) + label
        message += struct.pack(">Q", counter)
        counter += 1
        return struct.unpack(">Q", hashlib.sha256(message).digest()[:8])[0]

    result = items[:]
    for i in reversed(range(1, len(result))):
        n = i + 1
        while True:
            x = number()
            if x < (2**64 // n) * n:
                break
        j = x % n
        result[i], result[j] = result[j], result[i]
    return result


def test_the_worked_example_of_docs_draw_md():
    numbers = random_numbers("Meisterschaft 2027", "group")
    assert [next(numbers) for _ in range(3)] == [
        13812875176140351692,
        10709694895710205287,
        8033462235078359501,
    ]
    order = shuffle(list(range(1, 12)), seed="Meisterschaft 2027", purpose="group")
    assert cut(order, [6, 5]) == [[7, 5, 4, 9, 2, 1], [6, 10, 3, 11, 8]]
    assert commitment_of("Meisterschaft 2027") == (
        "1fb835f937b859b203c009c357b2870d0d7511fe6997c4a6de40634eaf518cbd"
    )


def test_a_second_implementation_agrees_on_1000_random_draws():
    rng = random.Random(2027)
    for _ in range(1000):
        items = list(range(1, rng.randint(1, 130)))
        seed = "".join(rng.choice("abcäöü €xyz0123") for _ in range(rng.randint(0, 40)))
        purpose = rng.choice(["group", "knockout-1", "knockout-2", "lot:seeding:3"])
        assert shuffle(items, seed=seed, purpose=purpose) == independent_shuffle(
            items, seed, purpose
        )


@settings(max_examples=300)
@given(st.lists(st.integers(), max_size=60, unique=True), st.text(max_size=30), st.text())
def test_a_shuffle_is_a_permutation_and_a_function_of_seed_and_purpose(items, seed, purpose):
    order = shuffle(items, seed=seed, purpose=purpose)
    assert sorted(order) == sorted(items)
    assert shuffle(items, seed=seed, purpose=purpose) == order


def test_purposes_draw_independently():
    items = list(range(30))
    assert shuffle(items, seed="s", purpose="group") != shuffle(
        items, seed="s", purpose="knockout-1"
    )


@settings(max_examples=300)
@given(st.integers(min_value=1, max_value=2**64), st.text(max_size=10))
def test_uniform_indices_stay_below_the_bound(bound, seed):
    assert 0 <= uniform_indices(random_numbers(seed, "t"), bound) < bound


def test_rejection_sampling_throws_away_the_biased_top():
    # With bound 3, 2**64 - 1 lies in the incomplete top block: it must be skipped.
    numbers = iter([2**64 - 1, 7])
    assert uniform_indices(numbers, 3) == 1


def test_every_position_is_about_equally_likely():
    counts = [0] * 6
    for n in range(3000):
        counts[shuffle(range(6), seed=str(n), purpose="group").index(0)] += 1
    assert all(400 < count < 600 for count in counts)


def test_cut_refuses_sizes_that_do_not_add_up():
    with pytest.raises(ValueError):
        cut([1, 2, 3], [2, 2])
