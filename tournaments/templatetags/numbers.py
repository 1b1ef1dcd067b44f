"""``grouped``: a number with its thousands grouped in the active language
(``tournaments.numbers``)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments import numbers

register = template.Library()


@register.filter
def grouped(value: Any) -> Any:
    """``9450`` → "9.450" (de), "9,450" (en); anything that is not a number unchanged."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    return numbers.grouped(value)
