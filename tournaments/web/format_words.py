"""A format in words (rules.md §14): what the public pages and the organiser's format
page say about a tournament's format, and its points table as rows to show or edit.

Words: a **points row** is one (winning side, role) of one table size with its
cell: one amount, or a split of two amounts with its condition's words
("alive"/"dead", "final duel"/"else", "among the last three"/"else").
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.bounty import Amount, Split
from scoring.formats import Format
from scoring.rulesets import ROLES_BY_PLAYER_COUNT, Role, Side
from scoring.standings import METRICS

__all__ = [
    "CONDITION_WORDS",
    "PointsRow",
    "SizeTable",
    "format_facts",
    "part_words",
    "points_sizes",
    "points_tables",
    "roman",
]

#: A split's condition: the words for its two amounts.
CONDITION_WORDS = {
    "alive": (gettext_lazy("alive"), gettext_lazy("dead")),
    "final_duel": (gettext_lazy("final duel"), gettext_lazy("else")),
    "last_three": (gettext_lazy("among the last three"), gettext_lazy("else")),
}

TIME_RULES = {"high_noon": gettext_lazy("High Noon")}

ROLE_ORDER = (Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.RENEGADE)


@dataclass(frozen=True)
class PointsRow:
    """One cell of the points table: side, role and its amount or split."""

    size: int
    side: Side
    role: Role
    cell: Amount

    @property
    def key(self) -> str:
        """The cell's name in a form: ``5_renegade_renegade``."""
        return f"{self.size}_{self.side.value}_{self.role.value}"

    @property
    def split(self) -> Split | None:
        return self.cell if isinstance(self.cell, Split) else None

    @property
    def lines(self) -> list[str]:
        """The cell in words, one amount per line: ["alive 35,", "dead 20"] or ["35"]."""
        if isinstance(self.cell, Split):
            then, otherwise = CONDITION_WORDS[self.cell.condition]
            return [f"{then} {self.cell.then},", f"{otherwise} {self.cell.otherwise}"]
        return [str(self.cell)]

    @property
    def words(self) -> str:
        """The cell as a person reads it: "35" or "alive 35, dead 20"."""
        if isinstance(self.cell, Split):
            then, otherwise = CONDITION_WORDS[self.cell.condition]
            return f"{then} {self.cell.then}, {otherwise} {self.cell.otherwise}"
        return str(self.cell)


@dataclass(frozen=True)
class SizeTable:
    """The points of one table size, row by row, grouped by winning side."""

    size: int
    sides: list[tuple[Side, list[PointsRow]]]


def points_sizes(fmt: Format) -> list[int]:
    """The table sizes a points table is shown for: the format's, then any other it names."""
    sizes = list(fmt.table_sizes)
    sizes += sorted(size for size in fmt.points if size not in sizes and size >= 4)
    return sizes


def points_tables(fmt: Format) -> list[SizeTable]:
    """Every (side, role) that can occur at each size, with its cell (0 where unnamed)."""
    tables = []
    for size in points_sizes(fmt):
        present = set(ROLES_BY_PLAYER_COUNT.get(size, ()))
        roles = [role for role in ROLE_ORDER if role in present]
        sides = [
            (
                side,
                [
                    PointsRow(size, side, role, fmt.points.get(size, {}).get(side, {}).get(role, 0))
                    for role in roles
                ],
            )
            for side in Side
        ]
        tables.append(SizeTable(size=size, sides=sides))
    return tables


def roman(number: int) -> str:
    """Part numbers as the Czech rules write them: I, II, III, ..."""
    return (
        ("I", "II", "III", "IV", "V", "VI", "VII")[number - 1] if 1 <= number <= 7 else str(number)
    )


def part_words(fmt: Format, number: int) -> str:
    """ "Part II: 2 games per table, drawn anew"."""
    part = fmt.parts[number - 1]
    games = (
        _("one game per player")
        if part.games is None
        else ngettext("%(n)s game per table", "%(n)s games per table", part.games)
        % {"n": part.games}
    )
    text = _("Part %(part)s: %(games)s") % {"part": roman(number), "games": games}
    if number > 1:
        text += ", " + (_("drawn anew") if part.redraw else _("same tables"))
    return text


def format_facts(fmt: Format, name: str) -> list[tuple[str, str]]:
    """The format stated in words: (what, how) for the overview and the rules page."""
    sizes = ", ".join(str(size) for size in fmt.table_sizes)
    facts = [
        (_("Format"), name),
        (
            _("Tables"),
            _("%(sizes)s players (as many tables of %(first)s as possible)")
            % {"sizes": sizes, "first": fmt.table_sizes[0]}
            if len(fmt.table_sizes) > 1
            else _("%(sizes)s players") % {"sizes": sizes},
        ),
        (_("Parts"), "; ".join(part_words(fmt, n) for n in range(1, len(fmt.parts) + 1))),
        (
            _("Sheriff"),
            _("by lot, nobody twice in a part")
            if fmt.sheriff == "lot"
            else _("in turn: in game r the player at position r"),
        ),
        (_("Time limit"), time_limit_words(fmt)),
        (
            _("Final"),
            _("a final table of %(size)s players, %(games)s games")
            % {"size": fmt.final.size, "games": fmt.final.games}
            if fmt.final.is_table
            else _("knockout"),
        ),
        (_("Standings by"), ", ".join(str(METRICS[key].name) for key in fmt.tie_breaks)),
    ]
    return facts


def time_limit_words(fmt: Format) -> str:
    if fmt.time_limit_minutes is None:
        return _("none")
    words = ngettext("%(n)s minute", "%(n)s minutes", fmt.time_limit_minutes) % {
        "n": fmt.time_limit_minutes
    }
    if fmt.time_rule:
        words = _("%(limit)s, then %(rule)s") % {
            "limit": words,
            "rule": TIME_RULES.get(fmt.time_rule, fmt.time_rule),
        }
    return words


def bonus_facts(fmt: Format) -> list[tuple[str, int]]:
    """The three amounts next to the points table, where they are not 0."""
    amounts = [
        (_("Each player alive at the end of a game"), fmt.survivor_bonus),
        (_("A Deputy who eliminates the Sheriff"), fmt.deputy_kills_sheriff),
        (
            _("Once for a seat at a table of %(size)s") % {"size": min(fmt.table_sizes)},
            fmt.small_table_bonus,
        ),
    ]
    return [(what, amount) for what, amount in amounts if amount]
