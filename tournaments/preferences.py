"""Per-tournament settings, typed and with their defaults in one place.

The module is named after Tabbycat's "preferences"; its words are:

- **setting**: one thing an organiser may change for a tournament (the
  maximum number of participants, a bounty amount, ...). Each is declared
  once as a ``Setting`` (key, type, default, bounds, translated label);
  ``SETTINGS`` lists them all in form order, ``SETTINGS_BY_KEY`` by key.
- **settings** of a tournament (``Tournament.settings``, the API field of the
  same name): only the overrides an organiser made, a JSON object
  ``{key: value}``. ``validate_settings()`` checks and cleans them: unknown
  keys and wrong types are refused, so a typo can never silently run a
  tournament with the wrong amounts.
- **config** (``Tournament.config``): the effective values of one tournament,
  the stored overrides over the defaults (which are the ones ``rules.md``
  names), as a typed ``TournamentConfig``: ``tournament.config.double_check``,
  ``tournament.config.bounty_table``. ``effective_config()`` builds it.

Django's own settings (``django.conf.settings``) are a different thing; code
next to a tournament's settings imports them as ``django_settings``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.bounty import BountyTable

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Setting:
    """One setting: its key, type, default, bounds and a translated label."""

    key: str
    kind: type
    default: Any
    label: StrOrPromise
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False


#: The championship's title (rules.md §1), in the language of the page or document.
# Translators: the official title of the German BANG! championship.
DEFAULT_TITLE = _("German BANG! champion")

_BOUNTY_LABELS = {
    "sheriff_5": _("Bounty: Sheriff wins at a 5-table"),
    "sheriff_6": _("Bounty: Sheriff wins at a 6-table"),
    "deputy_5": _("Bounty: Deputy wins at a 5-table"),
    "deputy_6": _("Bounty: Deputy wins at a 6-table"),
    "outlaw_5": _("Bounty: each Outlaw at a 5-table"),
    "outlaw_6": _("Bounty: each Outlaw at a 6-table"),
    "renegade_5": _("Bounty: Renegade wins at a 5-table"),
    "renegade_6": _("Bounty: Renegade wins at a 6-table"),
    "final_duel": _("Bounty: Renegade reaches the final duel"),
    "survivor": _("Bounty: alive at the end of a game"),
    "deputy_kills_sheriff": _("Bounty: Deputy eliminates own Sheriff"),
    "five_table_bonus": _("Bonus for a seat at a 5-table"),
}

SETTINGS: tuple[Setting, ...] = (
    Setting("max_participants", int, 126, _("Maximum number of participants"), 2, 10_000),
    Setting(
        "knockout_field_size",
        int,
        None,
        _("Knockout field size (empty: number of group tables, at least 4)"),
        2,
        10_000,
        nullable=True,
    ),
    Setting("tougher_sheriff", bool, False, _("Showdown: tougher Sheriff (5 lives)")),
    Setting("double_check", bool, False, _("Results count only once a second person confirms")),
    Setting(
        "title",
        str,
        None,
        _("Title for the best-placed German participant (empty: no title)"),
        maximum=100,
        nullable=True,
    ),
    Setting(
        "time_limit_minutes",
        int,
        None,
        _("Time limit per game in minutes (empty: none)"),
        1,
        600,
        nullable=True,
    ),
    Setting(
        "deal_characters",
        bool,
        False,
        _("Deal the characters by lot with the draw (two per seat, one more than players)"),
    ),
    *(
        Setting(
            f"bounty_{f.name}" if f.name != "five_table_bonus" else f.name,
            int,
            f.default,
            _BOUNTY_LABELS[f.name],
            -100_000,
            100_000,
        )
        for f in fields(BountyTable)
    ),
)
SETTINGS_BY_KEY: dict[str, Setting] = {s.key: s for s in SETTINGS}


def _bounty_key(field_name: str) -> str:
    return field_name if field_name == "five_table_bonus" else f"bounty_{field_name}"


@dataclass(frozen=True)
class TournamentConfig:
    """The effective settings of one tournament (stored overrides over the defaults).

    ``values`` holds every setting by key; the settings code reads are typed
    properties, any other key is an attribute too (``config.bounty_sheriff_5``).
    """

    values: Mapping[str, Any]

    def __getattr__(self, key: str) -> Any:
        try:
            return self.values[key]
        except KeyError:
            raise AttributeError(key) from None

    @property
    def max_participants(self) -> int:
        return int(self.values["max_participants"])

    @property
    def knockout_field_size(self) -> int | None:
        size = self.values["knockout_field_size"]
        return None if size is None else int(size)

    @property
    def tougher_sheriff(self) -> bool:
        return bool(self.values["tougher_sheriff"])

    @property
    def double_check(self) -> bool:
        return bool(self.values["double_check"])

    @property
    def deal_characters(self) -> bool:
        return bool(self.values["deal_characters"])

    @property
    def title(self) -> str:
        """The title the best-placed German participant earns; ``""`` for none (rules.md §8)."""
        title = self.values["title"]
        return str(DEFAULT_TITLE) if title is None else str(title)

    @property
    def bounty_table(self) -> BountyTable:
        return BountyTable(
            **{f.name: self.values[_bounty_key(f.name)] for f in fields(BountyTable)}
        )


def validate_settings(raw: Any) -> dict[str, Any]:
    """Check stored/submitted overrides; return them cleaned.

    Raises ``ValidationError`` with one message per bad key (``code`` is
    ``unknown_setting`` or ``invalid_setting``).
    """
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ValidationError(_("Settings must be an object."), code="invalid_setting")
    errors: dict[str, list[ValidationError]] = {}
    cleaned: dict[str, Any] = {}
    for key, value in raw.items():
        setting = SETTINGS_BY_KEY.get(key)
        if setting is None:
            errors[str(key)] = [
                ValidationError(
                    _("Unknown setting “%(key)s”."), code="unknown_setting", params={"key": key}
                )
            ]
            continue
        if value is None and setting.nullable:
            cleaned[key] = None
            continue
        if setting.kind is str:
            if not isinstance(value, str) or len(value.strip()) > (setting.maximum or 0):
                errors[key] = [
                    ValidationError(
                        _("Setting “%(key)s” must be a text of at most %(max)s characters."),
                        code="invalid_setting",
                        params={"key": key, "max": setting.maximum},
                    )
                ]
                continue
            cleaned[key] = value.strip()
            continue
        # bool is a subclass of int: refuse True where a number is expected.
        if not isinstance(value, setting.kind) or (setting.kind is int and isinstance(value, bool)):
            errors[key] = [
                ValidationError(
                    _("Setting “%(key)s” must be %(kind)s."),
                    code="invalid_setting",
                    params={
                        "key": key,
                        "kind": _("a whole number") if setting.kind is int else _("true or false"),
                    },
                )
            ]
            continue
        if isinstance(value, int) and (
            (setting.minimum is not None and value < setting.minimum)
            or (setting.maximum is not None and value > setting.maximum)
        ):
            errors[key] = [
                ValidationError(
                    _("Setting “%(key)s” must be between %(min)s and %(max)s."),
                    code="invalid_setting",
                    params={"key": key, "min": setting.minimum, "max": setting.maximum},
                )
            ]
            continue
        cleaned[key] = value
    if errors:
        raise ValidationError(errors)
    return cleaned


def effective_config(overrides: Mapping[str, Any] | None) -> TournamentConfig:
    """Defaults overlaid with a tournament's stored overrides (its ``settings``)."""
    values = {s.key: s.default for s in SETTINGS}
    values.update(overrides or {})
    return TournamentConfig(values=values)
