"""URL path converters."""

from __future__ import annotations


class IdConverter:
    """A database id: at most 18 digits, so that it fits a 64-bit integer column.

    Django's ``int`` converter accepts any length; a 30-digit id would reach
    PostgreSQL and fail there (a server error) instead of answering 404.
    """

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
