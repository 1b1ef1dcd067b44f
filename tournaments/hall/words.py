"""The hall's terminal in the organiser's language (rules.md §15).

The launcher runs before Django does, so it reads the compiled catalogues
(``locale/<code>/LC_MESSAGES/django.mo``) with the standard library. The
language: ``HALL_LANGUAGE``, else the laptop's own (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``: ``it_IT.UTF-8`` is Italian) if it is one of the
seven, else German. Until the first run has compiled the catalogues, the
terminal speaks English, the source.
"""

from __future__ import annotations

import gettext as stdlib_gettext
import os
from collections.abc import Mapping
from pathlib import Path

__all__ = ["LANGUAGES", "gettext", "terminal_language"]

LANGUAGES = ("de", "en", "it", "cs", "fr", "es", "pl")
_LOCALE = Path(__file__).resolve().parent.parent.parent / "locale"
_found: dict[str, stdlib_gettext.NullTranslations] = {}


def terminal_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the hall's terminal speaks (see the module's text)."""
    if environ is None:
        environ = os.environ
    wanted = [environ.get("HALL_LANGUAGE", "")]
    wanted += environ.get("LANGUAGE", "").split(":")
    wanted += [environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    for value in wanted:
        code = value.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "de"


def gettext(message: str) -> str:
    """``message`` in the terminal's language; English while no catalogue is compiled."""
    language = terminal_language()
    catalogue = _found.get(language)
    if catalogue is None:
        try:
            catalogue = stdlib_gettext.translation("django", _LOCALE, languages=[language])
        except OSError:  # not compiled yet (the first run compiles them)
            return message
        _found[language] = catalogue
    return catalogue.gettext(message)
