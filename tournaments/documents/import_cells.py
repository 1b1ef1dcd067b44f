"""One spreadsheet row of the participant import, cell by cell (``documents.imports``).

``participant`` reads a row's cells into a ``services.ParticipantInput`` and
the problems of its cells, each naming its row; ``parse_date`` and
``parse_bool`` read the date and yes/no cells.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.errors import ErrorItem

__all__ = ["FALSE_WORDS", "TRUE_WORDS", "blank", "parse_bool", "parse_date", "participant"]

# Yes and no as an organiser of each of the seven languages types them (rules.md §15).
TRUE_WORDS = frozenset(
    {"true", "1", "ja", "yes", "x", "wahr", "j", "y", "✓", "✔"}
    | {"sì", "si", "sí", "ano", "oui", "tak"}
)
FALSE_WORDS = frozenset({"false", "0", "nein", "no", "falsch", "n", "-", ""} | {"ne", "non", "nie"})
# Day first: 17.05.1990, 17. 5. 1990 (cs, pl) or 17/05/1990 (it, fr, es).
_DAY_FIRST_DATE = re.compile(r"^(\d{1,2})(?:\.\s*|/)(\d{1,2})(?:\.\s*|/)(\d{4})$")
_ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")


def participant(
    cells: dict[str, Any], row: int
) -> tuple[services.ParticipantInput, list[ErrorItem]]:
    problems: list[ErrorItem] = []
    name = "" if blank(cells.get("name")) else str(cells["name"]).strip()
    if not name:
        problems.append(
            ErrorItem(code="missing_name", message=_("The name is missing."), field="name", row=row)
        )
    elif name.startswith("="):
        problems.append(
            ErrorItem(
                code="formula_in_name",
                message=_("A name must not begin with “=”: spreadsheets read it as a formula."),
                field="name",
                row=row,
            )
        )
    nationality = "" if blank(cells.get("nationality")) else str(cells["nationality"]).strip()
    if not nationality:
        problems.append(
            ErrorItem(
                code="missing_nationality",
                message=_("The nationality is missing (a country code such as DE)."),
                field="nationality",
                row=row,
            )
        )
    birth_date = None
    raw_date = cells.get("birth_date")
    if not blank(raw_date):
        birth_date = parse_date(raw_date)
        if birth_date is None:
            problems.append(
                ErrorItem(
                    code="invalid_date",
                    message=_("“%(value)s” is not a date; write YYYY-MM-DD or DD.MM.YYYY.")
                    % {"value": raw_date},
                    field="birth_date",
                    row=row,
                )
            )
    age_approved = parse_bool(cells.get("age_approved"))
    if age_approved is None:
        problems.append(
            ErrorItem(
                code="invalid_boolean",
                message=_("“%(value)s” is not yes or no (use ja/yes/x/1 or nein/no/0).")
                % {"value": cells.get("age_approved")},
                field="age_approved",
                row=row,
            )
        )
    player = parse_player(cells.get("player"))
    if player == 0:
        problems.append(
            ErrorItem(
                code="invalid_player",
                message=_("“%(value)s” is not a player number.") % {"value": cells.get("player")},
                field="player",
                row=row,
            )
        )
    federation_player = parse_player(cells.get("federation_player"))
    if federation_player == 0:
        problems.append(
            ErrorItem(
                code="invalid_federation_player",
                message=_("“%(value)s” is not the number of a player of the event package.")
                % {"value": cells.get("federation_player")},
                field="federation_player",
                row=row,
            )
        )
    language = None if blank(cells.get("language")) else str(cells["language"]).strip().lower()
    if language is not None and language not in {code for code, _name in settings.LANGUAGES}:
        problems.append(
            ErrorItem(
                code="unknown_language",
                message=_("“%(value)s” is not a language: use de, en, it, cs, fr, es or pl.")
                % {"value": cells.get("language")},
                field="language",
                row=row,
            )
        )
        language = None
    item = services.ParticipantInput(
        name=name,
        nationality=nationality,
        birth_date=birth_date,
        age_approved=bool(age_approved),
        player=player or None,
        federation_player=federation_player or None,
        language=language,
    )
    return item, problems


def blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def parse_player(value: Any) -> int | None:
    """A player id cell: None when blank, 0 when it is not a positive whole number."""
    if blank(value):
        return None
    if isinstance(value, bool):
        return 0
    if isinstance(value, int | float) and float(value).is_integer() and value > 0:
        return int(value)
    text = str(value).strip()
    return int(text) if text.isdigit() and int(text) > 0 and len(text) <= 18 else 0


def parse_date(value: Any) -> date | None:
    """A date from a date cell or a ``YYYY-MM-DD`` / ``DD.MM.YYYY`` / ``DD/MM/YYYY`` text;
    else ``None``."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip()
    if match := _ISO_DATE.match(text):
        year, month, day = (int(g) for g in match.groups())
    elif match := _DAY_FIRST_DATE.match(text):
        day, month, year = (int(g) for g in match.groups())
    else:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


def parse_bool(value: Any) -> bool | None:
    """Yes/no from a cell: a boolean, 1/0, or ja/yes/x/true vs. nein/no/false/empty."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, int | float):
        return bool(value) if value in (0, 1) else None
    text = str(value).strip().casefold()
    if text in TRUE_WORDS:
        return True
    if text in FALSE_WORDS:
        return False
    return None
