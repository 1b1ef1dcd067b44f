"""How names are compared: the one folding of a name, for search, sorting and duplicates.

A name **folded** (``fold``) is without accents, case-folded and with single
spaces: "  Jürgen  KRÜGER " and "jurgen kruger" fold alike. Every comparison of
names uses it: the player search (``Player.folded_name``), the suggestions of a
player for a participant, the search boxes of the public pages (their rows
carry the folded name; ``static/js`` folds what is typed the same way), the
alphabetical seating list, the season ranking's order among equals and the
warning about a duplicate registration.
"""

from __future__ import annotations

import unicodedata

__all__ = ["fold", "sort_key"]


def fold(text: str) -> str:
    """``text`` for comparing names: without accents, case-folded, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order as people expect it: the folded name first, then the name
    itself (so that names folding alike still come in one fixed order)."""
    return (fold(name), name)
