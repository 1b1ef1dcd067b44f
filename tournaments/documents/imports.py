"""Import participants from a spreadsheet (``.xlsx``).

The first row is the header: ``name``, ``nationality``, ``birth_date`` and,
optionally, ``age_approved`` and ``player`` (the player's id across
tournaments, rules.md §13) and ``federation_player`` (the id of one of the
event package's players, rules.md §16); case and surrounding spaces do not
matter; the German headers ``Name``, ``Nationalität``, ``Geburtsdatum``,
``Alter bestätigt``, ``Spieler``, ``Verbandsspieler`` work too). Every
following row is one participant; a **row** number here is the spreadsheet's
own (the header is row 1), so an error points at the line the organiser sees.
Empty rows are skipped.

A name beginning with ``=`` is refused (``formula_in_name``, naming its row):
spreadsheets take such text for a formula, and a name is never one. The
exported workbooks write every name as text anyway.

The import **checks before it writes**: ``participants_import_check`` reads
the file and asks ``services.participants_check`` about every row, writing
nothing; it answers every problem by row (the service names items by index,
this module maps them to rows) and the **duplicates**: names already
registered and names a row repeats from an earlier row (case and spacing
ignored). Then ``participants_register_rows`` registers the rows (all of them,
or those the organiser kept) with one ``services.participants_register``: one
transaction, one audit entry.
"""

from __future__ import annotations

import dataclasses
import zipfile
from collections.abc import Iterator, Sequence
from typing import IO, Any

from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from openpyxl import load_workbook

from tournaments import selectors, services
from tournaments.errors import DomainError, ErrorItem, InvalidInput
from tournaments.models import Participant, Tournament
from tournaments.names import fold

from .import_cells import FALSE_WORDS, TRUE_WORDS, blank, parse_bool, parse_date, participant
from .upload_checks import inspect_xlsx

__all__ = [
    "COLUMNS",
    "FALSE_WORDS",
    "FIRST_ROW",
    "HEADERS",
    "HEADER_ROW",
    "MAX_COLUMNS",
    "MAX_FILE_SIZE",
    "MAX_ROWS",
    "REQUIRED",
    "TRUE_WORDS",
    "Duplicate",
    "ImportCheck",
    "InvalidFile",
    "ParsedRow",
    "parse_bool",
    "parse_date",
    "participants_import",
    "participants_import_check",
    "participants_register_rows",
    "read_participants",
]

#: The largest file accepted (126 participants take a few kilobytes).
MAX_FILE_SIZE = 2 * 1024 * 1024
#: Rows read at most; far more than any tournament allows.
MAX_ROWS = 5000
#: Columns read at most; the header needs four.
MAX_COLUMNS = 30
HEADER_ROW = 1
FIRST_ROW = 2

#: The columns in the order the example workbook shows them.
COLUMNS = ("name", "nationality", "birth_date", "age_approved")
#: Every header we read, lower case, and the column it means.
HEADERS: dict[str, str] = {
    "name": "name",
    "nationality": "nationality",
    "nationalität": "nationality",
    "nation": "nationality",
    "country": "nationality",
    "birth_date": "birth_date",
    "birth date": "birth_date",
    "birthdate": "birth_date",
    "geburtsdatum": "birth_date",
    "age_approved": "age_approved",
    "age approved": "age_approved",
    "alter bestätigt": "age_approved",
    # Optional: the id of the player across tournaments (rules.md §13).
    "player": "player",
    "player_id": "player",
    "player id": "player",
    "player no.": "player",
    "spieler": "player",
    "spieler_id": "player",
    "spieler-nr.": "player",
    "spielernummer": "player",
    # Optional: the id on the season's server of one of the event package's
    # players (rules.md §16).
    "federation_player": "federation_player",
    "federation player": "federation_player",
    "verbandsspieler": "federation_player",
    # Optional: the language of the player card (rules.md §15).
    "language": "language",
    "sprache": "language",
}
REQUIRED = ("name", "nationality")


class InvalidFile(InvalidInput):
    """The upload is not a spreadsheet we can read (400, ``invalid_file``)."""


@dataclasses.dataclass(frozen=True)
class ParsedRow:
    row: int
    item: services.ParticipantInput


@dataclasses.dataclass(frozen=True)
class Duplicate:
    """A row whose name is registered already (``registered``) or appears in an
    earlier row of the file (``first_row``)."""

    row: int
    name: str
    registered: bool
    first_row: int | None = None


@dataclasses.dataclass(frozen=True)
class ImportCheck:
    """What the file holds and what registering it would meet; nothing is written."""

    rows: list[ParsedRow]
    problems: list[ErrorItem]
    duplicates: list[Duplicate]

    def kept(self, *, skip_duplicates: bool) -> list[ParsedRow]:
        """The rows to register: all of them, or without the duplicates."""
        if not skip_duplicates:
            return list(self.rows)
        skipped = {d.row for d in self.duplicates}
        return [r for r in self.rows if r.row not in skipped]


def participants_import_check(*, tournament: Tournament, file: IO[bytes]) -> ImportCheck:
    """Read the spreadsheet and check every row against the registration's rules and
    the names already registered. Writes nothing.

    Raises ``InvalidFile`` if the upload is not a readable ``.xlsx``.
    """
    rows, problems = read_participants(file)
    if not rows and not problems:
        problems = [
            ErrorItem(
                code="empty_file",
                message=_("The spreadsheet has no participants below the header row."),
            )
        ]
    if rows and not any(p.row == HEADER_ROW for p in problems):
        found = services.participants_check(tournament=tournament, items=[r.item for r in rows])
        problems = _merge(problems, _by_row(found, rows))
    return ImportCheck(rows=rows, problems=problems, duplicates=_duplicates(tournament, rows))


def participants_register_rows(
    *, tournament: Tournament, rows: Sequence[ParsedRow], actor: User | None = None
) -> list[Participant]:
    """Register ``rows`` in one transaction (``services.participants_register``), or
    none of them: a refusal names the rows."""
    try:
        return services.participants_register(
            tournament=tournament, items=[r.item for r in rows], actor=actor
        )
    except DomainError as error:
        raise type(error)(_by_row(error.errors, rows)) from None


def participants_import(
    *,
    tournament: Tournament,
    file: IO[bytes],
    actor: User | None = None,
    skip_duplicates: bool = False,
) -> list[Participant]:
    """Register every participant of the spreadsheet (or every one but the
    duplicates), or none of them.

    Raises ``InvalidInput`` with one error per problem (each with its ``row``),
    ``InvalidFile`` if the upload is not a readable ``.xlsx``, or ``Conflict``
    (e.g. the draw has happened).
    """
    check = participants_import_check(tournament=tournament, file=file)
    if check.problems:
        raise services.registration_refused(check.problems)
    return participants_register_rows(
        tournament=tournament, rows=check.kept(skip_duplicates=skip_duplicates), actor=actor
    )


def _by_row(errors: Sequence[ErrorItem], rows: Sequence[ParsedRow]) -> list[ErrorItem]:
    """The service's errors (by item index) named by the rows of the sheet."""
    return [
        e if e.index is None else dataclasses.replace(e, index=None, row=rows[e.index].row)
        for e in errors
    ]


def _merge(ours: list[ErrorItem], theirs: list[ErrorItem]) -> list[ErrorItem]:
    """Our parsing errors plus the service's, without a second error for a cell we
    already reported; ordered by row (errors without a row last)."""
    reported = {(e.row, e.field) for e in ours}
    merged = ours + [e for e in theirs if (e.row, e.field) not in reported]
    return sorted(merged, key=lambda e: (e.row is None, e.row or 0))


def _duplicates(tournament: Tournament, rows: Sequence[ParsedRow]) -> list[Duplicate]:
    registered = selectors.registered_name_keys(tournament)
    seen: dict[str, int] = {}
    found: list[Duplicate] = []
    for row in rows:
        key = fold(row.item.name)
        if not key:
            continue
        if key in registered:
            found.append(Duplicate(row=row.row, name=row.item.name, registered=True))
        elif key in seen:
            found.append(
                Duplicate(row=row.row, name=row.item.name, registered=False, first_row=seen[key])
            )
        seen.setdefault(key, row.row)
    return found


# --------------------------------------------------------------------------- reading


def read_participants(file: IO[bytes]) -> tuple[list[ParsedRow], list[ErrorItem]]:
    """Parse the spreadsheet: the rows that read well, and the problems found."""
    sheet_rows = _sheet_rows(file)
    header = next(sheet_rows, None)
    if header is None:
        raise InvalidFile.single("empty_file", _("The spreadsheet is empty."))
    columns, problems = _columns(header)
    if problems:
        return [], problems
    parsed: list[ParsedRow] = []
    for number, values in enumerate(sheet_rows, start=FIRST_ROW):
        if number > MAX_ROWS:
            problems.append(
                ErrorItem(
                    code="too_many_rows",
                    message=_("The spreadsheet has more than %(max)s rows.") % {"max": MAX_ROWS},
                    row=number,
                )
            )
            break
        cells = {key: values[index] if index < len(values) else None for key, index in columns}
        if all(blank(v) for v in cells.values()):
            continue
        item, row_problems = participant(cells, number)
        problems.extend(row_problems)
        parsed.append(ParsedRow(row=number, item=item))
    return parsed, problems


def _sheet_rows(file: IO[bytes]) -> Iterator[tuple[Any, ...]]:
    """The first worksheet's rows as tuples of cell values."""
    size = getattr(file, "size", None)
    if size is not None and size > MAX_FILE_SIZE:
        raise InvalidFile.single(
            "invalid_file",
            _("The file is too large (at most %(mb)s MB).") % {"mb": MAX_FILE_SIZE // 2**20},
            field="file",
        )
    inspect_xlsx(file)  # refuses an archive that would unpack beyond the limits
    try:
        workbook = load_workbook(file, read_only=True, data_only=True)
        try:
            sheet = workbook.worksheets[0]
            rows = sheet.iter_rows(values_only=True, max_row=MAX_ROWS + 1, max_col=MAX_COLUMNS)
            return iter(list(rows))
        finally:
            workbook.close()
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, IndexError, TypeError) as exc:
        raise InvalidFile.single(
            "invalid_file",
            _("The file is not an Excel spreadsheet (.xlsx)."),
            field="file",
        ) from exc
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise InvalidFile.single(
            "invalid_file",
            _("The spreadsheet could not be read; save it again as .xlsx."),
            field="file",
        ) from exc


def _columns(header: tuple[Any, ...]) -> tuple[list[tuple[str, int]], list[ErrorItem]]:
    columns: dict[str, int] = {}
    problems: list[ErrorItem] = []
    for index, value in enumerate(header):
        if blank(value):
            continue
        label = str(value).strip()
        key = HEADERS.get(label.casefold().replace("-", "_"), HEADERS.get(label.casefold()))
        if key is None:
            problems.append(
                ErrorItem(
                    code="unknown_column",
                    message=_(
                        "Unknown column “%(label)s”; the columns are name, nationality, "
                        "birth_date, age_approved, player, federation_player and language."
                    )
                    % {"label": label},
                    row=HEADER_ROW,
                )
            )
        elif key in columns:
            problems.append(
                ErrorItem(
                    code="duplicate_column",
                    message=_("The column “%(label)s” appears twice.") % {"label": label},
                    row=HEADER_ROW,
                )
            )
        else:
            columns[key] = index
    for key in REQUIRED:
        if key not in columns:
            problems.append(
                ErrorItem(
                    code="missing_column",
                    message=_("The header row (row 1) needs a column “%(column)s”.")
                    % {"column": key},
                    row=HEADER_ROW,
                )
            )
    return list(columns.items()), problems
