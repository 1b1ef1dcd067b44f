"""Template filters for season points: one decimal, as rules.md §13 shows them."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.formats import number_format

from tournaments import names
from tournaments.numbers import grouped

register = template.Library()


@register.filter
def points(value: Fraction | float | None) -> str:
    """Season points rounded (exactly) to one decimal, in the active language, its
    thousands grouped as the bounties have (``tournaments.numbers``): "2.466,7" in German."""
    if value is None:
        return "–"
    return grouped(float(round(Fraction(value), 1)), decimal_pos=1)


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
