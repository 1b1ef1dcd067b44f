"""The audit log's changes in the reader's language (rules.md §15): every key the
services write has a label of its own, roles and sides read by their names."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from tournaments import demo
from tournaments.models import AuditEntry
from tournaments.preferences import SETTINGS_BY_KEY
from tournaments.web.staff.audit_words import (
    FORMAT_LABELS,
    KEY_LABELS,
    _field_labels,
    change_rows,
    key_label,
)

pytestmark = pytest.mark.django_db


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = {key for key in value if not key.isdigit()}
        return found.union(*(_keys(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(item) for item in value))
    return set()


def test_every_key_of_a_demo_days_log_has_a_label():
    demo.build_demo(seed="audit words")
    keys = set().union(*(_keys(e.before) | _keys(e.after) for e in AuditEntry.objects.all()))
    assert {"seeding", "lives", "eliminated_by", "final_duel", "winner"} <= keys
    labelled = set(SETTINGS_BY_KEY) | set(FORMAT_LABELS) | set(KEY_LABELS) | set(_field_labels())
    assert keys - labelled == set()


def test_a_result_reads_in_italian_with_the_editions_role_names():
    before = None
    after = {
        "winner": "outlaws",
        "seats": [{"position": 1, "role": "sheriff", "lives": 0, "final_duel": False}],
    }
    with translation.override("it"):
        rows = {what: now for what, _was, now in change_rows(before, after)}
        assert key_label("eliminated_by") == "Eliminato da"
    assert rows["Vincitore"] == "Fuorilegge"
    assert rows["Posti"] == "Posizione: 1; Ruolo: Sceriffo; Vite rimaste: 0; Duello finale: no"
