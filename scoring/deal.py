"""The character deal by lot, reproducible from the draw's seed (rules.md §11).

Words used here:

- The **pool** is the tournament's characters (base game and expansions),
  sorted by their names' Unicode code points: the deal does not depend on
  the order they were stored in.
- A **deal** of a group game gives every **position** two distinct
  characters; no character appears twice at the table.
- The **revealed** characters of a knockout table are one more than its
  players; they pick one each in seeding-list order.
- The **label** names one table and round (``group:table-3:round-2``,
  ``knockout:round-1:table-2``), so that every game gets its own shuffle.

The algorithm is the draw's (``scoring.lots``, ``docs/draw.md``):
``sha256-fisher-yates`` version 1, the label as the **purpose**; the shuffled
pool is dealt from its start: the group position *p* gets items ``2(p-1)``
and ``2(p-1)+1``; a knockout table reveals the first players + 1. Each deal
records its algorithm (``DEAL_ALGORITHM``). Deals made before that
(``LEGACY_DEAL_ALGORITHM``, ``docs/deal.md``) used a shuffle of their own:
block *i* is ``SHA-256(UTF-8(seed + "\\n" + label + "\\n" + str(i)))``;
they still re-run with ``algorithm=LEGACY_DEAL_ALGORITHM``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from django.utils.translation import gettext_lazy as _

from scoring import lots
from scoring.text import lazy_format

if TYPE_CHECKING:
    from scoring.text import StrPromise

__all__ = [
    "CHARACTERS_PER_SEAT",
    "DEAL_ALGORITHM",
    "LEGACY_DEAL_ALGORITHM",
    "TooFewCharacters",
    "UnknownAlgorithm",
    "deal_group_game",
    "group_label",
    "knockout_label",
    "reveal_knockout",
    "shuffled",
]

#: The algorithm new deals are made with, as each game records it: the draw's.
DEAL_ALGORITHM: Mapping[str, Any] = lots.ALGORITHM
#: Deals made before ``DEAL_ALGORITHM`` (``docs/deal.md``): a shuffle of their own.
LEGACY_DEAL_ALGORITHM: Mapping[str, Any] = {"name": "deal-sha256-fisher-yates", "version": 1}
CHARACTERS_PER_SEAT = 2
_SPACE = 2**64

T = TypeVar("T")


class TooFewCharacters(ValueError):
    """The pool is too small for the table; ``message`` says how many are needed."""

    code = "too_few_characters"

    def __init__(self, *, needed: int, available: int) -> None:
        self.needed = needed
        self.available = available
        self.message: StrPromise = lazy_format(
            _(
                "Dealing the characters for a table of this size needs %(needed)s "
                "characters; the tournament has %(available)s. Add expansion characters "
                "or turn the character deal off."
            ),
            {"needed": needed, "available": available},
        )
        super().__init__(self.message)


class UnknownAlgorithm(ValueError):
    """A deal names an algorithm this code does not know."""


class _Stream:
    """The legacy deal's numbers: SHA-256 in counter mode over seed and label."""

    def __init__(self, seed: str, label: str) -> None:
        self.prefix = f"{seed}\n{label}\n"
        self.counter = 0

    def _next(self) -> int:
        block = hashlib.sha256(f"{self.prefix}{self.counter}".encode()).digest()
        self.counter += 1
        return int.from_bytes(block[:8], "big")

    def below(self, n: int) -> int:
        """A uniform number in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n < 1:
            raise ValueError("below() needs n >= 1")
        limit = _SPACE - _SPACE % n
        while True:
            value = self._next()
            if value < limit:
                return value % n


def _legacy_shuffled(items: Sequence[T], *, seed: str, label: str) -> list[T]:
    order = list(items)
    stream = _Stream(seed, label)
    for k in range(len(order) - 1, 0, -1):
        j = stream.below(k + 1)
        order[k], order[j] = order[j], order[k]
    return order


def shuffled(
    items: Sequence[T],
    *,
    seed: str,
    label: str,
    algorithm: Mapping[str, Any] = DEAL_ALGORITHM,
) -> list[T]:
    """``items`` in the order the deal's lot gives for ``seed`` and ``label``."""
    if dict(algorithm) == dict(DEAL_ALGORITHM):
        return lots.shuffle(items, seed=seed, purpose=label)
    if dict(algorithm) == dict(LEGACY_DEAL_ALGORITHM):
        return _legacy_shuffled(items, seed=seed, label=label)
    raise UnknownAlgorithm(f"unknown deal algorithm: {dict(algorithm)!r}")


def _pool(characters: Iterable[str]) -> list[str]:
    names = set(characters)
    return sorted(names)  # Python compares str by code points


def group_label(*, table: int, round: int) -> str:
    return f"group:table-{table}:round-{round}"


def knockout_label(*, round: int, table: int) -> str:
    return f"knockout:round-{round}:table-{table}"


def deal_group_game(
    characters: Iterable[str],
    *,
    positions: Sequence[int],
    seed: str,
    label: str,
    algorithm: Mapping[str, Any] = DEAL_ALGORITHM,
) -> dict[int, tuple[str, str]]:
    """Two distinct characters for each position, none repeated at the table.

    Raises ``TooFewCharacters`` if the pool has fewer than two per position.
    """
    pool = _pool(characters)
    needed = CHARACTERS_PER_SEAT * len(positions)
    if len(pool) < needed:
        raise TooFewCharacters(needed=needed, available=len(pool))
    order = shuffled(pool, seed=seed, label=label, algorithm=algorithm)
    return {
        position: (order[2 * index], order[2 * index + 1])
        for index, position in enumerate(sorted(positions))
    }


def reveal_knockout(
    characters: Iterable[str],
    *,
    players: int,
    seed: str,
    label: str,
    algorithm: Mapping[str, Any] = DEAL_ALGORITHM,
) -> tuple[str, ...]:
    """One character more than players for a knockout table, in the order revealed.

    Raises ``TooFewCharacters`` if the pool has fewer than ``players + 1``.
    """
    pool = _pool(characters)
    if len(pool) < players + 1:
        raise TooFewCharacters(needed=players + 1, available=len(pool))
    return tuple(shuffled(pool, seed=seed, label=label, algorithm=algorithm)[: players + 1])
