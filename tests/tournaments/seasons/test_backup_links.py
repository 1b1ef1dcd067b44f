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
    rows = backup["models"]["tournaments.Participant"]
    links = [row["fields"]["player"] for row in sorted(rows, key=lambda r: r["pk"])]
    assert links[1] is None and links[0]["fields"]["name"] == "Anna Amsel"
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup), encoding="utf-8")
    # Into a server without the tournament: the link to the existing player is restored
    # (a player is matched by its fields; a server without it gets it back).
    tournament.delete()
    call_command("import_tournament", str(path), stdout=StringIO())
    restored = Tournament.objects.order_by("pk").last()
    assert list(restored.participants.order_by("id").values_list("player_id", flat=True)) == [
        anna.pk,
        None,
    ]
    assert Tournament.objects.count() == 1 and anna.__class__.objects.count() == 1
