"""``tournaments.models`` is a package; every name the old module had is still there."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

import tournaments.models as models

OLD_NAMES = [
    "MINIMUM_AGE",
    "AuditEntry",
    "Character",
    "Game",
    "GroupDraw",
    "Knockout",
    "LotDraw",
    "Participant",
    "Penalty",
    "Result",
    "ResultQuerySet",
    "ResultSeat",
    "ResultSeatQuerySet",
    "Seat",
    "Stage",
    "Table",
    "Tournament",
]


def test_every_old_name_is_exported():
    for name in OLD_NAMES:
        assert name in models.__all__
        assert getattr(models, name) is not None


@pytest.mark.django_db
def test_the_split_changed_no_model_state():
    out = StringIO()
    call_command("makemigrations", "tournaments", check=True, dry_run=True, stdout=out)
    assert "No changes detected" in out.getvalue()
