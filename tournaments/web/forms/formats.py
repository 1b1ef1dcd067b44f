"""The organiser's format page (rules.md §14): choose a format, change its structure
before the first draw, and its amounts (the points grid and three bonuses) at any time.

A **cell field** is named ``cell_<size>_<side>_<role>``; a split has two,
``..._then`` (its condition holds) and ``..._else``. The form sends the service
only what differs from the effective format, as the settings an API ``PATCH``
would send (``changes``), so that the audit names exactly what changed.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.bounty import Amount, Split
from scoring.formats import ALIASES, MAX_AMOUNT, MIN_AMOUNT, TIE_BREAKS, Format
from scoring.standings import METRICS
from tournaments.format_settings import MAX_MINUTES, MAX_PARTS
from tournaments.models import Tournament
from tournaments.preferences import merge_overrides
from tournaments.web.format_words import CONDITION_WORDS, PointsRow, points_tables, roman

__all__ = ["FormatChoiceForm", "FormatForm"]


def amount_field(label: Any, initial: int | None = None) -> forms.IntegerField:
    """A number of points: a whole number from -100000 to 100000."""
    return forms.IntegerField(
        label=label, initial=initial, min_value=MIN_AMOUNT, max_value=MAX_AMOUNT
    )


class FormatChoiceForm(forms.Form):
    """Which preset the tournament plays (before the first draw)."""

    format = forms.ChoiceField(label=_("Format"), choices=Tournament.FormatChoice.choices)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)


def _games_choices() -> list[tuple[str, Any]]:
    return [
        ("", _("— no such part")),
        ("all", _("one game per player")),
        *((str(n), str(n)) for n in range(1, 8)),
    ]


class FormatForm(forms.Form):
    """The structure (locked after the first draw) and the amounts of a tournament's format."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    table_sizes = forms.CharField(
        label=_("Table sizes"),
        max_length=20,
        help_text=_("Players per table, the preferred size first, e.g. “5, 4”."),
    )
    sheriff = forms.ChoiceField(
        label=_("Sheriff"),
        choices=[
            ("rotation", _("in turn: in game r the player at position r")),
            ("lot", _("by lot, nobody twice in a part")),
        ],
    )
    time_limit_minutes = forms.IntegerField(
        label=_("Time limit per game (minutes, empty: none)"),
        required=False,
        min_value=1,
        max_value=MAX_MINUTES,
    )
    final_type = forms.ChoiceField(
        label=_("After the qualifying stage"),
        choices=[("knockout", _("knockout")), ("table", _("a final table"))],
    )
    final_size = forms.IntegerField(
        label=_("Final table: players"), required=False, min_value=4, max_value=7
    )
    final_games = forms.IntegerField(
        label=_("Final table: games"), required=False, min_value=1, max_value=7
    )
    title_nationality = forms.CharField(
        label=_("The title goes to the best participant of (country code)"),
        min_length=2,
        max_length=2,
    )
    survivor_bonus = amount_field(_("Each player alive at the end of a game"))
    deputy_kills_sheriff = amount_field(_("A Deputy who eliminates the Sheriff"))
    small_table_bonus = amount_field(_("Once for a seat at a table of the smaller size"))

    AMOUNTS = ("survivor_bonus", "deputy_kills_sheriff", "small_table_bonus")

    #: Where a service's error about a setting goes on this form.
    field_map = {
        "table_sizes": "table_sizes",
        "parts": "part_1_games",
        "sheriff": "sheriff",
        "time_limit_minutes": "time_limit_minutes",
        "final": "final_type",
        "tie_breaks": "tie_break_1",
        "title_nationality": "title_nationality",
        "survivor_bonus": "survivor_bonus",
        "deputy_kills_sheriff": "deputy_kills_sheriff",
        "small_table_bonus": "small_table_bonus",
        "settings": "__all__",
    }

    def __init__(self, data: Any = None, *, tournament: Tournament, locked: bool) -> None:
        self.tournament = tournament
        self.fmt: Format = tournament.config.format
        self.locked = locked
        fmt = self.fmt
        initial: dict[str, Any] = {
            "version": tournament.version,
            "table_sizes": ", ".join(str(size) for size in fmt.table_sizes),
            "sheriff": fmt.sheriff.value,
            "time_limit_minutes": fmt.time_limit_minutes,
            "final_type": fmt.final.type,
            "final_size": fmt.final.size,
            "final_games": fmt.final.games,
            "title_nationality": fmt.title_nationality,
            "survivor_bonus": fmt.survivor_bonus,
            "deputy_kills_sheriff": fmt.deputy_kills_sheriff,
            "small_table_bonus": fmt.small_table_bonus,
        }
        super().__init__(data, initial=initial)
        self.part_count = min(len(fmt.parts) + (0 if locked else 1), MAX_PARTS)
        for number in range(1, self.part_count + 1):
            part = fmt.parts[number - 1] if number <= len(fmt.parts) else None
            games = f"part_{number}_games"
            self.fields[games] = forms.ChoiceField(
                label=_("Part %(part)s: games per table") % {"part": roman(number)},
                choices=_games_choices(),
                required=number == 1,
                initial="" if part is None else "all" if part.games is None else str(part.games),
            )
            if number > 1:
                self.fields[f"part_{number}_redraw"] = forms.BooleanField(
                    label=_("Part %(part)s: drawn anew") % {"part": roman(number)},
                    required=False,
                    initial=part.redraw if part else True,
                )
        for number in range(1, len(TIE_BREAKS) + 1):
            self.fields[f"tie_break_{number}"] = forms.ChoiceField(
                label=_("Standings, criterion %(n)s") % {"n": number},
                choices=[("", "—"), *((key, METRICS[key].name) for key in TIE_BREAKS)],
                required=number == 1,
                initial=fmt.tie_breaks[number - 1] if number <= len(fmt.tie_breaks) else "",
            )
        self.tables = points_tables(fmt)
        for table in self.tables:
            for _side, rows in table.sides:
                for row in rows:
                    self._add_cell_fields(row)
        if locked:
            for name in self.structure_names():
                self.fields[name].disabled = True

    def _add_cell_fields(self, row: PointsRow) -> None:
        split = row.split
        if not isinstance(row.cell, Split):
            self.fields[f"cell_{row.key}"] = amount_field(row.role.label, row.cell)
            return
        assert split is not None
        then, otherwise = CONDITION_WORDS[split.condition]
        self.fields[f"cell_{row.key}_then"] = amount_field(then, split.then)
        self.fields[f"cell_{row.key}_else"] = amount_field(otherwise, split.otherwise)

    def structure_names(self) -> list[str]:
        """The structure's fields in the order a format is told: tables, parts, Sheriff,
        time, final, standings, title."""
        parts = [name for name in self.fields if name.startswith("part_")]
        ties = [name for name in self.fields if name.startswith("tie_break_")]
        return [
            "table_sizes",
            *parts,
            "sheriff",
            "time_limit_minutes",
            "final_type",
            "final_size",
            "final_games",
            *ties,
            "title_nationality",
        ]

    def structure_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.structure_names()]

    def amount_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.AMOUNTS]

    def grid(self) -> list[dict[str, Any]]:
        """Per table size, per winning side: the rows with their bound cell fields."""
        return [
            {
                "size": table.size,
                "sides": [
                    {
                        "side": side,
                        "rows": [
                            {
                                "row": row,
                                "fields": [
                                    self[name]
                                    for name in (
                                        f"cell_{row.key}",
                                        f"cell_{row.key}_then",
                                        f"cell_{row.key}_else",
                                    )
                                    if name in self.fields
                                ],
                            }
                            for row in rows
                        ],
                    }
                    for side, rows in table.sides
                ],
            }
            for table in self.tables
        ]

    def clean_table_sizes(self) -> list[int]:
        raw = self.cleaned_data["table_sizes"]
        try:
            sizes = [int(part) for part in raw.replace(";", ",").split(",") if part.strip()]
        except ValueError:
            raise forms.ValidationError(_("Write the sizes as numbers, e.g. “5, 4”.")) from None
        return sizes

    def clean_title_nationality(self) -> str:
        return str(self.cleaned_data["title_nationality"]).upper()

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("final_type") == "table":
            for name in ("final_size", "final_games"):
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, _("A final table needs its players and games."))
        return data

    # What the form changes ------------------------------------------------------

    def _structure(self) -> dict[str, Any]:
        data = self.cleaned_data
        parts = []
        for number in range(1, self.part_count + 1):
            games = data.get(f"part_{number}_games") or ""
            if not games:
                continue
            redraw = bool(data.get(f"part_{number}_redraw")) if number > 1 else False
            parts.append({"games": None if games == "all" else int(games), "redraw": redraw})
        final: dict[str, Any] = (
            {"type": "table", "size": data.get("final_size"), "games": data.get("final_games")}
            if data.get("final_type") == "table"
            else {"type": "knockout"}
        )
        return {
            "table_sizes": data["table_sizes"],
            "parts": parts,
            "sheriff": data["sheriff"],
            "time_limit_minutes": data.get("time_limit_minutes"),
            "final": final,
            "tie_breaks": list(
                dict.fromkeys(
                    data[f"tie_break_{n}"]
                    for n in range(1, len(TIE_BREAKS) + 1)
                    if data.get(f"tie_break_{n}")
                )
            ),
            "title_nationality": data["title_nationality"],
        }

    def _cell(self, row: PointsRow) -> Amount:
        data = self.cleaned_data
        split = row.split
        if split is None:
            return int(data[f"cell_{row.key}"])
        return Split(split.condition, data[f"cell_{row.key}_then"], data[f"cell_{row.key}_else"])

    def changes(self) -> dict[str, Any]:
        """The settings that differ from the effective format (a ``PATCH``'s ``settings``)."""
        values = self.tournament.config.values
        changes = {
            key: value
            for key, value in self._structure().items()
            if value != values.get(key) and not self.locked
        }
        changes.update(
            {
                key: self.cleaned_data[key]
                for key in self.AMOUNTS
                if self.cleaned_data[key] != values[key]
            }
        )
        points: dict[str, dict[str, dict[str, Any]]] = {}
        for table in self.tables:
            for _side, rows in table.sides:
                for row in rows:
                    cell = self._cell(row)
                    if cell != row.cell:
                        points.setdefault(str(row.size), {}).setdefault(row.side.value, {})[
                            row.role.value
                        ] = cell.as_json() if isinstance(cell, Split) else cell
        if points:
            changes["points"] = points
        return changes

    def settings(self) -> dict[str, Any]:
        """The tournament's new stored settings: the stored ones with ``changes``.

        A German setting key (rules.md §4) stored for a cell or amount that
        changes here is written as that cell (or amount) instead, since the
        stored key would otherwise win over the change.
        """
        stored = dict(self.tournament.settings)
        given = self.changes()
        changed_cells = {
            (int(size), side, role)
            for size, sides in given.get("points", {}).items()
            for side, roles in sides.items()
            for role in roles
        }
        rows = {
            (row.size, row.side.value, row.role.value): row
            for table in self.tables
            for _side, rows in table.sides
            for row in rows
        }
        for alias, spec in ALIASES.items():
            if alias not in stored:
                continue
            if isinstance(spec, str):
                if spec in given:
                    del stored[alias]
                continue
            cells = [(size, side.value, role.value) for size, side, role, _branch in spec]
            if not changed_cells & set(cells):
                continue
            del stored[alias]
            for cell in cells:
                row = rows.get(cell)
                if row is None:
                    continue
                value = self._cell(row)
                given.setdefault("points", {}).setdefault(str(cell[0]), {}).setdefault(cell[1], {})[
                    cell[2]
                ] = value.as_json() if isinstance(value, Split) else value
        return merge_overrides(stored, given)
