"""Template filters for season points: one decimal, as rules.md §13 shows them."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils import numberformat
from django.utils.formats import get_format, number_format

from tournaments import names

register = template.Library()

#: Between thousands, as ``tournaments.web.tables.format_points`` writes bounties.
THIN_SPACE = "\u202f"


@register.filter
def points(value: Fraction | float | None) -> str:
    """Season points rounded (exactly) to one decimal, in the active locale, with a
    narrow space (U+202F) between thousands as the bounties have: "2 466,7"."""
    if value is None:
        return "–"
    return numberformat.format(
        float(round(Fraction(value), 1)),
        get_format("DECIMAL_SEPARATOR"),
        decimal_pos=1,
        grouping=3,
        thousand_sep=THIN_SPACE,
        force_grouping=True,
    )


@register.filter
def rating(value: float | None) -> str:
    """The unofficial rating (mu - 3sigma) to two decimals."""
    if value is None:
        return "–"
    return number_format(round(value, 2), decimal_pos=2)


@register.filter
def fold(value: str) -> str:
    """A name as the search compares it (``tournaments.names.fold``)."""
    return names.fold(value)
