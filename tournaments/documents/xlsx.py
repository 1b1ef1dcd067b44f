"""Workbooks (``.xlsx``): the standings, every recorded result, the import template.

As in pretix's ``ListExporter``, each workbook exporter has **one row
generator** per sheet, yielding plain Python values (numbers stay numbers,
yes/no stays a boolean); one writer (``write_xlsx``) streams any number of
sheets into a workbook with openpyxl in write-only mode, formatted for people:
a bold, frozen header row and sensible column widths. A **sheet** here is a
``SheetSpec``: its title, its ``Column`` headers and its rows. Labels are in the
tournament's language; the standings take their ranking columns from
``Standings.metrics``.
"""

from __future__ import annotations

import io
import re
from abc import abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from tournaments import selectors
from tournaments.models import Participant, ResultSeat, Stage, Table, Tournament

from .base import XLSX, AbsoluteUri, Audience, Exporter, register, relative
from .imports import COLUMNS as IMPORT_COLUMNS

__all__ = [
    "IMPORT_TEMPLATE_COLUMNS",
    "IMPORT_TEMPLATE_ROWS",
    "METRIC_FORMATS",
    "RESULTS_COLUMNS",
    "STANDINGS_COLUMNS_AFTER",
    "STANDINGS_COLUMNS_BEFORE",
    "THOUSANDS",
    "Column",
    "ParticipantsImportTemplateXlsx",
    "ResultsXlsx",
    "SheetSpec",
    "StandingsXlsx",
    "XlsxExporter",
    "plain_sheets",
    "results_rows",
    "results_xlsx",
    "sheet_title",
    "standings_columns",
    "standings_rows",
    "standings_xlsx",
    "write_xlsx",
]

THOUSANDS = "#,##0"
_FORBIDDEN_IN_TITLE = re.compile(r"[\[\]:*?/\\]")


@dataclass(frozen=True)
class Column:
    """A column: its header, width (in characters) and number format."""

    label: str | Promise
    width: float
    number_format: str | None = None


@dataclass(frozen=True)
class SheetSpec:
    """One worksheet: a title, its columns and a generator of rows."""

    title: str | Promise
    columns: Sequence[Column]
    rows: Iterable[Sequence[Any]]


def sheet_title(title: object) -> str:
    """A valid worksheet title: no ``[]:*?/\\``, at most 31 characters."""
    return _FORBIDDEN_IN_TITLE.sub("-", str(title))[:31] or "Sheet"


def _plain(value: Any) -> Any:
    return str(value) if isinstance(value, Promise) else value


def plain_sheets(sheets: Iterable[SheetSpec]) -> list[SheetSpec]:
    """The sheets with every row read and every label translated now: plain data that
    ``write_xlsx`` turns into a workbook elsewhere (a render process)."""
    return [
        SheetSpec(
            title=str(spec.title),
            columns=[Column(str(c.label), c.width, c.number_format) for c in spec.columns],
            rows=[tuple(_plain(value) for value in row) for row in spec.rows],
        )
        for spec in sheets
    ]


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
            cell = _text_cell(sheet, str(column.label))
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


def _text_cell(sheet: Any, text: str) -> Any:
    """A cell that holds ``text`` as text, whatever it begins with.

    openpyxl turns a string beginning with ``=`` into a formula; a participant's
    name such as ``=HYPERLINK(...)`` must never become one, so every string is
    written as a string cell: a workbook holds no formula the software did not write.
    """
    cell = WriteOnlyCell(sheet, value=text)
    cell.data_type = "s"
    return cell


def _cell(sheet: Any, value: Any, number_format: str | None) -> Any:
    if isinstance(value, str):
        return _text_cell(sheet, value)
    if number_format is None or not isinstance(value, int | float) or isinstance(value, bool):
        return value
    cell = WriteOnlyCell(sheet, value=value)
    cell.number_format = number_format
    return cell


class XlsxExporter(Exporter):
    """A workbook: its sheets, each a row generator, written by ``write_xlsx``."""

    media_type = XLSX
    extension = "xlsx"
    attachment = True

    @abstractmethod
    def sheets(self, tournament: Tournament, **params: Any) -> Iterable[SheetSpec]:
        """The workbook's sheets, each with its own row generator."""

    def prepare(
        self, tournament: Tournament, *, absolute_uri: AbsoluteUri = relative, **params: Any
    ) -> list[SheetSpec]:
        with translation.override(tournament.language):
            return plain_sheets(self.sheets(tournament, **params))

    def finish(self, prepared: Any) -> bytes:
        return write_xlsx(prepared)


# --------------------------------------------------------------------------- standings

STANDINGS_COLUMNS_BEFORE = (
    Column(_("Rank"), 7),
    Column(_("Name"), 30),
    Column(_("Nationality"), 12),
    Column(_("Table"), 8),
    Column(_("Position"), 9),
)
STANDINGS_COLUMNS_AFTER = (
    Column(_("Game bounty"), 13, THOUSANDS),
    Column(_("5-table bonus"), 13, THOUSANDS),
    Column(_("Deductions"), 12, THOUSANDS),
    Column(_("Games played"), 13),
    Column(_("Status"), 14),
)
#: Number formats of the metric columns; other metrics are plain numbers.
METRIC_FORMATS = {"bounty": THOUSANDS}


def standings_columns(standings: selectors.Standings) -> list[Column]:
    """Who and where, a column per tie-break metric (in precedence), then details."""
    metrics = [
        Column(metric.name, 11, METRIC_FORMATS.get(metric.key)) for metric in standings.metrics
    ]
    return [*STANDINGS_COLUMNS_BEFORE, *metrics, *STANDINGS_COLUMNS_AFTER]


def standings_rows(standings: selectors.Standings) -> Iterator[tuple[Any, ...]]:
    """One row per participant, in rank order, matching ``standings_columns``."""
    status_label = dict(Participant.Status.choices)
    for row in standings.rows:
        participant = row.participant
        yield (
            row.rank,
            participant.name,
            str(participant.nationality),
            row.table,
            row.position,
            *(row.metric(metric.key) for metric in standings.metrics),
            row.game_bounty,
            row.bonus,
            row.deductions,
            row.games_played,
            ""
            if participant.status == Participant.Status.ACTIVE
            else str(status_label[participant.status]),
        )


@register
class StandingsXlsx(XlsxExporter):
    """The current group standings as a one-sheet workbook."""

    identifier = "standings_xlsx"
    verbose_name = _("Standings (Excel)")
    filename_word = _("standings")

    def sheets(self, tournament: Tournament, **params: Any) -> Iterable[SheetSpec]:
        standings = selectors.group_standings(tournament)
        yield SheetSpec(_("Standings"), standings_columns(standings), standings_rows(standings))


def standings_xlsx(tournament: Tournament) -> bytes:
    """The current group standings as a one-sheet workbook."""
    return StandingsXlsx().render(tournament)


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


@register
class ResultsXlsx(XlsxExporter):
    """Every recorded game, one row per seat: a sheet for the group stage and,
    once it has started, one for the knockout (or for a format's final table)."""

    identifier = "results_xlsx"
    verbose_name = _("All results (Excel)")
    filename_word = _("results")

    def sheets(self, tournament: Tournament, **params: Any) -> Iterable[SheetSpec]:
        stages = [Stage.GROUP]
        later = set(
            Table.objects.filter(tournament=tournament)
            .exclude(stage=Stage.GROUP)
            .values_list("stage", flat=True)
            .distinct()
        )
        # What follows the qualifying stage: the knockout, or a format's final table.
        stages += [stage for stage in (Stage.KNOCKOUT, Stage.FINAL) if stage in later]
        for stage in stages:
            yield SheetSpec(stage.label, RESULTS_COLUMNS, results_rows(tournament, stage=stage))


def results_xlsx(tournament: Tournament) -> bytes:
    """Every recorded game, one row per seat (see ``ResultsXlsx``)."""
    return ResultsXlsx().render(tournament)


# --------------------------------------------------------------------------- import template

#: The import's columns (``imports.COLUMNS``) with their widths.
IMPORT_TEMPLATE_COLUMNS = tuple(
    Column(name, width) for name, width in zip(IMPORT_COLUMNS, (30, 12, 14, 14), strict=True)
)
#: Two example participants: one adult, one child whose age the organiser approved.
IMPORT_TEMPLATE_ROWS: tuple[tuple[Any, ...], ...] = (
    ("Lena Vogel", "DE", date(2001, 5, 2), False),
    ("Mia Klein", "AT", date(2019, 8, 17), True),
)


@register
class ParticipantsImportTemplateXlsx(XlsxExporter):
    """An example workbook for the participant import: the header and two rows.

    Served by the staff page of the import, in the language of that page (not
    the tournament's): the headers are the import's column names anyway.
    """

    identifier = "participants_import_template_xlsx"
    verbose_name = _("Example workbook (Excel)")
    filename_word = "participants"
    audience = Audience.ORGANISER

    def sheets(self, tournament: Tournament, **params: Any) -> Iterable[SheetSpec]:
        yield SheetSpec(_("Participants"), IMPORT_TEMPLATE_COLUMNS, IMPORT_TEMPLATE_ROWS)

    def prepare(
        self, tournament: Tournament, *, absolute_uri: AbsoluteUri = relative, **params: Any
    ) -> list[SheetSpec]:
        # In the language of the page that offers it, not the tournament's.
        return plain_sheets(self.sheets(tournament, **params))

    def filename(self, tournament: Tournament, **params: Any) -> str:
        # Not the tournament's name: the file is a template, not the tournament's data.
        return f"participants-{tournament.pk}.xlsx"
