"""Tournament archives: versions, the published hash of the exact bytes, 409/410 (rules.md §13)."""

from __future__ import annotations

import hashlib
import json
from datetime import date

import pytest

from tests import factories
from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import services

pytestmark = pytest.mark.django_db


def test_only_a_tournament_with_a_final_ranking_is_archived(api, organiser):
    running = finished_tournament(names("R", 10), organiser=organiser, seed="r", finish=False)
    url = f"/api/tournaments/{running.pk}/archive/"
    assert api.post(url).status_code == 401
    api.force_authenticate(factories.make_referee(tournament=running))
    assert api.post(url).status_code == 403
    api.force_authenticate(organiser)
    answer = api.post(url)
    assert answer.status_code == 409
    assert answer.json()["errors"][0]["code"] == "not_final"
    assert api.get(url).json() == []


def test_versions_hash_and_content_without_private_data(api, organiser):
    factories.ensure_reference_data()
    tournament = finished_tournament(names("P", 10), organiser=organiser, seed="arch")
    # Private data exists, and never reaches the archive.
    services.participant_update(
        participant=(p := tournament.participants.first()),
        data=services.ParticipantInput(
            name=p.name, nationality="DE", birth_date=date(1987, 6, 5), age_approved=True
        ),
    )
    pin = p.pin
    api.force_authenticate(organiser)
    first = api.post(f"/api/tournaments/{tournament.pk}/archive/")
    second = api.post(f"/api/tournaments/{tournament.pk}/archive/")
    assert first.status_code == second.status_code == 201
    v1, v2 = first.json(), second.json()
    assert (v1["version"], v2["version"]) == (1, 2)  # each POST a new version, changed or not
    assert v1["url"] == f"/api/tournaments/{tournament.pk}/archive/1.json"
    api.force_authenticate(None)
    listed = api.get(f"/api/tournaments/{tournament.pk}/archive/").json()
    assert [(a["version"], a["sha256"], a["withdrawn"]) for a in listed] == [
        (1, v1["sha256"], None),
        (2, v2["sha256"], None),
    ]
    served = api.get(v1["url"])
    assert served.status_code == 200 and served["Content-Type"] == "application/json"
    assert hashlib.sha256(served.content).hexdigest() == v1["sha256"]
    document = json.loads(served.content)
    text = served.content.decode()
    assert "1987" not in text and pin not in text
    assert "birth_date" not in text and "pin" not in text and "age_approved" not in text
    assert {p["name"] for p in document["participants"]} == set(names("P", 10))
    assert document["final_ranking"]["final"] is True
    assert document["group_draw"]["seed"] == "arch"
    assert document["results"] and document["standings"]
    assert api.get(f"/api/tournaments/{tournament.pk}/archive/9.json").status_code == 404


def test_the_season_lists_the_archives_of_its_tournaments(api, organiser):
    tournament = finished_tournament(names("P", 10), organiser=organiser, seed="list")
    other = finished_tournament(names("O", 10), organiser=organiser, seed="other")
    archive = services.archive_create(tournament=tournament, actor=organiser)
    services.archive_create(tournament=other, actor=organiser)
    season = services.season_create(name="S", actor=organiser)
    services.season_tournament_add(season=season, tournament=tournament, weight=1)
    answer = api.get(f"/api/seasons/{season.pk}/").json()
    assert answer["archives"] == [
        {
            "tournament": tournament.pk,
            "version": 1,
            "sha256": archive.sha256,
            "created_at": answer["archives"][0]["created_at"],
            "url": f"/api/tournaments/{tournament.pk}/archive/1.json",
            "withdrawn": None,
        }
    ]
    assert answer["settings"] == {"best_of": 5, "min_events": 1, "qualifiers": 0}
    assert answer["tournaments"] == [{"tournament": tournament.pk, "weight": 1.0}]
