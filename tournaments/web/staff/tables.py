"""The django-tables2 tables of the staff pages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_countries.fields import Country

from tournaments.models import AuditEntry, Game, Participant
from tournaments.names import fold
from tournaments.preferences import SETTINGS_BY_KEY
from tournaments.selectors import STATE_LABELS, GameView, game_state

from .access import scoresheets_url


@dataclass(frozen=True)
class GameCard:
    """One game on the referees' list: its seats, its state and its one big action."""

    game: Game
    state: str
    label: str
    seats: list[tuple[int, str, bool]]  # position, name, is the Sheriff
    action_url: str
    action_label: str
    sheet_url: str


def game_card(view: GameView, *, awaiting: bool = False) -> GameCard:
    """The card of a game as ``selectors.games_list`` returns it."""
    game = view.game
    state = game_state(game, awaiting=awaiting)
    void = game.status == Game.Status.VOID
    if game.status == Game.Status.OPEN:
        action = _("Enter result")
    elif awaiting:
        action = _("Check and confirm")
    else:
        action = _("Correct")
    return GameCard(
        game=game,
        state=state,
        label=str(STATE_LABELS[state]),
        seats=[
            (s.position, s.participant.name, s.position == game.sheriff_position)
            for s in view.seats
        ],
        action_url="" if void else reverse("staff:result", args=[game.tournament_id, game.pk]),
        action_label="" if void else action,
        sheet_url=""
        if void
        else scoresheets_url(
            game.tournament_id, stage=game.stage, round=game.round, table=game.table.number
        ),
    )


class ParticipantTable(tables.Table):
    name = tables.Column(verbose_name=gettext_lazy("Name"))
    nationality = tables.Column(verbose_name=gettext_lazy("Nationality"))
    birth_date = tables.DateColumn(
        verbose_name=gettext_lazy("Birth date"),
        short=True,
        # Hidden on phones (staff.css), whichever place the column has.
        attrs={"th": {"class": "col-birth"}, "td": {"class": "col-birth"}},
    )
    status = tables.Column(verbose_name=gettext_lazy("Status"))
    checked_in = tables.TemplateColumn(
        verbose_name=gettext_lazy("Checked in"),
        template_name="tournaments/staff/partials/check_in.html",
    )
    player = tables.Column(
        verbose_name=gettext_lazy("Player no."), accessor="player_id", default="–"
    )

    class Meta:
        # Check-in next to the name: on a phone both are in view without scrolling.
        sequence = ("name", "checked_in", "status", "nationality", "birth_date", "player")
        attrs = {"class": "data staff-table participants-table"}
        row_attrs = {
            "data-participant": lambda record: record.pk,
            "id": lambda record: f"p{record.pk}",
            # What the search box compares as you type (static/js/check_in.js).
            "data-name": lambda record: fold(record.name),
        }

    def __init__(self, *args: Any, selectable: bool = False, **kwargs: Any) -> None:
        """``selectable``: a first column of tick boxes for the list's "remove" action
        (before the draw); they belong to the form ``remove-form`` below the table."""
        if selectable:
            kwargs["extra_columns"] = [
                (
                    "select",
                    tables.CheckBoxColumn(
                        accessor="pk",
                        attrs={
                            "td__input": {
                                "form": "remove-form",
                                "name": "participant",
                                "aria-label": lambda record: (
                                    _("Tick %(name)s") % {"name": record.name}
                                ),
                            },
                            "th__input": {"hidden": "hidden", "disabled": "disabled"},
                        },
                    ),
                )
            ]
            kwargs["sequence"] = ("select", "name", "checked_in", "status", "...")
        super().__init__(*args, **kwargs)

    def render_name(self, record: Participant) -> str:
        url = reverse("staff:participant", args=[record.tournament_id, record.pk])
        return format_html('<a href="{}">{}</a>', url, record.name)

    def render_nationality(self, record: Participant) -> str:
        # The stubs read a CountryField as ``str``; it gives a ``Country``.
        country = cast(Country, record.nationality)
        return format_html('<abbr title="{}">{}</abbr>', country.name, country.code)

    def render_status(self, record: Participant) -> str:
        return format_html(
            '<span id="status-{}" class="status status-{}">{}</span>',
            record.pk,
            record.status,
            record.get_status_display(),
        )


class StaffTable(tables.Table):
    """A tournament's staff (``TournamentStaff`` rows) with a button to dismiss each."""

    username = tables.Column(accessor="user__username", verbose_name=gettext_lazy("User name"))
    role = tables.Column(verbose_name=gettext_lazy("Role"))
    last_login = tables.DateTimeColumn(
        accessor="user__last_login", verbose_name=gettext_lazy("Last login"), short=True
    )
    remove = tables.TemplateColumn(
        verbose_name="",
        orderable=False,
        template_code=(
            '<form method="post">{% csrf_token %}<input type="hidden" name="action" '
            'value="remove"><input type="hidden" name="user" value="{{ record.user_id }}">'
            '<button type="submit" class="small">{% load i18n %}{% translate "Remove" %}'
            "</button></form>"
        ),
    )

    class Meta:
        attrs = {"class": "data staff-table referees-table"}


#: A human label for every action code the services write into the audit log.
AUDIT_ACTIONS: dict[str, Any] = {
    "tournament_created": gettext_lazy("Tournament created"),
    "tournament_updated": gettext_lazy("Settings changed"),
    "character_added": gettext_lazy("Character added"),
    "participants_registered": gettext_lazy("Participants registered"),
    "participant_withdrawn": gettext_lazy("Participant withdrawn"),
    "participant_excluded": gettext_lazy("Participant excluded"),
    "participant_updated": gettext_lazy("Participant edited"),
    "participant_deleted": gettext_lazy("Participant deleted"),
    "participant_checked_in": gettext_lazy("Participant checked in"),
    "participant_checked_out": gettext_lazy("Check-in undone"),
    "participant_reinstated": gettext_lazy("Participant reinstated"),
    "group_stage_drawn": gettext_lazy("Group stage drawn"),
    "result_recorded": gettext_lazy("Result recorded"),
    "result_corrected": gettext_lazy("Result corrected"),
    "result_confirmed": gettext_lazy("Result confirmed"),
    "penalty_given": gettext_lazy("Penalty given"),
    "knockout_started": gettext_lazy("Knockout started"),
    "knockout_round_seated": gettext_lazy("Knockout round seated"),
    "knockout_champion": gettext_lazy("Champion decided"),
    "tournament_imported": gettext_lazy("Tournament imported"),
    "staff_appointed": gettext_lazy("Staff member appointed"),
    "staff_dismissed": gettext_lazy("Staff member dismissed"),
}

_OBJECT_TYPES: dict[str, Any] = {
    "Tournament": gettext_lazy("Tournament"),
    "Character": gettext_lazy("Character"),
    "Participant": gettext_lazy("Participant"),
    "Game": gettext_lazy("Game"),
    "Penalty": gettext_lazy("Penalty"),
    "Knockout": gettext_lazy("Knockout"),
    "User": gettext_lazy("User"),
}


class AuditTable(tables.Table):
    """The audit log of one tournament, newest first (rows: ``AuditEntry``)."""

    created_at = tables.DateTimeColumn(verbose_name=gettext_lazy("Time"), format="Y-m-d H:i:s")
    actor = tables.Column(verbose_name=gettext_lazy("By"), empty_values=())
    action = tables.Column(verbose_name=gettext_lazy("Action"))
    object = tables.Column(verbose_name=gettext_lazy("Object"), empty_values=())
    changes = tables.Column(verbose_name=gettext_lazy("Before / after"), empty_values=())

    class Meta:
        orderable = False
        attrs = {"class": "data staff-table audit-table"}
        row_attrs = {
            "data-audit": lambda record: record.pk,
            "data-action": lambda record: record.action,
        }
        empty_text = gettext_lazy("No entries.")

    def __init__(
        self,
        *args: Any,
        games: dict[int, str] | None = None,
        names: dict[int, str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.games = games or {}  # game id → "Table 3 · round 2"
        self.names = names or {}  # participant id → name

    def render_actor(self, record: AuditEntry) -> str:
        if record.actor is None:
            return format_html('<span class="muted">{}</span>', _("system"))
        return record.actor.get_username()

    def render_action(self, record: AuditEntry) -> str:
        label = AUDIT_ACTIONS.get(record.action)
        if label is None:
            return format_html("<code>{}</code>", record.action)
        return format_html('<span title="{}">{}</span>', record.action, label)

    def render_object(self, record: AuditEntry) -> str:
        if not record.object_type:
            return "—"
        label = f"{_OBJECT_TYPES.get(record.object_type, record.object_type)} #{record.object_id}"
        if record.object_id.isdigit():
            known = {"Game": self.games, "Participant": self.names}.get(record.object_type, {})
            label = known.get(int(record.object_id), label)
        url = None
        if record.object_id.isdigit() and record.tournament_id:
            if record.object_type == "Game":
                url = reverse("staff:result", args=[record.tournament_id, int(record.object_id)])
            elif record.object_type == "Participant":
                url = reverse(
                    "staff:participant", args=[record.tournament_id, int(record.object_id)]
                )
        if url is None:
            return label
        return format_html('<a href="{}">{}</a>', url, label)

    def render_changes(self, record: AuditEntry) -> SafeString | str:
        if record.before is None and record.after is None:
            return ""
        rows = change_rows(
            with_names(record.before, self.names), with_names(record.after, self.names)
        )
        return format_html(
            '<details class="audit-changes"><summary>{}</summary>'
            '<table class="audit-diff"><thead><tr><th scope="col">{}</th><th scope="col">{}</th>'
            '<th scope="col">{}</th></tr></thead><tbody>{}</tbody></table></details>',
            _("Show"),
            _("What"),
            _("Before"),
            _("After"),
            format_html_join("", '<tr><th scope="row">{}</th><td>{}</td><td>{}</td></tr>', rows),
        )


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
        rows.append((key_label(key), in_words(old), in_words(new)))
    return rows


def key_label(key: str) -> str:
    """A stored key as a person reads it: a setting's label, else the key in words."""
    setting = SETTINGS_BY_KEY.get(key)
    if setting is not None:
        return str(setting.label)
    return key.replace("_", " ").capitalize()


def in_words(value: Any) -> str:
    """A stored value in words: "—" for nothing, "yes"/"no", lists and objects flattened."""
    if value is None or value == "" or value == [] or value == {}:
        return "—"
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, list):
        return ", ".join(in_words(item) for item in value)
    if isinstance(value, dict):
        return "; ".join(f"{key_label(str(k))}: {in_words(v)}" for k, v in value.items())
    return str(value)


#: Keys of audit entries whose numbers are participant ids.
PARTICIPANT_KEYS = frozenset(
    {"seeding", "champion", "candidates", "order", "tables", "participant"}
)


def with_names(value: Any, names: dict[int, str], *, ids: bool = False) -> Any:
    """An audit entry's JSON with participant ids (under ``PARTICIPANT_KEYS``) as names."""
    if isinstance(value, dict):
        return {k: with_names(v, names, ids=ids or k in PARTICIPANT_KEYS) for k, v in value.items()}
    if isinstance(value, list):
        return [with_names(v, names, ids=ids) for v in value]
    if ids and isinstance(value, int) and not isinstance(value, bool):
        return names.get(value, value)
    return value
