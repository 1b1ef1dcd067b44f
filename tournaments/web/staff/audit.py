"""The audit log as a person reads it: actions, objects and changes in words.

Every action code a service writes (``tournaments/services``) has a label here,
and every object is named by what it is to a referee ("Round 2 · table 3",
"Archive, version 2", the participant's name), never by a model's class name
and id. ``tests/tournaments/web/staff/test_audit.py`` finds the codes in the
services' source and fails on one without a label.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.apps import apps
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import AuditEntry
from tournaments.web.staff.audit_words import change_rows, with_names

#: A human label for every action code the services write into the audit log.
AUDIT_ACTIONS: dict[str, Any] = {
    "tournament_created": gettext_lazy("Tournament created"),
    "tournament_updated": gettext_lazy("Tournament details changed"),
    "settings_changed": gettext_lazy("Settings changed"),
    "character_added": gettext_lazy("Character added"),
    "participants_registered": gettext_lazy("Participants registered"),
    "participant_withdrawn": gettext_lazy("Participant withdrawn"),
    "participant_excluded": gettext_lazy("Participant excluded"),
    "participant_updated": gettext_lazy("Participant edited"),
    "participant_deleted": gettext_lazy("Participant deleted"),
    "participant_checked_in": gettext_lazy("Participant checked in"),
    "participant_checked_out": gettext_lazy("Check-in undone"),
    "participant_reinstated": gettext_lazy("Participant reinstated"),
    "withdrawn_absent": gettext_lazy("Everyone not checked in withdrawn"),
    "participant_player_linked": gettext_lazy("Participant linked to a player"),
    "draw_commitment_published": gettext_lazy("Draw commitment published"),
    "group_stage_drawn": gettext_lazy("Group stage drawn"),
    "seat_swapped": gettext_lazy("Seats swapped"),
    "result_recorded": gettext_lazy("Result recorded"),
    "result_corrected": gettext_lazy("Result corrected"),
    "result_confirmed": gettext_lazy("Result confirmed"),
    "result_player_confirmed": gettext_lazy("Result confirmed by a player"),
    "penalty_given": gettext_lazy("Penalty given"),
    "call_created": gettext_lazy("Referee called"),
    "call_taken": gettext_lazy("Call taken"),
    "call_closed": gettext_lazy("Call closed"),
    "clock_started": gettext_lazy("Round clock started"),
    "clock_paused": gettext_lazy("Round clock paused"),
    "clock_resumed": gettext_lazy("Round clock resumed"),
    "clock_extended": gettext_lazy("Round clock extended"),
    "clock_stopped": gettext_lazy("Round clock stopped"),
    "game_started": gettext_lazy("Game started"),
    "knockout_started": gettext_lazy("Knockout started"),
    "knockout_round_seated": gettext_lazy("Knockout round seated"),
    "knockout_champion": gettext_lazy("Champion decided"),
    "archive_created": gettext_lazy("Archived"),
    "archive_withdrawn": gettext_lazy("Archive version withdrawn"),
    "tournament_imported": gettext_lazy("Tournament imported"),
    "staff_appointed": gettext_lazy("Staff member appointed"),
    "staff_dismissed": gettext_lazy("Staff member dismissed"),
    "player_erased": gettext_lazy("Player erased"),
    "player_merged": gettext_lazy("Players merged"),
    # Written outside any tournament (tournament None): the admin shows them.
    "player_created": gettext_lazy("Player created"),
    "user_created": gettext_lazy("User created"),
    "season_created": gettext_lazy("Season created"),
    "season_updated": gettext_lazy("Season settings changed"),
    "season_tournament_added": gettext_lazy("Tournament added to a season"),
    "season_tournament_removed": gettext_lazy("Tournament removed from a season"),
    "season_staff_appointed": gettext_lazy("Season organiser appointed"),
    "season_staff_dismissed": gettext_lazy("Season organiser dismissed"),
    "season_key_registered": gettext_lazy("Signing key registered with a season"),
    "season_key_removed": gettext_lazy("Signing key removed from a season"),
    "archive_imported": gettext_lazy("Tournament imported from a signed archive"),
    "package_made": gettext_lazy("Event package made"),
    "package_used": gettext_lazy("Tournament created from an event package"),
    "federation_player_linked": gettext_lazy("Participant linked to a package player"),
}

#: Actions never written into a tournament's log: not offered by its filter.
SITE_ACTIONS = frozenset(
    {
        "player_created",
        "user_created",
        "season_created",
        "season_tournament_added",
        "season_tournament_removed",
        "season_staff_appointed",
        "season_staff_dismissed",
        "season_key_registered",
        "season_key_removed",
    }
)


def action_choices() -> list[tuple[str, str]]:
    """Every action a tournament's log can hold, by label: the filter's options."""
    return sorted(
        ((code, str(label)) for code, label in AUDIT_ACTIONS.items() if code not in SITE_ACTIONS),
        key=lambda item: item[1],
    )


#: Actions whose snapshots key participants by their id ("12": ...).
_KEYED_BY_PARTICIPANT = frozenset({"seat_swapped", "withdrawn_absent"})


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
            label = record.action.replace("_", " ").capitalize()
        return format_html("<span>{}</span>", label)

    def render_object(self, record: AuditEntry) -> str:
        if not record.object_type:
            return "—"
        label, game = self._describe(record)
        url = None
        if record.object_type == "Participant" and record.object_id.isdigit():
            url = reverse("staff:participant", args=[record.tournament_id, int(record.object_id)])
        elif game is not None:
            url = reverse("staff:result", args=[record.tournament_id, game])
        if url is None or not record.tournament_id:
            return label
        return format_html('<a href="{}">{}</a>', url, label)

    def _describe(self, record: AuditEntry) -> tuple[str, int | None]:
        """The object in words, and the game it concerns (for a link), if any."""
        kind = record.object_type
        pk = int(record.object_id) if record.object_id.isdigit() else None
        snap = {
            **(record.before if isinstance(record.before, dict) else {}),
            **(record.after if isinstance(record.after, dict) else {}),
        }
        game = pk if kind == "Game" else snap.get("game")
        game = game if isinstance(game, int) and game in self.games else None
        someone = snap.get("participant")
        person = self.names.get(someone, "") if isinstance(someone, int) else ""
        if kind == "Game" and game is not None:
            return self.games[game], game
        if kind == "Participant" and pk in self.names:
            return self.names[pk], None
        if kind == "Result" and game is not None:
            return _("Result · %(game)s") % {"game": self.games[game]}, game
        if kind == "RefereeCall" and game is not None:
            text = _("Call · %(game)s, seat %(position)s") % {
                "game": self.games[game],
                "position": snap.get("position", "?"),
            }
            return text, game
        if kind == "Penalty" and person:
            return _("Penalty · %(name)s") % {"name": person}, None
        if kind == "SeatSwap" and isinstance(snap.get("swap"), list):
            a, b = (self.names.get(pk, "?") for pk in snap["swap"][:2])
            return _("Seat swap · %(a)s and %(b)s") % {"a": a, "b": b}, None
        if kind == "TournamentArchive" and "version" in snap:
            return _("Archive, version %(version)s") % {"version": snap["version"]}, None
        if kind in ("TournamentStaff", "User") and snap.get("user"):
            return str(snap["user"]), None
        if kind == "Character" and snap.get("name"):
            return _("Character · %(name)s") % {"name": snap["name"]}, None
        return model_label(kind), None

    def render_changes(self, record: AuditEntry) -> SafeString | str:
        if record.before is None and record.after is None:
            return ""
        keyed = record.action in _KEYED_BY_PARTICIPANT
        rows = change_rows(
            with_names(record.before, self.names, keyed=keyed),
            with_names(record.after, self.names, keyed=keyed),
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


def model_label(object_type: str) -> str:
    """A model's class name as its verbose name ("TournamentArchive" → "Archive")."""
    for model in apps.get_models():
        if model.__name__ == object_type:
            return capfirst(str(model._meta.verbose_name))
    return capfirst(object_type.replace("_", " "))
