"""A part of the qualifying stage drawn anew, and the Sheriffs drawn by lot (rules.md §14).

Standard library and ``scoring.lots`` only, so that ``scoring.verify_draw``
re-runs both without the project installed. ``docs/draw.md`` ("A part drawn
anew") says the same in words, precisely enough to implement it again.

Words used here:

- A **part** (Czech *kolo*) is a run of rounds with one seating; part 1 is
  drawn as the German group stage is (``scoring.seating.draw_seating``), a
  later part is **drawn anew**.
- Two players **have met** if they sat at one table in an earlier part (as
  played, after seat swaps). A **repeated pair** is two players at one new
  table who have met; each pair counts once, however often they met.
- The **groups** of a redraw are the tables of the latest earlier part (its
  players who are still in), plus every participant who did not sit there,
  alone.
- A **step** of the search is one player placed at one table.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.lots import cut, shuffle

__all__ = ["SEARCH_STEPS", "draw_part", "draw_sheriffs", "lower_bound", "repeated_pairs"]

#: The search stops after this many steps and keeps the best seating found.
SEARCH_STEPS = 200_000
FIRST_PART_PURPOSE = "group"


def _check(participants: Sequence[int], sizes: Sequence[int]) -> None:
    if sum(sizes) != len(participants):
        raise ValueError(f"table sizes add up to {sum(sizes)}, not {len(participants)}")
    if any(size < 1 for size in sizes):
        raise ValueError("every table needs at least one seat")
    if len(set(participants)) != len(participants):
        raise ValueError("a participant appears twice")


def _met(
    participants: Sequence[int], earlier: Sequence[Sequence[Sequence[int]]]
) -> dict[int, set[int]]:
    """For each participant, the participants they have met in ``earlier``."""
    met: dict[int, set[int]] = {p: set() for p in participants}
    for tables in earlier:
        for table in tables:
            present = [p for p in table if p in met]
            for p in present:
                met[p].update(q for q in present if q != p)
    return met


def repeated_pairs(
    tables: Sequence[Sequence[int]], earlier: Sequence[Sequence[Sequence[int]]]
) -> int:
    """The pairs of players at one of ``tables`` who shared a table in any ``earlier`` part."""
    met = _met([p for table in tables for p in table], earlier)
    return sum(
        1 for table in tables for i, p in enumerate(table) for q in table[i + 1 :] if q in met[p]
    )


def _spread(count: int, buckets: int) -> int:
    """Fewest pairs within buckets when ``count`` players go into ``buckets`` buckets."""
    if buckets < 1:
        return 0
    q, r = divmod(count, buckets)
    return r * (q + 1) * q // 2 + (buckets - r) * q * (q - 1) // 2


def lower_bound(
    participants: Sequence[int], sizes: Sequence[int], earlier: Sequence[Sequence[Sequence[int]]]
) -> int:
    """No seating of ``participants`` at ``sizes`` has fewer repeated pairs than this.

    For one earlier part with k tables: a new table of s players takes them from
    at most k tables, at least ``_spread(s, k)`` repeated pairs; an earlier table
    of c players still in goes to the new tables, at least ``_spread(c, len(sizes))``.
    The larger of the two sums holds; over several parts, the largest of theirs.
    """
    present = set(participants)
    best = 0
    for tables in earlier:
        counts = [n for n in (sum(1 for p in t if p in present) for t in tables) if n]
        seated = sum(counts)
        groups = len(counts) + (len(present) - seated)
        by_new = sum(_spread(size, groups) for size in sizes)
        by_old = sum(_spread(c, len(sizes)) for c in counts)
        best = max(best, by_new, by_old)
    return best


def _groups(order: Sequence[int], earlier: Sequence[Sequence[Sequence[int]]]) -> list[list[int]]:
    """The players in the order the search places them: largest group first."""
    rank = {p: i for i, p in enumerate(order)}
    groups = [
        sorted((p for p in table if p in rank), key=rank.__getitem__) for table in earlier[-1]
    ]
    groups = [g for g in groups if g]
    seated = {p for g in groups for p in g}
    groups += [[p] for p in order if p not in seated]
    groups.sort(key=lambda g: (-len(g), rank[g[0]]))
    return groups


class _Search:
    """Depth-first search for the first seating, in search order, with the fewest repeated pairs."""

    def __init__(
        self, players: list[int], sizes: Sequence[int], met: dict[int, set[int]], floor: int
    ):
        self.players, self.sizes, self.met, self.floor = players, list(sizes), met, floor
        self.tables: list[list[int]] = [[] for _ in sizes]
        self.best: list[list[int]] | None = None
        self.best_pairs = len(players) ** 2 + 1
        self.steps = 0

    def run(self) -> list[list[int]]:
        self._place(0, 0)
        assert self.best is not None
        return self.best

    def _done(self) -> bool:
        if self.best is None:
            return False
        return self.best_pairs <= self.floor or self.steps >= SEARCH_STEPS

    def _place(self, index: int, pairs: int) -> None:
        if index == len(self.players):
            if pairs < self.best_pairs:
                self.best_pairs, self.best = pairs, [list(t) for t in self.tables]
            return
        player = self.players[index]
        known = self.met[player]
        choices = []
        empty_sizes: set[int] = set()
        for number, (table, size) in enumerate(zip(self.tables, self.sizes, strict=True)):
            free = size - len(table)
            if not free:
                continue
            if not table:
                if size in empty_sizes:
                    continue
                empty_sizes.add(size)
            added = sum(1 for q in table if q in known)
            choices.append((added, -free, number))
        choices.sort()
        for added, _, number in choices:
            if pairs + added >= self.best_pairs or self._done():
                return
            self.steps += 1
            self.tables[number].append(player)
            self._place(index + 1, pairs + added)
            self.tables[number].pop()


def draw_part(
    participants: Sequence[int],
    *,
    sizes: Sequence[int],
    seed: str,
    part: int,
    earlier: Sequence[Sequence[Sequence[int]]],
) -> list[list[int]]:
    """Seat a part drawn anew: ``result[t][p]`` sits at table t + 1, position p + 1.

    ``participants`` in registration order, ``sizes`` the table sizes in table
    order, ``earlier`` each earlier part's tables (ids by position, as played).
    Deterministic from the arguments; the fewest repeated pairs (docs/draw.md says
    when that is proven). Without earlier parts, exactly the German draw
    (``draw_seating`` with the purpose ``group``).
    """
    if not isinstance(seed, str):
        raise TypeError("seed must be a str")
    _check(participants, sizes)
    if not earlier:
        return cut(shuffle(participants, seed=seed, purpose=FIRST_PART_PURPOSE), sizes)
    order = shuffle(participants, seed=seed, purpose=f"part-{part}")
    players = [p for group in _groups(order, earlier) for p in group]
    floor = lower_bound(participants, sizes, earlier)
    tables = _Search(players, sizes, _met(participants, earlier), floor).run()
    return [
        shuffle(table, seed=seed, purpose=f"part-{part}-table-{number}")
        for number, table in enumerate(tables, start=1)
    ]


def draw_sheriffs(
    tables: Sequence[Sequence[int]], *, games: int, seed: str, part: int
) -> list[list[int]]:
    """For each table, the Sheriff's position (1-based) in game 1 .. min(games, size).

    The positions 1 .. size shuffled with the purpose ``sheriff-P-T`` (P the
    part, T the table's number), the first ``g`` of them: each game's Sheriff is
    drawn among the positions not yet Sheriff in this part.
    """
    return [
        shuffle(range(1, len(table) + 1), seed=seed, purpose=f"sheriff-{part}-{number}")[
            : min(games, len(table))
        ]
        for number, table in enumerate(tables, start=1)
    ]
