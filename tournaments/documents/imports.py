"""Import participants from a spreadsheet (``.xlsx``).

The first row is the header: ``name``, ``nationality``, ``birth_date`` and,
optionally, ``age_approved`` and ``player`` (the player's id across
tournaments, rules.md §13; case and surrounding spaces do not matter; the
German headers ``Name``, ``Nationalität``, ``Geburtsdatum``, ``Alter bestätigt``,
``Spieler`` work too). Every following row is one participant; a **row** number here is the
spreadsheet's own (the header is row 1), so an error points at the line the
organiser sees. Empty rows are skipped.

A name beginning with ``=`` is refused (``formula_in_name``, naming its row):
spreadsheets take such text for a formula, and a name is never one. The
exported workbooks write every name as text anyway.

Every row is checked before anything is saved, and then all rows are
registered through ``services.participants_register`` or none: the organiser
gets one error per problem, each naming its row.
"""

from __future__ import annotations

import dataclasses
import re
import zipfile
from collections.abc import Iterator
from datetime import date, datetime
from typing import IO, Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from openpyxl import load_workbook

from tournaments import services
from tournaments.errors import Conflict, DomainError, ErrorItem, InvalidInput
from tournaments.models import Participant, Tournament

from .upload_checks import inspect_xlsx

__all__ = [
    "COLUMNS",
    "FIRST_ROW",
    "HEADERS",
    "HEADER_ROW",
    "MAX_COLUMNS",
    "MAX_FILE_SIZE",
    "MAX_ROWS",
    "REQUIRED",
    "InvalidFile",
    "ParsedRow",
    "parse_bool",
    "parse_date",
    "participants_import",
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
}
REQUIRED = ("name", "nationality")

TRUE_WORDS = frozenset({"true", "1", "ja", "yes", "x", "wahr", "j", "y", "✓", "✔"})
FALSE_WORDS = frozenset({"false", "0", "nein", "no", "falsch", "n", "-", ""})
_GERMAN_DATE = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$")
_ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")


class InvalidFile(InvalidInput):
    """The upload is not a spreadsheet we can read (400, ``invalid_file``)."""


class _Rollback(Exception):
    """Undo a registration that only ran to find every problem."""


@dataclasses.dataclass(frozen=True)
class ParsedRow:
    row: int
    item: services.ParticipantInput


def participants_import(
    *, tournament: Tournament, file: IO[bytes], actor: User | None = None
) -> list[Participant]:
    """Register every participant of the spreadsheet, or none of them.

    Raises ``InvalidInput`` with one error per problem (each with its ``row``),
    ``InvalidFile`` if the upload is not a readable ``.xlsx``, or ``Conflict``
    from the service (e.g. the draw has happened).
    """
    rows, problems = read_participants(file)
    if not rows and not problems:
        raise InvalidInput.single(
            "empty_file", _("The spreadsheet has no participants below the header row.")
        )
    if any(p.row == HEADER_ROW for p in problems):
        raise InvalidInput(problems)
    sheet_row = [r.row for r in rows]
    created: list[Participant] = []
    try:
        with transaction.atomic():
            try:
                created = services.participants_register(
                    tournament=tournament,
                    items=[r.item for r in rows],
                    actor=actor,
                    first_row=FIRST_ROW,
                )
            except DomainError as error:
                # The service numbers rows as if they were contiguous from row 2:
                # translate back to the sheet's rows (empty rows are skipped).
                found = [_sheet_row(e, sheet_row) for e in error.errors]
                if isinstance(error, Conflict):
                    raise Conflict(found) from None
                problems = _merge(problems, found)
                raise _Rollback from None
            if problems:
                raise _Rollback
    except _Rollback:
        raise InvalidInput(problems) from None
    return created


def _sheet_row(error: ErrorItem, sheet_row: list[int]) -> ErrorItem:
    if error.row is None:
        return error
    return dataclasses.replace(error, row=sheet_row[error.row - FIRST_ROW])


def _merge(ours: list[ErrorItem], theirs: list[ErrorItem]) -> list[ErrorItem]:
    """Our parsing errors plus the service's, without a second error for a cell we
    already reported; ordered by row (errors without a row last)."""
    reported = {(e.row, e.field) for e in ours}
    merged = ours + [e for e in theirs if (e.row, e.field) not in reported]
    return sorted(merged, key=lambda e: (e.row is None, e.row or 0))


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
        if all(_blank(v) for v in cells.values()):
            continue
        item, row_problems = _participant(cells, number)
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
        if _blank(value):
            continue
        label = str(value).strip()
        key = HEADERS.get(label.casefold().replace("-", "_"), HEADERS.get(label.casefold()))
        if key is None:
            problems.append(
                ErrorItem(
                    code="unknown_column",
                    message=_(
                        "Unknown column “%(label)s”; the columns are name, nationality, "
                        "birth_date, age_approved and player."
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


def _participant(
    cells: dict[str, Any], row: int
) -> tuple[services.ParticipantInput, list[ErrorItem]]:
    problems: list[ErrorItem] = []
    name = "" if _blank(cells.get("name")) else str(cells["name"]).strip()
    if not name:
        problems.append(
            ErrorItem(code="missing_name", message=_("The name is missing."), field="name", row=row)
        )
    elif name.startswith("="):
        problems.append(
            ErrorItem(
                code="formula_in_name",
                message=_("A name must not begin with “=”: spreadsheets read it as a formula."),
                field="name",
                row=row,
            )
        )
    nationality = "" if _blank(cells.get("nationality")) else str(cells["nationality"]).strip()
    if not nationality:
        problems.append(
            ErrorItem(
                code="missing_nationality",
                message=_("The nationality is missing (a country code such as DE)."),
                field="nationality",
                row=row,
            )
        )
    birth_date = None
    raw_date = cells.get("birth_date")
    if not _blank(raw_date):
        birth_date = parse_date(raw_date)
        if birth_date is None:
            problems.append(
                ErrorItem(
                    code="invalid_date",
                    message=_("“%(value)s” is not a date; write YYYY-MM-DD or DD.MM.YYYY.")
                    % {"value": raw_date},
                    field="birth_date",
                    row=row,
                )
            )
    age_approved = parse_bool(cells.get("age_approved"))
    if age_approved is None:
        problems.append(
            ErrorItem(
                code="invalid_boolean",
                message=_("“%(value)s” is not yes or no (use ja/yes/x/1 or nein/no/0).")
                % {"value": cells.get("age_approved")},
                field="age_approved",
                row=row,
            )
        )
    player = parse_player(cells.get("player"))
    if player == 0:
        problems.append(
            ErrorItem(
                code="invalid_player",
                message=_("“%(value)s” is not a player number.") % {"value": cells.get("player")},
                field="player",
                row=row,
            )
        )
    item = services.ParticipantInput(
        name=name,
        nationality=nationality,
        birth_date=birth_date,
        age_approved=bool(age_approved),
        player=player or None,
    )
    return item, problems


def parse_player(value: Any) -> int | None:
    """A player id cell: None when blank, 0 when it is not a positive whole number."""
    if _blank(value):
        return None
    if isinstance(value, bool):
        return 0
    if isinstance(value, int | float) and float(value).is_integer() and value > 0:
        return int(value)
    text = str(value).strip()
    return int(text) if text.isdigit() and int(text) > 0 and len(text) <= 18 else 0


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def parse_date(value: Any) -> date | None:
    """A date from a date cell or a ``YYYY-MM-DD`` / ``DD.MM.YYYY`` text; else ``None``."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip()
    if match := _ISO_DATE.match(text):
        year, month, day = (int(g) for g in match.groups())
    elif match := _GERMAN_DATE.match(text):
        day, month, year = (int(g) for g in match.groups())
    else:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


def parse_bool(value: Any) -> bool | None:
    """Yes/no from a cell: a boolean, 1/0, or ja/yes/x/true vs. nein/no/false/empty."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, int | float):
        return bool(value) if value in (0, 1) else None
    text = str(value).strip().casefold()
    if text in TRUE_WORDS:
        return True
    if text in FALSE_WORDS:
        return False
    return None
