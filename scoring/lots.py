"""Drawing lots from a seed, the same in every programming language.

Algorithm ``sha256-fisher-yates``, version 1 (``docs/draw.md`` has it in words
with a worked example). Standard library only, so that ``scoring.verify_draw``
runs without the project installed.

Words used here:

- The **seed** is the text the draw starts from (chosen by the organiser, or
  the secret behind a published commitment).
- The **purpose** names one use of a seed (``"group"``, ``"knockout-2"``,
  ``"lot:seeding:3"``), so that two draws from one seed are independent.
- The **c-th random number** (c = 0, 1, 2, ...) of a seed and purpose is the
  first 8 bytes, read as an unsigned big-endian integer, of::

      SHA-256( len(seed) || seed || len(purpose) || purpose || c )

  where ``seed`` and ``purpose`` are UTF-8 bytes, each ``len`` is the byte
  length as 4 bytes big-endian and ``c`` is 8 bytes big-endian.
- A **uniform index below n** takes random numbers in turn until one, ``x``,
  is below ``n * floor(2**64 / n)`` (rejection sampling: no modulo bias) and
  answers ``x mod n``.
- To **shuffle** a list ``a`` (Fisher-Yates, Durstenfeld's form): for ``i``
  from ``len(a) - 1`` down to ``1``, swap ``a[i]`` with ``a[j]``, ``j`` the
  next uniform index below ``i + 1``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Sequence
from typing import TypeVar

__all__ = [
    "ALGORITHM",
    "LEGACY_ALGORITHM",
    "commitment_of",
    "cut",
    "random_numbers",
    "shuffle",
    "shuffle_legacy",
    "uniform_indices",
]

T = TypeVar("T")

#: The algorithm new draws are made with, as draw records carry it.
ALGORITHM = {"name": "sha256-fisher-yates", "version": 1}
#: Draws made before version 1: Python's ``random.Random(seed).shuffle``
#: (Mersenne Twister, a text seed hashed with SHA-512). Only Python reproduces
#: it; it stays so that old draws keep verifying.
LEGACY_ALGORITHM = {"name": "python-random", "version": 1}

_SPAN = 2**64


def _block(seed: bytes, purpose: bytes, counter: int) -> int:
    digest = hashlib.sha256(
        len(seed).to_bytes(4, "big")
        + seed
        + len(purpose).to_bytes(4, "big")
        + purpose
        + counter.to_bytes(8, "big")
    ).digest()
    return int.from_bytes(digest[:8], "big")


def random_numbers(seed: str, purpose: str) -> Iterator[int]:
    """The random numbers of ``seed`` and ``purpose``, each below 2**64, in order."""
    key, label = seed.encode("utf-8"), purpose.encode("utf-8")
    counter = 0
    while True:
        yield _block(key, label, counter)
        counter += 1


def uniform_indices(numbers: Iterator[int], bound: int) -> int:
    """The next uniform index below ``bound`` (>= 1) taken from ``numbers``."""
    if bound < 1:
        raise ValueError("bound must be at least 1")
    limit = bound * (_SPAN // bound)
    for number in numbers:
        if number < limit:
            return number % bound
    raise AssertionError("unreachable: the numbers never end")  # pragma: no cover


def shuffle(items: Sequence[T], *, seed: str, purpose: str) -> list[T]:
    """``items`` in the order the lot gives (a uniform permutation), as a new list."""
    order = list(items)
    numbers = random_numbers(seed, purpose)
    for i in range(len(order) - 1, 0, -1):
        j = uniform_indices(numbers, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def shuffle_legacy(items: Sequence[T], *, seed: str) -> list[T]:
    """The draws before version 1: ``random.Random(seed).shuffle`` (see ``LEGACY_ALGORITHM``)."""
    order = list(items)
    random.Random(seed).shuffle(order)
    return order


def cut(order: Sequence[T], sizes: Sequence[int]) -> list[list[T]]:
    """``order`` cut into consecutive tables of ``sizes``: ``result[t][p]`` sits at
    table ``t + 1``, position ``p + 1``."""
    if sum(sizes) != len(order):
        raise ValueError("the sizes do not add up to the number of items")
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def commitment_of(seed: str) -> str:
    """The published commitment of a secret seed: SHA-256 of its UTF-8 text, lower-case hex."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()
