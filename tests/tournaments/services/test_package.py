"""``tournaments.services`` is one package with a module per task; callers use either
``from tournaments import selectors, services`` or ``from tournaments.services import name``."""

from __future__ import annotations

import pytest

from tournaments import selectors, services

# Every public name the single services module had, and the backup module's
# (the site-wide ``referee_appoint``/``referee_dismiss`` became per-tournament staff).
PUBLIC = [
    "audit_log",
    "staff_appoint",
    "staff_dismiss",
    "user_create",
    "tournament_create",
    "tournament_update",
    "character_add",
    "ParticipantInput",
    "participants_register",
    "participant_withdraw",
    "group_stage_draw",
    "result_record",
    "result_snapshot",
    "result_confirm",
    "penalty_give",
    "knockout_start",
    "knockout_pick_order",
    "knockout_next_round",
    "InvalidInput",
    "Conflict",
    "NotAllowed",
    "export_tournament",
    "import_tournament",
    "BackupError",
]


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_name_is_exported_by_the_package(name):
    assert name in services.__all__
    assert hasattr(services, name)


def test_seat_input_is_gone_seat_report_is_the_one_seat_shape():
    assert not hasattr(services, "SeatInput")


READS = [
    "game_spec",
    "seat_reports",
    "allowed_characters",
    "deals_characters",
    "group_stage_drawn",
    "tournament_characters",
]


@pytest.mark.parametrize("name", READS)
def test_reads_live_in_the_selectors_not_in_the_services(name):
    """Services only write: what they read is a selector (issue 20)."""
    assert name in selectors.__all__
    assert not hasattr(services, name)
