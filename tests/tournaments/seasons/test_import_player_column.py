"""The Excel import may carry a player id column (rules.md §13)."""

from __future__ import annotations

import pytest

from tests import factories
from tests.tournaments.documents.test_imports import _import, _upload
from tournaments import services
from tournaments.models import Participant

pytestmark = pytest.mark.django_db


def test_a_player_column_links_the_rows(organiser_api):
    tournament = factories.make_tournament()
    anna = services.player_create(name="Anna Amsel", nationality="DE")
    rows = [
        ["Name", "Nationalität", "Spieler"],
        ["Anna Amsel", "DE", anna.pk],
        ["Bert Bär", "AT", None],
        ["Cleo Cox", "DE", f" {anna.pk} "],
    ]
    answer = _import(organiser_api, tournament, _upload(rows))
    assert answer.status_code == 400  # Anna twice: nothing is registered
    assert [(e["code"], e["row"]) for e in answer.json()["errors"]] == [
        ("player_already_linked", 4)
    ]
    assert not Participant.objects.exists()
    rows[3][2] = None
    answer = _import(organiser_api, tournament, _upload(rows))
    assert answer.status_code == 201
    assert [p["player"] for p in answer.json()] == [anna.pk, None, None]


def test_a_bad_or_unknown_player_names_its_row(organiser_api):
    tournament = factories.make_tournament()
    rows = [["name", "nationality", "player_id"], ["A", "DE", "x7"], ["B", "DE", 999]]
    answer = _import(organiser_api, tournament, _upload(rows))
    assert answer.status_code == 400
    assert [(e["code"], e["row"]) for e in answer.json()["errors"]] == [
        ("invalid_player", 2),
        ("unknown_player", 3),
    ]
