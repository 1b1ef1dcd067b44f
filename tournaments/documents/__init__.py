"""Documents: what the project prints and hands out as files, and the participant import.

- ``base``: the registry of exporters (identifier, translated name, media
  type, audience, ``render``); one view serves any of them.
- ``pdf``: scoresheets, seating list, standings, final ranking (WeasyPrint);
  ``scoresheets``: what a scoresheet shows.
- ``xlsx``: the standings, every result and the import template as workbooks.
- ``statistics``: the statistics of the counted group games as a workbook.
- ``cards``: the player cards with their PINs (staff only).
- ``imports``: participants from a spreadsheet.
- ``seasons``: the season ranking as a workbook and a PDF.

Importing this package registers every exporter.
"""

from . import base, cards, imports, pdf, scoresheets, seasons, statistics, xlsx
from .base import (
    PDF,
    XLSX,
    AbsoluteUri,
    Audience,
    Exporter,
    NothingToPrint,
    exporters,
    filename,
    get,
    register,
)

__all__ = [
    "PDF",
    "XLSX",
    "AbsoluteUri",
    "Audience",
    "Exporter",
    "NothingToPrint",
    "base",
    "cards",
    "exporters",
    "filename",
    "get",
    "imports",
    "pdf",
    "register",
    "scoresheets",
    "seasons",
    "statistics",
    "xlsx",
]
