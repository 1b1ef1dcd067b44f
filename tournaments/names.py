"""How names are compared: the one folding of a name, for search, sorting and duplicates.

A name **folded** (``fold``) is without accents, case-folded and with single
spaces: "  Jürgen  KRÜGER " and "jurgen kruger" fold alike. Every comparison of
names uses it: the player search (``Player.folded_name``), the suggestions of a
player for a participant, the search boxes of the public pages (their rows
carry the folded name; ``static/js`` folds what is typed the same way), the
alphabetical seating list, the season ranking's order among equals and the
warning about a duplicate registration.

An erased person's **placeholder** ("Erased player N", rules.md §13) is a name
too: ``placeholder_name`` says it in a given language. A participant keeps it
in the tournament's language; a player shows it in the page's language
(``Player.shown_name``).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

__all__ = ["fold", "placeholder_name", "shown_placeholder", "sort_key"]


def fold(text: str) -> str:
    """``text`` for comparing names: without accents, case-folded, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order as people expect it: the folded name first, then the name
    itself (so that names folding alike still come in one fixed order)."""
    return (fold(name), name)


def placeholder_name(number: int, *, language: str) -> str:
    """ "Erased player N" in ``language``."""
    with translation.override(language):
        return _("Erased player %(number)s") % {"number": number}


@functools.cache
def _placeholders() -> re.Pattern[str]:
    """A placeholder in any of the site's languages ("Erased player 7", "Gelöschter Spieler 7")."""
    shapes = {
        re.escape(placeholder_name(0, language=code)).replace("0", r"(\d+)", 1)
        for code, _label in settings.LANGUAGES
    }
    return re.compile("|".join(f"(?:{shape})" for shape in sorted(shapes)))


def shown_placeholder(name: str) -> str:
    """``name``, but an erased person's placeholder in the active language (a cached
    ranking keeps the one it was computed with)."""
    found = _placeholders().fullmatch(name)
    if found is None:
        return name
    number = next(group for group in found.groups() if group is not None)
    language = translation.get_language() or settings.LANGUAGE_CODE
    return placeholder_name(int(number), language=language)
