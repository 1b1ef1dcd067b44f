"""Numbers as the active language writes them (rules.md §15), thousands grouped:
9.450 in German, Italian and Spanish; 9 450 (a no-break space) in Czech, French
and Polish; 9,450 in English. Django's formats of the language decide
(``config/formats`` changes Spanish); pages, PDFs and the projector use
``grouped``, workbooks a number format (``documents.xlsx.THOUSANDS``)."""

from __future__ import annotations

from django.utils import numberformat
from django.utils.formats import get_format

__all__ = ["NO_BREAK_SPACE", "grouped"]

NO_BREAK_SPACE = "\xa0"


def grouped(value: int | float, decimal_pos: int | None = None) -> str:
    """``value`` with its thousands grouped in the active language (a space that
    groups is a no-break space, so that a number never breaks across lines)."""
    separator = str(get_format("THOUSAND_SEPARATOR"))
    if separator.isspace():
        separator = NO_BREAK_SPACE
    return numberformat.format(
        value,
        str(get_format("DECIMAL_SEPARATOR")),
        decimal_pos=decimal_pos,
        grouping=3,
        thousand_sep=separator,
        force_grouping=True,
    )
