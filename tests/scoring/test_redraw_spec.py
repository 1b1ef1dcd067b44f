"""docs/draw.md, "A part drawn anew, and the Sheriffs by lot", is precise enough to implement
again: this file does so from the text alone (only the shuffle of scoring.lots, itself checked
against the document in test_lots.py) and compares with scoring.redraw on many seeds, and checks
the section's worked example."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.redraw
from scoring.lots import cut, shuffle
from scoring.redraw import draw_part, draw_sheriffs

DOC = Path(__file__).resolve().parents[2] / "docs" / "draw.md"


def spread(n, m):
    q, r = divmod(n, m)
    return r * (q + 1) * q // 2 + (m - r) * q * (q - 1) // 2


def documented_part(participants, sizes, seed, part, earlier, tries=200_000):
    """Steps 1-6 of the document, read literally."""
    if not earlier:
        return cut(shuffle(participants, seed=seed, purpose="group"), sizes)
    order = shuffle(participants, seed=seed, purpose=f"part-{part}")  # step 1
    place = {p: i for i, p in enumerate(order)}
    met = set()  # step 2: unordered pairs
    for tables in earlier:
        for table in tables:
            for a in table:
                for b in table:
                    if a != b and a in place and b in place:
                        met.add((a, b))
    groups = []  # step 3
    for table in earlier[-1]:
        members = sorted((p for p in table if p in place), key=lambda p: place[p])
        if members:
            groups.append(members)
    seated = {p for g in groups for p in g}
    groups.extend([p] for p in participants if p not in seated)
    groups.sort(key=lambda g: (-len(g), place[g[0]]))
    sequence = [p for g in groups for p in g]
    bound = 0  # step 4
    for tables in earlier:
        still_in = [sum(1 for p in t if p in place) for t in tables]
        still_in = [n for n in still_in if n > 0]
        k = len(still_in) + sum(1 for p in participants if not any(p in t for t in tables))
        a = sum(spread(size, k) for size in sizes)
        b = sum(spread(n, len(sizes)) for n in still_in)
        bound = max(bound, a, b)

    seats = [[] for _ in sizes]  # step 5
    state = {"best": None, "pairs": float("inf"), "tries": 0, "stopped": False}

    def seat(index, pairs):
        if index == len(sequence):
            if pairs < state["pairs"]:
                state["best"], state["pairs"] = [list(t) for t in seats], pairs
            return
        player = sequence[index]
        candidates, empty_seen = [], []
        for number, size in enumerate(sizes):
            if len(seats[number]) == size:
                continue
            if not seats[number] and size in empty_seen:
                continue
            if not seats[number]:
                empty_seen.append(size)
            adds = sum(1 for q in seats[number] if (player, q) in met)
            candidates.append((adds, -(size - len(seats[number])), number))
        for adds, _, number in sorted(candidates):
            if state["best"] is not None and (state["pairs"] <= bound or state["tries"] >= tries):
                state["stopped"] = True
            if state["stopped"] or pairs + adds >= state["pairs"]:
                return
            state["tries"] += 1
            seats[number].append(player)
            seat(index + 1, pairs + adds)
            seats[number].pop()

    seat(0, 0)
    return [  # step 6
        shuffle(table, seed=seed, purpose=f"part-{part}-table-{t}")
        for t, table in enumerate(state["best"], start=1)
    ]


def documented_sheriffs(tables, games, seed, part):
    return [
        shuffle(list(range(1, len(table) + 1)), seed=seed, purpose=f"sheriff-{part}-{t}")[
            : min(games, len(table))
        ]
        for t, table in enumerate(tables, start=1)
    ]


def test_the_worked_example():
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    ids = list(range(1, 17))
    part_one = draw_part(ids, sizes=[4] * 4, seed="Praha 2018", part=1, earlier=[])
    assert part_one == [[3, 8, 4, 15], [10, 9, 7, 5], [2, 14, 12, 6], [16, 1, 11, 13]]
    assert shuffle(ids, seed="Praha 2018", purpose="part-2") == [
        9, 8, 2, 10, 3, 6, 4, 1, 7, 13, 11, 14, 12, 16, 5, 15,
    ]  # fmt: skip
    assert "9 8 2 10 3 6 4 1 7 13 11 14 12 16 5 15" in text
    part_two = draw_part(ids, sizes=[4] * 4, seed="Praha 2018", part=2, earlier=[part_one])
    assert part_two == [[1, 9, 8, 2], [3, 6, 13, 10], [14, 7, 4, 11], [16, 5, 12, 15]]
    assert "`[1, 9, 8, 2]`, `[3, 6, 13, 10]`, `[14, 7, 4, 11]`, `[16, 5, 12, 15]`" in text
    assert draw_sheriffs(part_two, games=2, seed="Praha 2018", part=2) == [
        [2, 1], [4, 3], [4, 1], [1, 3],
    ]  # fmt: skip
    assert "`[2, 1]`, `[4, 3]`, `[4, 1]`, `[1, 3]`" in text
    assert "[3, 8, 4, 15]`, `[10, 9, 7, 5]`, `[2, 14, 12, 6]`, `[16, 1, 11, 13]`" in text
    assert "200 000 tries" in text and scoring.redraw.SEARCH_STEPS == 200_000


def czech_sizes(count):
    fives = max(f for f in range(count // 5 + 1) if (count - 5 * f) % 4 == 0)
    return [5] * fives + [4] * ((count - 5 * fives) // 4)


counts = st.sampled_from([8, 9, 10, 12, 13, 14, 16, 17, 20, 21, 23, 25, 40])


@settings(max_examples=80, deadline=None)
@given(counts, st.text(max_size=10), st.integers(0, 2), st.booleans(), st.data())
def test_the_documented_redraw_is_the_module(count, seed, parts, change, data):
    """Earlier parts made by lot; sometimes a player left and a newcomer came between parts."""
    ids = list(range(1, count + 1))
    sizes = czech_sizes(count)
    earlier = [cut(data.draw(st.permutations(ids)), sizes) for _ in range(parts)]
    now = [p for p in ids if p != 3] + [count + 1] if change else ids
    part = parts + 1
    assert draw_part(now, sizes=sizes, seed=seed, part=part, earlier=earlier) == documented_part(
        now, sizes, seed, part, earlier
    )
    tables = cut(now, sizes)
    for games in (1, 2, 3, 5):
        assert draw_sheriffs(tables, games=games, seed=seed, part=part) == documented_sheriffs(
            tables, games, seed, part
        )


@pytest.mark.parametrize("tries", [1, 7, 30, 200, 2000])
def test_the_tries_are_counted_as_documented(monkeypatch, tries):
    """When the search runs out of tries it keeps the best so far: both count alike."""
    monkeypatch.setattr(scoring.redraw, "SEARCH_STEPS", tries)
    for seed in ("a", "b", "c", "d"):
        ids = list(range(1, 15))
        sizes = czech_sizes(14)
        earlier = [cut(shuffle(ids, seed=seed, purpose=str(n)), sizes) for n in range(3)]
        assert draw_part(ids, sizes=sizes, seed=seed, part=4, earlier=earlier) == documented_part(
            ids, sizes, seed, 4, earlier, tries=tries
        )
