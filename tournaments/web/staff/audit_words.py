"""An audit entry's snapshots in words (``audit.AuditTable``'s last column): every key
by a label of the reader's language, roles and sides by their names, participant ids
by names, lists as "a, b, c"; nothing is JSON."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.rulesets import Role, Side
from tournaments.preferences import SETTINGS_BY_KEY

__all__ = ["KEY_LABELS", "PARTICIPANT_KEYS", "change_rows", "in_words", "key_label", "with_names"]


def change_rows(before: Any, after: Any) -> list[tuple[str, str, str]]:
    """What an audit entry changed, in words: (what, before, after) for each key that differs.

    Settings are named by their labels; lists read as "a, b, c"; nothing is JSON.
    """
    if before is None and isinstance(after, dict):
        before = {}
    if after is None and isinstance(before, dict):
        after = {}
    if not isinstance(before, dict) or not isinstance(after, dict):
        return [(str(_("Value")), in_words(before), in_words(after))]
    rows = []
    for key in dict.fromkeys([*before, *after]):
        old, new = before.get(key), after.get(key)
        if old == new and before and after:
            continue
        if key == "points" and isinstance(old, dict) and isinstance(new, dict):
            rows += points_rows(old, new)
            continue
        rows.append((key_label(key), _value_in_words(key, old), _value_in_words(key, new)))
    return rows


def _cells(points: dict[str, Any]) -> dict[tuple[str, str, str], Any]:
    """A points table (api.md "Formats") cell by cell: (size, side, role) -> amount."""
    return {
        (str(size), str(side), str(role)): value
        for size, sides in points.items()
        if isinstance(sides, dict)
        for side, roles in sides.items()
        if isinstance(roles, dict)
        for role, value in roles.items()
    }


def points_rows(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Only the cells of a points table that changed, each named in words."""
    old, new = _cells(before), _cells(after)
    rows = []
    for size, side, role in dict.fromkeys([*old, *new]):
        was, now = old.get((size, side, role)), new.get((size, side, role))
        if was == now:
            continue
        what = _("Points, table of %(size)s, won by %(side)s: %(role)s") % {
            "size": size,
            "side": Side(side).label if side in Side._value2member_map_ else side,
            "role": Role(role).label if role in Role._value2member_map_ else role,
        }
        rows.append((what, in_words(was), in_words(now)))
    return rows


#: The format's settings (rules.md §14) as the format page names them.
FORMAT_LABELS: dict[str, Any] = {
    "format": gettext_lazy("Format"),
    "points": gettext_lazy("Points table"),
    "survivor_bonus": gettext_lazy("Each player alive at the end of a game"),
    "deputy_kills_sheriff": gettext_lazy("A Deputy who eliminates the Sheriff"),
    "small_table_bonus": gettext_lazy("Once for a seat at a table of the smaller size"),
    "table_sizes": gettext_lazy("Table sizes"),
    "parts": gettext_lazy("Parts"),
    "sheriff": gettext_lazy("Sheriff"),
    "time_limit_minutes": gettext_lazy("Time limit per game (minutes, empty: none)"),
    "final": gettext_lazy("After the qualifying stage"),
    "tie_breaks": gettext_lazy("Standings by"),
    "title_nationality": gettext_lazy("The title goes to the best participant of (country code)"),
}


#: The other keys of the services' snapshots, each in words of every language.
KEY_LABELS: dict[str, Any] = {
    "id": gettext_lazy("Number"),
    "number": gettext_lazy("Number"),
    "seeding": gettext_lazy("Seeding"),
    "seed": gettext_lazy("Seed"),
    "sheriff_positions": gettext_lazy("Sheriff positions"),
    "lots": gettext_lazy("Lots"),
    "five_tables": gettext_lazy("Tables of five"),
    "order": gettext_lazy("Order"),
    "signed": gettext_lazy("Signed"),
    "code": gettext_lazy("Code"),
    "total": gettext_lazy("Total"),
    "previous": gettext_lazy("Before"),
    "then": gettext_lazy("Before"),
    "now": gettext_lazy("Now"),
    "new": gettext_lazy("New"),
    "missing": gettext_lazy("Missing"),
    "positions": gettext_lazy("Positions"),
    "index": gettext_lazy("Row"),
    "into": gettext_lazy("Merged into"),
    "merged": gettext_lazy("Merged"),
    "merged_name": gettext_lazy("Merged name"),
    "new_players": gettext_lazy("New players"),
    "linked": gettext_lazy("Linked"),
    "to_choose": gettext_lazy("To choose"),
    "how": gettext_lazy("How"),
    "left_s": gettext_lazy("Seconds left"),
    "games_started": gettext_lazy("Games started"),
    "voided_games": gettext_lazy("Voided games"),
    "bounties_recomputed": gettext_lazy("Bounties recomputed"),
    "algorithm": gettext_lazy("Algorithm"),
    "uid": gettext_lazy("Identifier"),
    "sent": gettext_lazy("Sent"),
    "archive_version": gettext_lazy("Archive version"),
    "life_points": gettext_lazy("Life points"),
    "eliminated_by": gettext_lazy("Eliminated by"),
    "final_duel": gettext_lazy("Final duel"),
    "won": gettext_lazy("Won"),
    "seats": gettext_lazy("Seats"),
    "tables": gettext_lazy("Tables"),
    "winner": gettext_lazy("Winner"),
}


def _field_labels() -> dict[str, Any]:
    """Every model field's name → its (translated) verbose name."""
    labels: dict[str, Any] = {}
    for model in apps.get_models():
        for field in model._meta.get_fields():
            verbose = getattr(field, "verbose_name", None)
            if verbose is not None and field.name not in labels:
                labels[field.name] = verbose
    return labels


def key_label(key: str) -> str:
    """A stored key as a person reads it: a setting's label, the format's, a label of
    ``KEY_LABELS`` or a model field's verbose name; else the key in words."""
    setting = SETTINGS_BY_KEY.get(key)
    if setting is not None:
        return str(setting.label)
    for labels in (FORMAT_LABELS, KEY_LABELS, _field_labels()):
        if key in labels:
            return capfirst(str(labels[key]))
    return key.replace("_", " ").capitalize()


#: Keys whose values are a role or a side (rules.md §3): shown by their labels.
_ROLE_KEYS = frozenset({"role", "winner"})


def _value_in_words(key: str, value: Any) -> str:
    if key in _ROLE_KEYS and isinstance(value, str):
        if value in Role._value2member_map_:
            return str(Role(value).label)
        if value in Side._value2member_map_:
            return str(Side(value).label)
    return in_words(value)


def in_words(value: Any) -> str:
    """A stored value in words: "—" for nothing, "yes"/"no", lists and objects flattened."""
    if value is None or value == "" or value == [] or value == {}:
        return "—"
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, list):
        return ", ".join(in_words(item) for item in value)
    if isinstance(value, dict):
        return "; ".join(
            f"{key_label(str(k))}: {_value_in_words(str(k), v)}" for k, v in value.items()
        )
    return str(value)


#: Keys of audit entries whose numbers are participant ids.
PARTICIPANT_KEYS = frozenset(
    {"seeding", "champion", "candidates", "order", "tables", "participant", "participants", "swap"}
)


def with_names(value: Any, names: dict[int, str], *, ids: bool = False, keyed: bool = False) -> Any:
    """An audit entry's JSON with participant ids (under ``PARTICIPANT_KEYS``) as names;
    ``keyed``: the entry's dictionaries key participants by id, as names too."""
    if isinstance(value, dict):
        return {
            _name_key(k, names, keyed): with_names(
                v, names, ids=ids or k in PARTICIPANT_KEYS, keyed=keyed
            )
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [with_names(v, names, ids=ids, keyed=keyed) for v in value]
    if ids and isinstance(value, int) and not isinstance(value, bool):
        return names.get(value, value)
    return value


def _name_key(key: str, names: dict[int, str], keyed: bool) -> str:
    if keyed and key.isdigit():
        return names.get(int(key), key)
    return key
