"""Spreadsheet exports: the standings and every recorded result, as ``.xlsx``.

One **row generator** per export yields plain Python values (numbers stay
numbers, yes/no stays a boolean); one writer turns any number of sheets into a
workbook with openpyxl in write-only mode, formatted for people: a bold, frozen
header row and sensible column widths. Labels are in the tournament's language.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from . import selectors
from .models import Participant, ResultSeat, Stage, Table, Tournament

THOUSANDS = "#,##0"
_FORBIDDEN_IN_TITLE = re.compile(r"[\[\]:*?/\\]")


@dataclass(frozen=True)
class Column:
    """A column: its header, width (in characters) and number format."""

    label: Any  # a str or a lazy translation
    width: float
    number_format: str | None = None


@dataclass(frozen=True)
class SheetSpec:
    """One worksheet: a title, its columns and a generator of rows."""

    title: Any
    columns: Sequence[Column]
    rows: Iterable[Sequence[Any]]


def sheet_title(title: Any) -> str:
    """A valid worksheet title: no ``[]:*?/\\``, at most 31 characters."""
    return _FORBIDDEN_IN_TITLE.sub("-", str(title))[:31] or "Sheet"


def write_xlsx(sheets: Iterable[SheetSpec]) -> bytes:
    """Write the sheets to an ``.xlsx`` file (write-only mode: rows are streamed)."""
    workbook = Workbook(write_only=True)
    for spec in sheets:
        sheet = workbook.create_sheet(title=sheet_title(spec.title))
        # Write-only sheets take their layout before the first row.
        sheet.freeze_panes = "A2"
        for index, column in enumerate(spec.columns, start=1):
            # Wide enough for the header in the tournament's language, too.
            width = max(column.width, len(str(column.label)) + 2)
            sheet.column_dimensions[get_column_letter(index)].width = width
        header = []
        for column in spec.columns:
            cell = WriteOnlyCell(sheet, value=str(column.label))
            cell.font = Font(bold=True)
            cell.alignment = Alignment(wrap_text=True, vertical="top")
            header.append(cell)
        sheet.append(header)
        formats = [column.number_format for column in spec.columns]
        for row in spec.rows:
            sheet.append(
                [_cell(sheet, value, fmt) for value, fmt in zip(row, formats, strict=True)]
            )
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _cell(sheet: Any, value: Any, number_format: str | None) -> Any:
    if number_format is None or not isinstance(value, int | float) or isinstance(value, bool):
        return value
    cell = WriteOnlyCell(sheet, value=value)
    cell.number_format = number_format
    return cell


# --------------------------------------------------------------------------- standings

STANDINGS_COLUMNS = (
    Column(_("Rank"), 7),
    Column(_("Name"), 30),
    Column(_("Nationality"), 12),
    Column(_("Table"), 8),
    Column(_("Position"), 9),
    Column(_("Table rank"), 11),
    Column(_("Bounty"), 11, THOUSANDS),
    Column(_("Game bounty"), 13, THOUSANDS),
    Column(_("5-table bonus"), 13, THOUSANDS),
    Column(_("Deductions"), 12, THOUSANDS),
    Column(_("Games won"), 11),
    Column(_("Lives left"), 10),
    Column(_("Games played"), 13),
    Column(_("Status"), 14),
)


def standings_rows(tournament: Tournament) -> Iterator[tuple[Any, ...]]:
    """One row per participant, in rank order (``selectors.group_standings``)."""
    status_label = dict(Participant.Status.choices)
    for row in selectors.group_standings(tournament).rows:
        participant = row.participant
        yield (
            row.rank,
            participant.name,
            str(participant.nationality),
            row.table,
            row.position,
            row.table_rank,
            row.bounty,
            row.game_bounty,
            row.bonus,
            row.deductions,
            row.wins,
            row.lives,
            row.games_played,
            ""
            if participant.status == Participant.Status.ACTIVE
            else str(status_label[participant.status]),
        )


def standings_xlsx(tournament: Tournament) -> bytes:
    """The current group standings as a one-sheet workbook."""
    with translation.override(tournament.language):
        return write_xlsx(
            [SheetSpec(_("Standings"), STANDINGS_COLUMNS, standings_rows(tournament))]
        )


# --------------------------------------------------------------------------- results

RESULTS_COLUMNS = (
    Column(_("Round"), 8),
    Column(_("Table"), 8),
    Column(_("Position"), 9),
    Column(_("Name"), 30),
    Column(_("Role"), 14),
    Column(_("Character"), 18),
    Column(_("Lives left"), 10),
    Column(_("Won"), 8),
    Column(_("Final duel"), 10),
    Column(_("Bounty"), 10, THOUSANDS),
    Column(_("Version"), 9),
    Column(_("Recorded by"), 16),
)


def results_rows(tournament: Tournament, *, stage: str) -> Iterator[tuple[Any, ...]]:
    """One row per seat of every recorded game of a stage (its current result).

    Roles appear only here, on recorded games: an open game has no result.
    """
    role_label = dict(ResultSeat.RoleChoice.choices)
    seats = (
        ResultSeat.objects.current()
        .filter(result__game__tournament=tournament, result__game__stage=stage)
        .select_related("participant", "result__recorded_by", "result__game__table")
        .order_by("result__game__round", "result__game__table__number", "position")
    )
    for seat in seats.iterator(chunk_size=500):
        result = seat.result
        yield (
            result.game.round,
            result.game.table.number,
            seat.position,
            seat.participant.name,
            str(role_label[seat.role]) if seat.role else None,
            seat.character or None,
            seat.lives,
            seat.won,
            seat.final_duel,
            seat.bounty,
            result.version,
            result.recorded_by.get_username(),
        )


def results_xlsx(tournament: Tournament) -> bytes:
    """Every recorded game, one row per seat: a sheet for the group stage and,
    once it has started, one for the knockout."""
    stages = [Stage.GROUP]
    if Table.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT).exists():
        stages.append(Stage.KNOCKOUT)
    with translation.override(tournament.language):
        return write_xlsx(
            SheetSpec(stage.label, RESULTS_COLUMNS, results_rows(tournament, stage=stage))
            for stage in stages
        )
