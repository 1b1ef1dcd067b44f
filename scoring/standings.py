"""Group-stage standings: ranking with a chain of named tie-break metrics.

Words used here:

- A **player line** (``PlayerLine``) is one participant's group-stage figures:
  their table and position, their **bounty** (the tournament total that ranks:
  the games' bounties plus the 5-table bonus minus referee deductions), the
  number of games **won**, the **lives** left summed over all their games, the
  number of games played, and whether they are **excluded**.
- A **metric** is one ranking criterion with a stable ``key``, a translated
  ``name`` and abbreviation ``abbr`` (as in Tabbycat's ``standings/metrics.py``).
- The **precedence** is the list of metric keys in the order they decide; the
  championship's default is bounty, table placement (``table_rank``), games
  won, lives left (rules.md section 6).
- The **table rank** is a player's placement among the players at their own
  table, found by the same precedence without ``table_rank`` itself.
- The **rank** is the overall placement. Ranking is standard competition
  ranking: players equal on every criterion share the rank and the next rank
  skips (1, 2, 2, 4). Excluded players come after everyone else, at their
  table and overall, ranked among themselves by the same criteria.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

__all__ = [
    "DEFAULT_PRECEDENCE",
    "METRICS",
    "Metric",
    "PlayerLine",
    "RankedLine",
    "competition_ranks",
    "rank_standings",
]


@dataclass(frozen=True)
class PlayerLine:
    """One participant's group-stage figures, as ranked."""

    participant: int
    table: int
    position: int
    bounty: int
    wins: int
    lives: int
    games_played: int
    excluded: bool = False


@dataclass(frozen=True)
class RankedLine:
    """A player line with its overall ``rank`` and its ``table_rank``."""

    line: PlayerLine
    rank: int
    table_rank: int


@dataclass(frozen=True)
class Metric:
    """A ranking criterion: ``key`` is stable, ``name`` and ``abbr`` are translated."""

    key: str
    name: Promise
    abbr: Promise
    higher_is_better: bool


METRICS: dict[str, Metric] = {
    metric.key: metric
    for metric in (
        Metric("bounty", _("Bounty"), _("Bty"), higher_is_better=True),
        # The same total under the name most formats give it (rules.md §14).
        Metric("points", _("Points"), _("Pts"), higher_is_better=True),
        Metric("table_rank", _("Table rank"), _("Tbl"), higher_is_better=False),
        Metric("wins", _("Wins"), _("W"), higher_is_better=True),
        Metric("lives", _("Lives"), _("L"), higher_is_better=True),
    )
}

DEFAULT_PRECEDENCE: tuple[str, ...] = ("bounty", "table_rank", "wins", "lives")


def competition_ranks(keys: Sequence[Hashable]) -> list[int]:
    """Standard competition ranks of already sorted ``keys``: equal keys share a rank.

    ``["a", "b", "b", "c"] -> [1, 2, 2, 4]``.
    """
    ranks: list[int] = []
    for index, key in enumerate(keys):
        if index and key == keys[index - 1]:
            ranks.append(ranks[-1])
        else:
            ranks.append(index + 1)
    return ranks


def _check_precedence(precedence: Sequence[str]) -> None:
    unknown = [key for key in precedence if key not in METRICS]
    if unknown:
        raise ValueError(f"unknown metric(s): {', '.join(unknown)}")
    if len(set(precedence)) != len(precedence):
        raise ValueError("a metric appears twice in the precedence")


def _sort_key(
    precedence: Sequence[str], table_ranks: dict[int, int]
) -> Callable[[PlayerLine], tuple[int, ...]]:
    """Sort key: not excluded first, then each metric with the better value first."""

    def value(line: PlayerLine, key: str) -> int:
        if key == "table_rank":
            raw = table_ranks[line.participant]
        else:
            raw = line.bounty if key == "points" else getattr(line, key)
        return -raw if METRICS[key].higher_is_better else raw

    def key_of(line: PlayerLine) -> tuple[int, ...]:
        return (int(line.excluded), *(value(line, key) for key in precedence))

    return key_of


def rank_standings(
    lines: Sequence[PlayerLine], *, precedence: Sequence[str] = DEFAULT_PRECEDENCE
) -> list[RankedLine]:
    """Rank the group stage (rules.md section 6 and 7).

    First the table rank of every player, within their table, by ``precedence``
    without ``table_rank``; then the overall rank by ``precedence``. Excluded
    players drop to the bottom, at their table and overall. The result is sorted
    by rank, players sharing a rank by participant id.

    Raises ValueError for an unknown or repeated metric key, or a participant
    appearing twice.
    """
    _check_precedence(precedence)
    if len({line.participant for line in lines}) != len(lines):
        raise ValueError("a participant appears twice")

    table_ranks: dict[int, int] = {}
    by_table: dict[int, list[PlayerLine]] = defaultdict(list)
    for line in lines:
        by_table[line.table].append(line)
    table_key = _sort_key([key for key in precedence if key != "table_rank"], table_ranks)
    for table_lines in by_table.values():
        table_lines.sort(key=lambda line: (table_key(line), line.participant))
        ranks = competition_ranks([table_key(line) for line in table_lines])
        for line, rank in zip(table_lines, ranks, strict=True):
            table_ranks[line.participant] = rank

    overall_key = _sort_key(precedence, table_ranks)
    ordered = sorted(lines, key=lambda line: (overall_key(line), line.participant))
    ranks = competition_ranks([overall_key(line) for line in ordered])
    return [
        RankedLine(line=line, rank=rank, table_rank=table_ranks[line.participant])
        for line, rank in zip(ordered, ranks, strict=True)
    ]
