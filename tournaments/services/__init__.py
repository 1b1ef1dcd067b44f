"""Everything that changes a tournament goes through these functions.

Views, API endpoints, admin actions and management commands call them; none
of those hold rules. A service loads plain data, asks ``scoring`` what the
rules say, saves inside one transaction and writes an audit entry. Rule
violations raise ``tournaments.errors.DomainError`` subclasses and leave the
database as it was.

Services are keyword-only and named ``<noun>_<verb>``; the ``actor`` is the
signed-in user who acts (``django.contrib.auth.models.User``). One module per
task: ``tournaments``, ``staff``, ``participants``, ``commitments``, ``draw``,
``deal``, ``results``, ``signatures``, ``penalties``, ``outbox``, ``knockout``,
``audit`` and ``backup`` (export and import of a whole tournament). Every public name is
importable from this package too: ``from tournaments import services;
services.result_record(...)``.
"""

from ..errors import Conflict, DomainError, ErrorItem, InvalidInput, NotAllowed
from .audit import audit_log
from .backup import BackupError, export_tournament, import_tournament
from .commitments import draw_commitment_create, draw_commitment_use
from .deal import allowed_characters, deals_characters, group_deal, knockout_reveal
from .draw import group_stage_draw, group_stage_drawn
from .knockout import knockout_next_round, knockout_pick_order, knockout_start
from .outbox import outbox_report
from .participants import (
    ParticipantInput,
    participant_check_in,
    participant_delete,
    participant_leave,
    participant_update,
    participant_withdraw,
    participants_register,
)
from .penalties import penalty_give
from .results import (
    game_spec,
    result_confirm,
    result_record,
    result_snapshot,
    seat_reports,
)
from .signatures import player_confirm
from .staff import staff_appoint, staff_dismiss, user_create
from .tournaments import (
    character_add,
    tournament_characters,
    tournament_create,
    tournament_update,
)

__all__ = [
    "BackupError",
    "Conflict",
    "DomainError",
    "ErrorItem",
    "InvalidInput",
    "NotAllowed",
    "ParticipantInput",
    "allowed_characters",
    "audit_log",
    "character_add",
    "deals_characters",
    "draw_commitment_create",
    "draw_commitment_use",
    "export_tournament",
    "game_spec",
    "group_deal",
    "group_stage_draw",
    "group_stage_drawn",
    "import_tournament",
    "knockout_next_round",
    "knockout_pick_order",
    "knockout_reveal",
    "knockout_start",
    "outbox_report",
    "participant_check_in",
    "participant_delete",
    "participant_leave",
    "participant_update",
    "participant_withdraw",
    "participants_register",
    "penalty_give",
    "player_confirm",
    "result_confirm",
    "result_record",
    "result_snapshot",
    "seat_reports",
    "staff_appoint",
    "staff_dismiss",
    "tournament_characters",
    "tournament_create",
    "tournament_update",
    "user_create",
]
