"""Checking a format's settings as an organiser sends them (rules.md §14, api.md "Formats").

The keys are ``scoring.formats.FORMAT_KEYS``: the points table (``points``,
only the cells it names), the three amounts, the structure (``table_sizes``,
``parts``, ``sheriff``, ``time_limit_minutes``, ``final``, ``tie_breaks``) and
``title_nationality``. Every bad key gets one message (``invalid_setting``),
so that nothing runs a tournament with a typo in its rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.formats import MAX_AMOUNT, MIN_AMOUNT, TIE_BREAKS, PointsError, points_from_json

__all__ = ["check_format_settings"]

MAX_PARTS = 6
MAX_MINUTES = 600


def _invalid(message: Any, **params: Any) -> ValidationError:
    return ValidationError(message, code="invalid_setting", params=params)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _amount(key: str, value: Any) -> Any:
    if not _is_int(value) or not MIN_AMOUNT <= value <= MAX_AMOUNT:
        raise _invalid(
            _("Setting “%(key)s” must be a whole number from %(min)s to %(max)s."),
            key=key,
            min=MIN_AMOUNT,
            max=MAX_AMOUNT,
        )
    return value


_POINTS_PROBLEMS = {
    "object": _("%(path)s must be an object."),
    "size": _("%(path)s: a table size is a number from 3 to 7."),
    "side": _("%(path)s: the winning side is “law”, “outlaws” or “renegade”."),
    "role": _("%(path)s: the role is “sheriff”, “deputy”, “outlaw” or “renegade”."),
    "split": _(
        "%(path)s: a split names both of its keys: “alive” and “dead”, “final_duel” and "
        "“else”, or “last_three” and “else”."
    ),
    "amount": _("%(path)s must be a whole number from -100000 to 100000."),
}


def _points(key: str, value: Any) -> Any:
    try:
        points_from_json(value)
    except PointsError as error:
        raise _invalid(_POINTS_PROBLEMS[error.problem], path=error.path) from None
    return {str(size): sides for size, sides in value.items()}


def _table_sizes(key: str, value: Any) -> Any:
    if (
        not isinstance(value, list)
        or not 1 <= len(value) <= 3
        or not all(_is_int(size) and 4 <= size <= 7 for size in value)
        or len(set(value)) != len(value)
    ):
        raise _invalid(
            _(
                "Setting “table_sizes” must list one to three different table sizes from 4 "
                "to 7, the preferred size first."
            )
        )
    return value


def _part(value: Any) -> bool:
    if not isinstance(value, Mapping) or set(value) != {"games", "redraw"}:
        return False
    games = value["games"]
    return isinstance(value["redraw"], bool) and (
        games is None or (_is_int(games) and 1 <= games <= 7)
    )


def _parts(key: str, value: Any) -> Any:
    if (
        not isinstance(value, list)
        or not 1 <= len(value) <= MAX_PARTS
        or not all(map(_part, value))
    ):
        raise _invalid(
            _(
                "Setting “parts” must list one to %(max)s parts, each "
                "{“games”: 1 to 7 or null, “redraw”: true or false}."
            ),
            max=MAX_PARTS,
        )
    return [{"games": part["games"], "redraw": part["redraw"]} for part in value]


def _sheriff(key: str, value: Any) -> Any:
    if value not in ("rotation", "lot"):
        raise _invalid(_("Setting “sheriff” must be “rotation” or “lot”."))
    return value


def _minutes(key: str, value: Any) -> Any:
    if value is not None and (not _is_int(value) or not 1 <= value <= MAX_MINUTES):
        raise _invalid(
            _("Setting “time_limit_minutes” must be empty or from 1 to %(max)s minutes."),
            max=MAX_MINUTES,
        )
    return value


def _final(key: str, value: Any) -> Any:
    if value == {"type": "knockout"}:
        return value
    if (
        isinstance(value, Mapping)
        and set(value) == {"type", "size", "games"}
        and value["type"] == "table"
        and _is_int(value["size"])
        and 4 <= value["size"] <= 7
        and _is_int(value["games"])
        and 1 <= value["games"] <= 7
    ):
        return dict(value)
    raise _invalid(
        _(
            "Setting “final” must be {“type”: “knockout”} or "
            "{“type”: “table”, “size”: 4 to 7, “games”: 1 to 7}."
        )
    )


def _tie_breaks(key: str, value: Any) -> Any:
    if (
        not isinstance(value, list)
        or not value
        or not all(item in TIE_BREAKS for item in value)
        or len(set(value)) != len(value)
    ):
        raise _invalid(
            _("Setting “tie_breaks” must list different criteria of: %(criteria)s."),
            criteria=", ".join(TIE_BREAKS),
        )
    return value


def _nationality(key: str, value: Any) -> Any:
    if not (isinstance(value, str) and len(value) == 2 and value.isascii() and value.isalpha()):
        raise _invalid(_("Setting “title_nationality” must be a two-letter country code."))
    return value.upper()


_CHECKS: dict[str, Callable[[str, Any], Any]] = {
    "points": _points,
    "survivor_bonus": _amount,
    "deputy_kills_sheriff": _amount,
    "small_table_bonus": _amount,
    "table_sizes": _table_sizes,
    "parts": _parts,
    "sheriff": _sheriff,
    "time_limit_minutes": _minutes,
    "final": _final,
    "tie_breaks": _tie_breaks,
    "title_nationality": _nationality,
}


def check_format_settings(
    raw: Mapping[str, Any],
) -> tuple[dict[str, Any], dict[str, list[ValidationError]]]:
    """The cleaned format settings of ``raw``, and one error per bad key."""
    cleaned: dict[str, Any] = {}
    errors: dict[str, list[ValidationError]] = {}
    for key, value in raw.items():
        try:
            cleaned[key] = _CHECKS[key](key, value)
        except ValidationError as error:
            errors[key] = [error]
    return cleaned, errors
