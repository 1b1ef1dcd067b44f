"""Splitting participants over tables and drawing seats by a recorded seed.

Words used here:

- A **participant** is identified by an ``int`` (their id); the functions never
  look at anything else about them.
- A **table** is a group of players who play together; its **size** is its
  number of players. Tables are numbered 1, 2, ... in the order returned.
- A **position** is a seat at a table, numbered 1 .. size. In the group stage a
  participant keeps table and position for all rounds; the player at position
  ``r`` is the Sheriff in round ``r``.
- A **split** of N participants is the list of group-stage table sizes: only
  tables of 5 and 6, ``a`` six-tables and ``b`` five-tables with 6a + 5b = N.
  Sizes are listed six-tables first. N is **splittable** if such a split exists;
  it does not for N < 5 and N = 7, 8, 9, 13, 14, 19.
- A **seed** is any string chosen (or generated) by the organiser and shown
  with the seating, so that anyone can re-run the draw.
- A **knockout round** puts the players still in onto the fewest tables of at
  most 7 players, sizes differing by at most 1, larger tables first.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from scoring.lots import ALGORITHM, LEGACY_ALGORITHM, shuffle, shuffle_legacy
from scoring.text import lazy_format

if TYPE_CHECKING:
    from scoring.text import StrPromise

__all__ = [
    "InvalidFiveTables",
    "NotSplittable",
    "describe_split",
    "draw_knockout_tables",
    "draw_order",
    "draw_seating",
    "five_table_choices",
    "is_splittable",
    "knockout_table_sizes",
    "split_tables",
]

GROUP_TABLE_SIZES = (6, 5)
MAX_KNOCKOUT_TABLE_SIZE = 7


def _splits(count: int, sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to seat ``count`` at tables of ``sizes``: the number of tables of
    each size, the preferred split (most tables of the first size, then of the
    second, ...) first."""
    if not sizes:
        return [()] if count == 0 else []
    first, rest = sizes[0], sizes[1:]
    found = []
    for tables in range(count // first, -1, -1):
        found += [(tables, *tail) for tail in _splits(count - first * tables, rest)]
    return found


def _default_split(
    count: int, sizes: Sequence[int] = GROUP_TABLE_SIZES, min_tables: int = 1
) -> tuple[int, ...] | None:
    """The number of tables of each size, as many of the preferred size as possible."""
    found = [split for split in _splits(count, sizes) if sum(split) >= max(min_tables, 1)]
    return found[0] if found else None


def is_splittable(
    count: int, *, sizes: Sequence[int] = GROUP_TABLE_SIZES, min_tables: int = 1
) -> bool:
    """Whether ``count`` participants fit exactly onto tables of ``sizes``."""
    return _default_split(count, sizes, min_tables) is not None


def describe_split(count: int, *, sizes: Sequence[int] = GROUP_TABLE_SIZES) -> str:
    """The default split of a splittable count in words: 23 -> "3\u00d76 + 1\u00d75"."""
    split = _default_split(count, sizes)
    if split is None:
        raise ValueError(f"{count} is not splittable")
    parts = [f"{n}\u00d7{size}" for n, size in zip(split, sizes, strict=True) if n]
    return " + ".join(parts)


def _small(sizes: Sequence[int]) -> int:
    return min(sizes)


def five_table_choices(count: int, *, sizes: Sequence[int] = GROUP_TABLE_SIZES) -> list[int]:
    """Every possible number of tables of the smallest size (5-tables in the German
    championship) for ``count`` participants, ascending."""
    small = sizes.index(_small(sizes))
    return sorted({split[small] for split in _splits(count, sizes)})


def _sizes_text(sizes: Sequence[int]) -> str:
    ordered = sorted(set(sizes))
    if len(ordered) == 1:
        return str(ordered[0])
    return str(
        lazy_format(
            _("%(sizes)s and %(last)s"),
            {"sizes": ", ".join(str(size) for size in ordered[:-1]), "last": ordered[-1]},
        )
    )


class NotSplittable(ValueError):
    """``count`` participants cannot be seated at tables of the format's sizes.

    ``lower`` and ``higher`` are the nearest splittable counts below and above
    (``lower`` is None when there is none); ``message`` names them with their splits.
    """

    code = "not_splittable"

    def __init__(
        self, count: int, *, sizes: Sequence[int] = GROUP_TABLE_SIZES, min_tables: int = 1
    ) -> None:
        self.count = count

        def splits(n: int) -> bool:
            return is_splittable(n, sizes=sizes, min_tables=min_tables)

        lower = next((n for n in range(count - 1, 0, -1) if splits(n)), None)
        higher = next(n for n in itertools.count(max(count + 1, 1)) if splits(n))
        self.lower: int | None = lower
        self.higher: int = higher
        params: dict[str, object] = {
            "count": count,
            "higher": f"{higher} ({describe_split(higher, sizes=sizes)})",
            "sizes": _sizes_text(sizes),
        }
        german = tuple(sizes) == GROUP_TABLE_SIZES
        if lower is None:
            template = (
                ngettext_lazy(
                    "%(count)s participant cannot be seated at tables of 5 and 6; %(higher)s can.",
                    "%(count)s participants cannot be seated at tables of 5 and 6; %(higher)s can.",
                    count,
                )
                if german
                else ngettext_lazy(
                    "%(count)s participant cannot be seated at tables of %(sizes)s; "
                    "%(higher)s can.",
                    "%(count)s participants cannot be seated at tables of %(sizes)s; "
                    "%(higher)s can.",
                    count,
                )
            )
        else:
            params["lower"] = f"{lower} ({describe_split(lower, sizes=sizes)})"
            template = (
                ngettext_lazy(
                    "%(count)s participant cannot be seated at tables of 5 and 6; "
                    "%(lower)s or %(higher)s can.",
                    "%(count)s participants cannot be seated at tables of 5 and 6; "
                    "%(lower)s or %(higher)s can.",
                    count,
                )
                if german
                else ngettext_lazy(
                    "%(count)s participant cannot be seated at tables of %(sizes)s; "
                    "%(lower)s or %(higher)s can.",
                    "%(count)s participants cannot be seated at tables of %(sizes)s; "
                    "%(lower)s or %(higher)s can.",
                    count,
                )
            )
        self.message: StrPromise = lazy_format(template, params)
        super().__init__(self.message)


class InvalidFiveTables(ValueError):
    """The organiser fixed a number of small tables (5-tables in the German
    championship) that does not work for ``count``.

    ``choices`` lists the numbers that do work; ``message`` names them.
    """

    code = "invalid_five_tables"

    def __init__(
        self, count: int, five_tables: int, *, sizes: Sequence[int] = GROUP_TABLE_SIZES
    ) -> None:
        self.count = count
        self.five_tables = five_tables
        self.choices = five_table_choices(count, sizes=sizes)
        params: dict[str, object] = {
            "count": count,
            "five_tables": five_tables,
            "choices": ", ".join(str(c) for c in self.choices),
            "size": _small(sizes),
        }
        if tuple(sizes) == GROUP_TABLE_SIZES:
            template = _(
                "%(count)s participants cannot be seated with %(five_tables)s tables of 5; "
                "possible numbers of 5-tables: %(choices)s."
            )
        else:
            template = _(
                "%(count)s participants cannot be seated with %(five_tables)s tables of "
                "%(size)s; possible numbers of tables of %(size)s: %(choices)s."
            )
        self.message: StrPromise = lazy_format(template, params)
        super().__init__(self.message)


def split_tables(
    count: int,
    *,
    five_tables: int | None = None,
    sizes: Sequence[int] = GROUP_TABLE_SIZES,
    min_tables: int = 1,
) -> list[int]:
    """Group-stage table sizes for ``count`` participants, the preferred size first.

    By default as many tables of the preferred size as possible (for the German
    championship the fewest tables): ``23 -> [6, 6, 6, 5]``. With ``five_tables``
    the organiser fixes the number of tables of the smallest size instead.

    Raises NotSplittable if no split exists, InvalidFiveTables if ``five_tables``
    is given and does not work for ``count``.
    """
    split = _default_split(count, sizes, min_tables)
    if split is None:
        raise NotSplittable(count, sizes=sizes, min_tables=min_tables)
    if five_tables is not None:
        small = sizes.index(_small(sizes))
        fixed = [found for found in _splits(count, sizes) if found[small] == five_tables]
        if not fixed:
            raise InvalidFiveTables(count, five_tables, sizes=sizes)
        split = fixed[0]
    return [size for n, size in zip(split, sizes, strict=True) for _ in range(n)]


def draw_order(
    items: Sequence[int],
    *,
    seed: str,
    purpose: str,
    algorithm: Mapping[str, object] = ALGORITHM,
) -> list[int]:
    """``items`` shuffled by the lot of ``seed`` and ``purpose`` under ``algorithm``.

    ``ALGORITHM`` (``sha256-fisher-yates`` v1, ``docs/draw.md``) for new draws;
    ``LEGACY_ALGORITHM`` (``random.Random(seed)``, the purpose unused: the old
    records carry it in the seed) so that draws made before keep verifying.
    """
    if dict(algorithm) == ALGORITHM:
        return shuffle(items, seed=seed, purpose=purpose)
    if dict(algorithm) == LEGACY_ALGORITHM:
        return shuffle_legacy(items, seed=seed)
    raise ValueError(f"unknown draw algorithm: {dict(algorithm)!r}")


def draw_seating(
    participants: Sequence[int],
    *,
    sizes: Sequence[int],
    seed: str,
    purpose: str = "group",
    algorithm: Mapping[str, object] = ALGORITHM,
) -> list[list[int]]:
    """Seat ``participants`` at tables of the given ``sizes`` by lot.

    ``result[t][p]`` is the participant at table ``t + 1``, position ``p + 1``:
    ``participants`` (in registration order) shuffled by ``draw_order``, then
    cut into consecutive pieces of ``sizes[0]``, ``sizes[1]``, ... (``docs/draw.md``).
    Same participants in the same order and the same seed give the same seating.
    """
    if not isinstance(seed, str):
        raise TypeError("seed must be a str")
    if sum(sizes) != len(participants):
        raise ValueError(f"table sizes add up to {sum(sizes)}, not {len(participants)}")
    if any(size < 1 for size in sizes):
        raise ValueError("every table needs at least one seat")
    if len(set(participants)) != len(participants):
        raise ValueError("a participant appears twice")
    order = draw_order(participants, seed=seed, purpose=purpose, algorithm=algorithm)
    tables = []
    start = 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables


def knockout_table_sizes(count: int) -> list[int]:
    """Table sizes for a knockout round of ``count`` players, larger tables first.

    The fewest tables of at most 7 players, sizes differing by at most 1:
    ``2 -> [2]``, ``8 -> [4, 4]``, ``9 -> [5, 4]``, ``22 -> [6, 6, 5, 5]``.
    """
    if count < 2:
        raise ValueError("a knockout round needs at least 2 players")
    tables = math.ceil(count / MAX_KNOCKOUT_TABLE_SIZE)
    base, larger = divmod(count, tables)
    return [base + 1] * larger + [base] * (tables - larger)


def draw_knockout_tables(
    players: Sequence[int],
    *,
    seed: str,
    round: int = 1,
    algorithm: Mapping[str, object] = ALGORITHM,
) -> list[list[int]]:
    """Seat the knockout ``players`` of ``round`` by lot on ``knockout_table_sizes``.

    Same algorithm as ``draw_seating`` with the purpose ``knockout-R``;
    ``result[t][p]`` is table ``t + 1``, position ``p + 1``.
    """
    return draw_seating(
        players,
        sizes=knockout_table_sizes(len(players)),
        seed=seed,
        purpose=f"knockout-{round}",
        algorithm=algorithm,
    )
