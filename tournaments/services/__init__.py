"""Everything that changes a tournament goes through these functions.

Views, API endpoints, admin actions and management commands call them; none
of those hold rules. A service loads plain data, asks ``scoring`` what the
rules say, saves inside one transaction and writes an audit entry. Rule
violations raise ``tournaments.errors.DomainError`` subclasses and leave the
database as it was.

Services are keyword-only and named ``<noun>_<verb>``; the ``actor`` is the
signed-in user who acts (``django.contrib.auth.models.User``). One module per
task: ``tournaments``, ``staff``, ``participants``, ``commitments``, ``draw``,
``deal``, ``results``, ``final_table``, ``signatures``, ``penalties``, ``outbox``,
``knockout``, ``clock``, ``game_time``, ``calls``, ``seat_swaps``, ``bounties``, ``players``,
``seasons``, ``archive``, ``packages``, ``keys`` and ``imports`` (signed archives), ``erasure``,
``audit`` and ``backup`` (export and import of a whole tournament). Services
only write: what they read (``game_spec``, ``tournament_phase``, the characters)
comes from ``tournaments.selectors``. Every public name is importable from this
package too: ``from tournaments import services;
services.result_record(...)``.
"""

from ..errors import Conflict, DomainError, ErrorItem, InvalidInput, NotAllowed
from .archive import archive_create
from .audit import audit_log
from .backup import BackupError, export_tournament, import_tournament
from .bounties import game_bounties_recompute
from .calls import call_close, call_create, call_take
from .clock import clock_add, clock_apply, clock_pause, clock_resume, clock_start, clock_stop
from .commitments import draw_commitment_create, draw_commitment_use
from .deal import group_deal, knockout_reveal
from .draw import group_stage_draw
from .erasure import placeholder_name, player_erase
from .final_table import final_table_settle, final_table_start
from .game_time import game_start, round_games_start
from .imports import ImportAnswer, signed_archive_import
from .keys import archive_sign, installation_key, season_key_add, season_key_remove
from .knockout import knockout_next_round, knockout_pick_order, knockout_start
from .outbox import outbox_report
from .packages import package_make, participant_link_federation_player, tournament_from_package
from .participants import (
    ParticipantInput,
    participant_delete,
    participant_leave,
    participant_reinstate,
    participant_update,
    participant_withdraw,
    participants_check,
    participants_delete,
    participants_register,
    registration_refused,
)
from .penalties import penalty_give
from .pins import pin_check
from .players import (
    participant_link_player,
    participants_link_players,
    player_create,
    player_get,
    player_merge,
)
from .presence import participant_check_in, participants_withdraw_absent
from .results import result_confirm, result_record, result_snapshot
from .seasons import (
    season_create,
    season_staff_appoint,
    season_staff_dismiss,
    season_tournament_add,
    season_tournament_remove,
    season_update,
)
from .seat_swaps import seat_swap
from .signatures import player_confirm
from .staff import staff_appoint, staff_dismiss, user_create
from .tournaments import character_add, tournament_create, tournament_update
from .versions import edit_version, edit_version_check

__all__ = [
    "BackupError",
    "Conflict",
    "DomainError",
    "ErrorItem",
    "ImportAnswer",
    "InvalidInput",
    "NotAllowed",
    "ParticipantInput",
    "archive_create",
    "archive_sign",
    "audit_log",
    "call_close",
    "call_create",
    "call_take",
    "character_add",
    "clock_add",
    "clock_apply",
    "clock_pause",
    "clock_resume",
    "clock_start",
    "clock_stop",
    "draw_commitment_create",
    "draw_commitment_use",
    "edit_version",
    "edit_version_check",
    "export_tournament",
    "final_table_settle",
    "final_table_start",
    "game_bounties_recompute",
    "game_start",
    "group_deal",
    "group_stage_draw",
    "import_tournament",
    "installation_key",
    "knockout_next_round",
    "knockout_pick_order",
    "knockout_reveal",
    "knockout_start",
    "outbox_report",
    "package_make",
    "participant_check_in",
    "participant_delete",
    "participant_leave",
    "participant_link_federation_player",
    "participant_link_player",
    "participant_reinstate",
    "participant_update",
    "participant_withdraw",
    "participants_check",
    "participants_delete",
    "participants_link_players",
    "participants_register",
    "participants_withdraw_absent",
    "penalty_give",
    "pin_check",
    "placeholder_name",
    "player_confirm",
    "player_create",
    "player_erase",
    "player_get",
    "player_merge",
    "registration_refused",
    "result_confirm",
    "result_record",
    "result_snapshot",
    "round_games_start",
    "season_create",
    "season_key_add",
    "season_key_remove",
    "season_staff_appoint",
    "season_staff_dismiss",
    "season_tournament_add",
    "season_tournament_remove",
    "season_update",
    "seat_swap",
    "signed_archive_import",
    "staff_appoint",
    "staff_dismiss",
    "tournament_create",
    "tournament_from_package",
    "tournament_update",
    "user_create",
]
