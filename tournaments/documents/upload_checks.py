"""Inspect an uploaded ``.xlsx`` before any spreadsheet library parses it.

An ``.xlsx`` is a zip archive of XML files. A few hundred kilobytes can unpack
to gigabytes (a row of millions of cells, a shared-strings bomb), and openpyxl
reads every cell of a row even when asked for the first columns only. So
before openpyxl sees the file, ``inspect_xlsx`` checks, from the archive's
directory and then by streaming each worksheet's XML once:

- the number of files in the archive (``MAX_MEMBERS``),
- the total uncompressed size (``MAX_UNCOMPRESSED``) and, for every file over
  ``RATIO_FROM`` bytes, its compression ratio (``MAX_RATIO``),
- each worksheet's declared dimension and its real rows (``MAX_SHEET_ROWS``)
  and cells per row (``MAX_ROW_CELLS``).

"Each worksheet" is **every member of the archive**, whatever its name, case
or folder: openpyxl finds worksheets by following the workbook's
relationships, which may point anywhere (``xl/worksheets/sheet1.XML``,
``xl/sub/data.bin``). Rows and cells are counted as openpyxl reads them, by
their SpreadsheetML namespace; a member that is not XML (an image) ends its
stream at the first byte. The archive's total unpacked size bounds the work.

A file that breaks a limit is refused with ``400 file_too_large`` (field
``file``) within milliseconds; memory stays bounded because nothing is read
beyond the archive's declared sizes and the XML is streamed, element by element.
"""

from __future__ import annotations

import re
import zipfile
from typing import IO
from xml.etree.ElementTree import ParseError, iterparse

from django.utils.translation import gettext as _

from tournaments.errors import ErrorItem, InvalidInput

__all__ = [
    "MAX_MEMBERS",
    "MAX_RATIO",
    "MAX_ROW_CELLS",
    "MAX_SHEET_ROWS",
    "MAX_UNCOMPRESSED",
    "RATIO_FROM",
    "inspect_xlsx",
]

#: Files in the archive at most (a workbook has about ten).
MAX_MEMBERS = 200
#: All files together, unpacked, at most (126 participants take about 50 KB).
MAX_UNCOMPRESSED = 8 * 1024 * 1024
#: A file this large or larger may be at most ``MAX_RATIO`` times its packed size.
RATIO_FROM = 256 * 1024
MAX_RATIO = 100
#: Rows of one worksheet at most (the header and ``imports.MAX_ROWS``, with room).
MAX_SHEET_ROWS = 10_000
#: Cells in one row at most (the import reads four columns).
MAX_ROW_CELLS = 256

#: The namespaces openpyxl reads worksheet rows and cells in (transitional, strict).
_SHEET_NAMESPACES = frozenset(
    {
        "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
        "http://purl.oclc.org/ooxml/spreadsheetml/main",
    }
)
_CELL_REF = re.compile(r"^\$?([A-Z]{1,3})\$?(\d+)$")


def _too_large(message: str) -> InvalidInput:
    return InvalidInput(ErrorItem(code="file_too_large", message=message, field="file"))


def inspect_xlsx(file: IO[bytes]) -> None:
    """Refuse (``InvalidInput``, code ``file_too_large``) an archive beyond the limits.

    A file that is not a zip archive at all is left to the parser, which names
    it ``invalid_file``. The file is rewound afterwards.
    """
    file.seek(0)
    try:
        archive = zipfile.ZipFile(file)
    except zipfile.BadZipFile:
        file.seek(0)
        return
    with archive:
        members = archive.infolist()
        if len(members) > MAX_MEMBERS:
            raise _too_large(_("The spreadsheet holds too many files."))
        if sum(m.file_size for m in members) > MAX_UNCOMPRESSED:
            raise _too_large(
                _(
                    "The spreadsheet unpacks to more than %(mb)s MB; "
                    "a participant list is far smaller."
                )
                % {"mb": MAX_UNCOMPRESSED // 2**20}
            )
        for member in members:
            if member.file_size >= RATIO_FROM and (
                member.file_size > MAX_RATIO * max(member.compress_size, 1)
            ):
                raise _too_large(_("The spreadsheet is packed suspiciously tightly."))
        for member in members:
            if not member.is_dir():
                _inspect_sheet(archive, member)
    file.seek(0)


def _inspect_sheet(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> None:
    """Stream one worksheet's XML: its dimension, rows and cells per row."""
    rows = 0
    cells = 0
    try:
        with archive.open(member) as stream:
            for event, element in iterparse(stream, events=("start", "end")):
                namespace, _brace, tag = element.tag[1:].rpartition("}")
                if namespace not in _SHEET_NAMESPACES:
                    if event == "end":
                        element.clear()
                    continue
                if event == "start":
                    if tag == "dimension":
                        _check_dimension(element.get("ref", ""))
                    elif tag == "row":
                        rows += 1
                        cells = 0
                        if rows > MAX_SHEET_ROWS:
                            raise _too_large(
                                _("The spreadsheet has more than %(max)s rows.")
                                % {"max": MAX_SHEET_ROWS}
                            )
                    elif tag == "c":
                        cells += 1
                        if cells > MAX_ROW_CELLS:
                            raise _too_large(
                                _("A row of the spreadsheet has more than %(max)s cells.")
                                % {"max": MAX_ROW_CELLS}
                            )
                elif tag in ("c", "row"):
                    element.clear()  # keep memory flat while streaming
    except (ParseError, zipfile.BadZipFile, OSError, EOFError):
        return  # damaged: the parser names it ``invalid_file``


def _check_dimension(ref: str) -> None:
    """The worksheet's declared range, e.g. ``A1:D127``, within the limits."""
    last = ref.rpartition(":")[2].upper()
    match = _CELL_REF.match(last)
    if match is None:
        return
    letters, row = match.groups()
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - ord("A") + 1
    if int(row) > MAX_SHEET_ROWS or column > MAX_ROW_CELLS:
        raise _too_large(
            _("The spreadsheet's range %(range)s is larger than a participant list can be.")
            % {"range": ref}
        )
