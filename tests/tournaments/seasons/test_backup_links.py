"""A backup holds the participants' player links (rules.md §13)."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tests import factories
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_player_links_survive_export_and_import(tmp_path):
    tournament = factories.make_tournament()
    anna = services.player_create(name="Anna Amsel", nationality="DE")
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(name="Anna Amsel", nationality="DE", player=anna.pk),
            services.ParticipantInput(name="Bo", nationality="DE"),
        ],
    )
    backup = services.export_tournament(tournament)
    assert [p["player"] for p in backup["participants"]] == [anna.pk, None]
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup), encoding="utf-8")
    # Into a server without the tournament: the link to the existing player is restored.
    tournament.delete()
    call_command("import_tournament", str(path), stdout=StringIO())
    restored = Tournament.objects.order_by("pk").last()
    assert list(restored.participants.order_by("id").values_list("player_id", flat=True)) == [
        anna.pk,
        None,
    ]
