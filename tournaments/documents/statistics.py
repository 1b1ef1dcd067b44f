"""The statistics of a tournament as a workbook (rules.md §11).

Two sheets, each one row generator: per table size the wins of every side
with rate and 95 % Wilson interval, the final duels and the Deputies who
eliminated their Sheriff; then the Law's wins by round (Sheriff position).
Rates are fractions formatted as percentages, so they stay numbers. Labels keep
"95 %" out of their msgids ("% i" would read as a format in a catalogue).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scoring.rulesets import Side
from scoring.statistics import Statistics
from tournaments import selectors
from tournaments.models import Tournament

from .base import register
from .xlsx import Column, SheetSpec, XlsxExporter

__all__ = ["ROUND_COLUMNS", "StatisticsXlsx", "round_rows", "side_columns", "size_rows"]

PERCENT = "0.0%"


def side_columns() -> list[Column]:
    """Size and games, then wins, rate and interval per side, then the two counts."""
    columns = [Column(_("Players"), 9), Column(_("Games"), 8)]
    for side in Side:
        columns += [
            Column(_("%(side)s: wins") % {"side": side.label}, 12),
            Column(_("%(side)s: rate") % {"side": side.label}, 12, PERCENT),
            Column(_("%(side)s: interval from") % {"side": side.label} + " (95 %)", 14, PERCENT),
            Column(_("%(side)s: interval to") % {"side": side.label} + " (95 %)", 14, PERCENT),
        ]
    return [
        *columns,
        Column(_("Final duels"), 11),
        Column(_("Deputy eliminated the Sheriff"), 16),
    ]


def size_rows(statistics: Statistics) -> Iterator[tuple[Any, ...]]:
    """One row per table size, matching ``side_columns``."""
    for table in statistics.tables:
        row: list[Any] = [table.size, table.games]
        for count in table.sides:
            row += [count.wins, count.rate, *count.ci95]
        # No Deputy plays at 4: no count rather than a 0 that suggests one.
        yield (*row, table.final_duels, table.deputy_killed_sheriff if table.has_deputy else None)


ROUND_COLUMNS = (
    Column(_("Players"), 9),
    Column(_("Round (Sheriff's position)"), 14),
    Column(_("Games"), 8),
    Column(_("Law wins"), 10),
    Column(_("Rate"), 9, PERCENT),
    Column(format_lazy("{} (95 %)", _("Interval from")), 12, PERCENT),
    Column(format_lazy("{} (95 %)", _("Interval to")), 12, PERCENT),
)


def round_rows(statistics: Statistics) -> Iterator[tuple[Any, ...]]:
    """One row per table size and round, matching ``ROUND_COLUMNS``."""
    for table in statistics.tables:
        for count in table.law_by_round:
            yield (table.size, count.round, count.games, count.wins, count.rate, *count.ci95)


@register
class StatisticsXlsx(XlsxExporter):
    """The statistics of the tournament's counted group games."""

    identifier = "statistics_xlsx"
    verbose_name = _("Statistics (Excel)")
    filename_word = _("statistics")

    def sheets(self, tournament: Tournament, **params: Any) -> Iterable[SheetSpec]:
        statistics = selectors.tournament_statistics(tournament)
        yield SheetSpec(_("Sides"), side_columns(), size_rows(statistics))
        yield SheetSpec(_("Law by round"), ROUND_COLUMNS, round_rows(statistics))
