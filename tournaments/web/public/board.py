"""The group-stage standings table of the leaderboard and the projector, drawn from rows.

django-tables2 drew the 126-row leaderboard cell by cell through template
nodes (86 % of a 215 ms render, and linear in the rows: a 1,000-player open
event's every result re-renders it). Here each row becomes one HTML string in
plain Python and the template only loops over the rows, with the columns,
sort links, classes and ``aria-sort`` django-tables2 drew, so the CSS, the
browser tests and the sort URLs (``?sort=name``, ``?sort=-wins``) stay. The
projector draws the same table without sort links; django-tables2 keeps the
small tables (seating, a player's games, the knockout).

Words used here:

- A **column** has a key (the ``sort`` value), a header, whether it is
  numeric (``class="num"``) and how a row's value is sorted.
- Every row carries ``data-name`` (the player's name for the search box,
  lower case without accents) and ``data-player`` (the participant's id, for
  "find me"; see ``static/js/leaderboard.js``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournaments.names import fold
from tournaments.selectors.standings import StandingRow, Standings
from tournaments.web.tables import format_points

SORT_FIELD = "sort"
#: The placement at the own table decides ties but is no column: the "Table"
#: column says where someone sits, and its cell shows the placement.
HIDDEN_METRICS = frozenset({"table_rank"})
#: How a metric's value is written where plain digits would not do.
METRIC_FORMATS: dict[str, Callable[[int], str]] = {"bounty": format_points}


@dataclass(frozen=True)
class Column:
    key: str
    header: str
    numeric: bool
    sort_key: Callable[[StandingRow], Any]
    cell: Callable[[StandingRow], str]


@dataclass(frozen=True)
class Header:
    html_class: str
    aria_sort: str  # "", "ascending" or "descending"
    href: str  # "" where the table is not sortable
    header: str
    arrow: str  # "", "▲" or "▼"


@dataclass(frozen=True)
class Board:
    """What ``partials/leaderboard_table.html`` draws."""

    html_class: str
    headers: list[Header]
    rows: list[SafeString]  # one ``<tr>…</tr>`` each, escaped here
    columns: int
    empty_text: str


def _country_code(row: StandingRow) -> str:
    country: Any = row.participant.nationality
    return str(country.code or "")


def _nullable(value: Any) -> tuple[bool, Any]:
    return (value is None, value)


def _columns(
    standings: Standings, player_url: Callable[[int], str], *, placement: bool
) -> list[Column]:
    excluded = escape(_("excluded"))

    def name_cell(row: StandingRow) -> str:
        p = row.participant
        link = f'<a href="{player_url(p.pk)}">{escape(p.name)}</a>'
        if row.excluded:
            link += f' <span class="badge badge-out">{excluded}</span>'
        return link

    def nation_cell(row: StandingRow) -> str:
        country: Any = row.participant.nationality
        if not country:
            return ""
        return f'<abbr title="{escape(country.name)}">{escape(country.code)}</abbr>'

    placement_title = _("Placement at the own table (the second tie-break): %(place)s.")

    def table_cell(row: StandingRow) -> str:
        # The second tie-break shows where it decides: the place at the own table.
        if row.table is None:
            return "—"
        if row.table_rank is None or not placement:
            return str(row.table)
        title = escape(placement_title % {"place": row.table_rank})
        return f'{row.table} <small class="table-rank" title="{title}">({row.table_rank}.)</small>'

    columns = [
        Column("rank", _("Rank"), True, lambda r: r.rank, lambda r: f"{r.rank}."),
        Column("name", _("Name"), False, lambda r: r.participant.name, name_cell),
        Column(
            "nationality",
            _("Nation"),
            False,
            lambda r: _country_code(r),
            nation_cell,
        ),
        Column(
            "table",
            _("Table"),
            True,
            lambda r: _nullable(r.table),
            table_cell,
        ),
    ]
    for metric in standings.metrics:
        if metric.key in HIDDEN_METRICS:
            continue
        fmt = METRIC_FORMATS.get(metric.key, str)

        def cell(row: StandingRow, key: str = metric.key, fmt: Callable[[int], str] = fmt) -> str:
            value = row.metric(key)
            return "" if value is None else escape(fmt(value))

        def sort(row: StandingRow, key: str = metric.key) -> Any:
            return _nullable(row.metric(key))

        columns.append(Column(metric.key, str(metric.name), True, sort, cell))
    columns.append(
        Column(
            "games_played",
            _("Games"),
            True,
            lambda r: r.games_played,
            lambda r: str(r.games_played),
        )
    )
    return columns


def leaderboard_board(
    standings: Standings,
    *,
    tournament_id: int,
    query: Mapping[str, str],
    projector: bool = False,
) -> Board:
    """The standings' headers and rows, sorted as ``query["sort"]`` asks (rank by default).

    ``projector``: the big screen's table, in rank order without sort links,
    the "Table" column without the placement at the table."""
    sortable = not projector
    prefix = reverse("player", args=[tournament_id, 0])[: -len("0/")]

    def player_url(pk: int) -> str:
        return f"{prefix}{pk}/"

    columns = _columns(standings, player_url, placement=not projector)
    by_key = {c.key: c for c in columns}
    asked = query.get(SORT_FIELD, "") if sortable else ""
    descending = asked.startswith("-")
    ordered = by_key.get(asked.lstrip("-")) or by_key["rank"]
    if ordered.key != asked.lstrip("-"):
        descending = False
    rows = sorted(standings.rows, key=ordered.sort_key, reverse=descending)

    others = {k: v for k, v in query.items() if k != SORT_FIELD}
    headers = []
    for column in columns:
        is_ordered = sortable and column is ordered
        next_sort = f"-{column.key}" if is_ordered and not descending else column.key
        classes = []
        if is_ordered:
            classes.append("desc" if descending else "asc")
        if column.numeric:
            classes.append("num")
        if sortable:
            classes.append("orderable")
        headers.append(
            Header(
                html_class=" ".join(classes),
                aria_sort=("descending" if descending else "ascending") if is_ordered else "",
                href="?" + urlencode({**others, SORT_FIELD: next_sort}) if sortable else "",
                header=column.header,
                arrow=("▼" if descending else "▲") if is_ordered else "",
            )
        )

    td = ['<td class="num">' if c.numeric else "<td >" for c in columns]
    lines = []
    for i, row in enumerate(rows):
        parity = "odd" if i % 2 else "even"
        css = f"excluded {parity}" if row.excluded else parity
        cells = "".join(f"{open_}{c.cell(row)}</td>" for open_, c in zip(td, columns, strict=True))
        lines.append(
            mark_safe(  # every value above went through escape()
                f'<tr class="{css}" data-player="{row.participant.pk}" '
                f'data-name="{escape(fold(row.participant.name))}">{cells}</tr>'
            )
        )
    return Board(
        html_class="data standings projector-table" if projector else "data standings",
        headers=headers,
        rows=lines,
        columns=len(columns),
        empty_text=_("No participants yet."),
    )
