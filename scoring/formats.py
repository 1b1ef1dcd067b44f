"""Formats: how a tournament is played, as data (rules.md §14).

Words (see also ``scoring.bounty`` for the points table):

- A **format** states the table sizes of the qualifying stage (the
  **preferred** size first), its **parts** (each with its games per table and
  whether it is **drawn anew**), the **Sheriff rule** (``rotation``: in game r
  the player at position r; ``lot``: drawn with the seating, nobody twice in a
  part), the **time limit** per game and the **time rule** then in force, the
  **points table** with the survivor, Deputy and small-table amounts, the
  **tie-breaks** of the standings, and the **final** (the knockout of §8 or one
  final table).
- A **preset** is a named format: ``german_championship`` (rules.md §§2-8, the
  default) and ``czech_club``. A tournament's format is its preset with the
  organiser's **overrides** (``effective_format``); the German championship is
  one preset of this model, not a second code path.
- The **settings** of a format are its JSON form, the keys api.md "Formats"
  names (``format_settings``). For formats with tables of 5 and 6, the German
  setting keys of rules.md §4 (``bounty_sheriff_5``, ...) name cells of the
  points table (``ALIASES``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from scoring.bounty import (
    MAX_AMOUNT,
    MIN_AMOUNT,
    Amount,
    PointsError,
    PointsTable,
    Split,
    game_bounty,
    merge_points,
    points_from_json,
    points_to_json,
)
from scoring.report import SeatReport
from scoring.rulesets import Role, Side

__all__ = [
    "ALIASES",
    "AMOUNT_KEYS",
    "FORMAT_KEYS",
    "MAX_AMOUNT",
    "MIN_AMOUNT",
    "PRESETS",
    "STRUCTURE_KEYS",
    "TIE_BREAKS",
    "Final",
    "Format",
    "FormatKey",
    "Part",
    "PointsError",
    "SheriffRule",
    "alias_values",
    "effective_format",
    "format_settings",
    "merge_points",
    "points_from_json",
    "points_to_json",
]


class FormatKey(StrEnum):
    GERMAN_CHAMPIONSHIP = "german_championship"
    CZECH_CLUB = "czech_club"


class SheriffRule(StrEnum):
    ROTATION = "rotation"
    LOT = "lot"


@dataclass(frozen=True)
class Part:
    """One part of the qualifying stage: ``games`` per table (None: one per player)."""

    games: int | None
    redraw: bool

    def games_at(self, size: int) -> int:
        return size if self.games is None else min(self.games, size)


@dataclass(frozen=True)
class Final:
    """What follows the qualifying stage: ``knockout`` (rules.md §8) or one ``table``."""

    type: str  # "knockout" | "table"
    size: int | None = None
    games: int | None = None

    @property
    def is_table(self) -> bool:
        return self.type == "table"


@dataclass(frozen=True)
class Format:
    """A format's rules (rules.md §14); ``key`` names the preset it started from."""

    key: FormatKey
    table_sizes: tuple[int, ...]
    parts: tuple[Part, ...]
    sheriff: SheriffRule
    time_limit_minutes: int | None
    points: PointsTable
    survivor_bonus: int
    deputy_kills_sheriff: int
    small_table_bonus: int
    tie_breaks: tuple[str, ...]
    final: Final
    # The qualifying stage needs at least this many tables (the Czech 8 players).
    min_tables: int = 1
    # The card in play once a game's time is up (``time_limit_minutes``).
    time_rule: str | None = None
    title_nationality: str = "DE"

    def is_small_table(self, size: int) -> bool:
        """Whether a table of ``size`` earns the small-table bonus: the smallest of
        several sizes."""
        return len(set(self.table_sizes)) > 1 and size == min(self.table_sizes)

    def game_bounty(self, *, seats: Sequence[SeatReport], side: Side, size: int) -> dict[int, int]:
        """Position -> points of one scoring game at a table drawn with ``size`` players."""
        return game_bounty(
            seats=seats,
            side=side,
            size=size,
            points=self.points,
            survivor_bonus=self.survivor_bonus,
            deputy_kills_sheriff=self.deputy_kills_sheriff,
        )

    @property
    def named_cells(self) -> bool:
        """Whether the German setting keys name cells: tables of 5 and 6."""
        return set(self.table_sizes) == {5, 6}


def _law(sheriff: int, deputy: Amount | None, duel: int) -> dict[Role, Amount]:
    cells: dict[Role, Amount] = {Role.SHERIFF: sheriff}
    if deputy is not None:
        cells[Role.DEPUTY] = deputy
    cells[Role.RENEGADE] = Split("final_duel", duel, 0)
    return cells


GERMAN_POINTS: PointsTable = {
    size: {
        Side.LAW: _law(sheriff, deputy, 1500),
        Side.OUTLAWS: {Role.OUTLAW: outlaw},
        Side.RENEGADE: {Role.RENEGADE: 4000},
    }
    for size, sheriff, deputy, outlaw in ((5, 2500, 1500, 2000), (6, 3000, 2000, 1500))
}

CZECH_POINTS: PointsTable = {
    4: {
        Side.LAW: _law(30, None, 16),
        Side.OUTLAWS: {Role.OUTLAW: Split("alive", 20, 16), Role.RENEGADE: Split("alive", 1, 0)},
        Side.RENEGADE: {Role.RENEGADE: 50, Role.SHERIFF: 4},
    },
    5: {
        Side.LAW: _law(35, Split("alive", 35, 20), 24),
        Side.OUTLAWS: {Role.OUTLAW: Split("alive", 25, 20), Role.RENEGADE: Split("alive", 5, 0)},
        Side.RENEGADE: {
            Role.RENEGADE: 75,
            Role.SHERIFF: 5,
            Role.DEPUTY: Split("last_three", 2, 0),
        },
    },
}

PRESETS: dict[FormatKey, Format] = {
    FormatKey.GERMAN_CHAMPIONSHIP: Format(
        key=FormatKey.GERMAN_CHAMPIONSHIP,
        table_sizes=(6, 5),
        parts=(Part(games=None, redraw=False),),
        sheriff=SheriffRule.ROTATION,
        time_limit_minutes=None,
        points=GERMAN_POINTS,
        survivor_bonus=150,
        deputy_kills_sheriff=-1000,
        small_table_bonus=1400,
        tie_breaks=("bounty", "table_rank", "wins", "lives"),
        final=Final("knockout"),
    ),
    FormatKey.CZECH_CLUB: Format(
        key=FormatKey.CZECH_CLUB,
        table_sizes=(5, 4),
        parts=(Part(games=3, redraw=False), Part(games=2, redraw=True)),
        sheriff=SheriffRule.LOT,
        time_limit_minutes=15,
        time_rule="high_noon",
        points=CZECH_POINTS,
        survivor_bonus=0,
        deputy_kills_sheriff=0,
        small_table_bonus=0,
        tie_breaks=("points", "wins", "lives"),
        final=Final("table", size=5, games=5),
        min_tables=2,
    ),
}

#: The German setting keys (rules.md §4) as names of cells, for tables of 5 and 6:
#: key -> (size, side, role, the split's branch or None), or the format field.
ALIASES: dict[str, tuple[tuple[int, Side, Role, str | None], ...] | str] = {
    **{
        f"bounty_{role.value}_{size}": ((size, side, role, None),)
        for side, role in (
            (Side.LAW, Role.SHERIFF),
            (Side.LAW, Role.DEPUTY),
            (Side.OUTLAWS, Role.OUTLAW),
            (Side.RENEGADE, Role.RENEGADE),
        )
        for size in (5, 6)
    },
    "bounty_final_duel": tuple((size, Side.LAW, Role.RENEGADE, "final_duel") for size in (5, 6)),
    "bounty_survivor": "survivor_bonus",
    "bounty_deputy_kills_sheriff": "deputy_kills_sheriff",
    "five_table_bonus": "small_table_bonus",
}

#: The amounts: they may change after the first draw (every game is computed again).
AMOUNT_KEYS = frozenset({"points", "survivor_bonus", "deputy_kills_sheriff", "small_table_bonus"})
#: The structure: locked from the first draw on (``409 draw_locked``).
STRUCTURE_KEYS = frozenset(
    {"table_sizes", "parts", "sheriff", "time_limit_minutes", "final", "tie_breaks"}
)
FORMAT_KEYS = AMOUNT_KEYS | STRUCTURE_KEYS | {"title_nationality"}
TIE_BREAKS = ("bounty", "points", "table_rank", "wins", "lives")


def _alias_cells(
    points: PointsTable, key: str, value: int
) -> dict[int, dict[Side, dict[Role, Amount]]]:
    cells: dict[int, dict[Side, dict[Role, Amount]]] = {}
    spec = ALIASES[key]
    assert not isinstance(spec, str)
    for size, side, role, branch in spec:
        old = points.get(size, {}).get(side, {}).get(role, 0)
        if branch is None:
            new: Amount = value
        else:
            other = old.otherwise if isinstance(old, Split) and old.condition == branch else 0
            new = Split(branch, value, other)
        cells.setdefault(size, {}).setdefault(side, {})[role] = new
    return cells


def _parts(raw: Sequence[Mapping[str, Any]]) -> tuple[Part, ...]:
    return tuple(Part(games=part["games"], redraw=bool(part["redraw"])) for part in raw)


def effective_format(key: str, overrides: Mapping[str, Any]) -> Format:
    """The preset ``key`` with a tournament's (already validated) overrides."""
    fmt = PRESETS[FormatKey(key)]
    changes: dict[str, Any] = {}
    for name in (
        "survivor_bonus",
        "deputy_kills_sheriff",
        "small_table_bonus",
        "time_limit_minutes",
    ):
        if name in overrides:
            changes[name] = overrides[name]
    if "table_sizes" in overrides:
        changes["table_sizes"] = tuple(overrides["table_sizes"])
    if "parts" in overrides:
        changes["parts"] = _parts(overrides["parts"])
    if "sheriff" in overrides:
        changes["sheriff"] = SheriffRule(overrides["sheriff"])
    if "tie_breaks" in overrides:
        changes["tie_breaks"] = tuple(overrides["tie_breaks"])
    if "final" in overrides:
        changes["final"] = Final(**overrides["final"])
    if "title_nationality" in overrides:
        changes["title_nationality"] = overrides["title_nationality"]
    points = fmt.points
    if "points" in overrides:
        points = merge_points(points, points_from_json(overrides["points"]))
    fmt = replace(fmt, **changes)
    if fmt.named_cells:  # stored German keys (tournaments made before formats, backups)
        for alias, spec in ALIASES.items():
            if alias not in overrides:
                continue
            if isinstance(spec, str):
                fmt = replace(fmt, **{spec: overrides[alias]})
            else:
                points = merge_points(points, _alias_cells(points, alias, overrides[alias]))
    return replace(fmt, points=points)


def format_settings(fmt: Format) -> dict[str, Any]:
    """The format's effective settings as the API shows them (api.md "Formats")."""
    values: dict[str, Any] = {
        "points": points_to_json(fmt.points),
        "survivor_bonus": fmt.survivor_bonus,
        "deputy_kills_sheriff": fmt.deputy_kills_sheriff,
        "small_table_bonus": fmt.small_table_bonus,
        "table_sizes": list(fmt.table_sizes),
        "parts": [{"games": part.games, "redraw": part.redraw} for part in fmt.parts],
        "sheriff": fmt.sheriff.value,
        "time_limit_minutes": fmt.time_limit_minutes,
        "final": (
            {"type": "table", "size": fmt.final.size, "games": fmt.final.games}
            if fmt.final.is_table
            else {"type": "knockout"}
        ),
        "tie_breaks": list(fmt.tie_breaks),
        "title_nationality": fmt.title_nationality,
    }
    if fmt.named_cells:
        values.update(alias_values(fmt))
    return values


def alias_values(fmt: Format) -> dict[str, int]:
    """The German setting keys' values: the cells they name (tables of 5 and 6)."""
    values: dict[str, int] = {}
    for alias, spec in ALIASES.items():
        if isinstance(spec, str):
            values[alias] = int(getattr(fmt, spec))
            continue
        size, side, role, branch = spec[0]
        cell = fmt.points.get(size, {}).get(side, {}).get(role, 0)
        values[alias] = (
            (cell.then if branch else cell.otherwise) if isinstance(cell, Split) else int(cell)
        )
    return values
