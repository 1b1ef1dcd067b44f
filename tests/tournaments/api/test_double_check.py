"""Double-checking: a second person confirms each result before it counts."""

from __future__ import annotations

import pytest

from tests import factories
from tournaments.models import AuditEntry, Game

pytestmark = pytest.mark.django_db

SHERIFF_WINS = {
    "seats": [
        {"position": 1, "role": "sheriff", "lives": 3},
        {"position": 2, "role": "renegade", "lives": 0},
        {"position": 3, "role": "outlaw", "lives": 0},
        {"position": 4, "role": "outlaw", "lives": 0},
        {"position": 5, "role": "deputy", "lives": 1},
    ],
    "signed": True,
}


@pytest.fixture
def double_checked():
    tournament = factories.drawn_tournament(10, ruleset="showdown", settings={"double_check": True})
    return tournament, Game.objects.get(tournament=tournament, table__number=1, round=1)


def test_only_confirmed_results_count_and_nobody_confirms_their_own(api, double_checked):
    tournament, game = double_checked
    first, second = factories.make_referee(), factories.make_referee()
    api.force_authenticate(first)
    assert api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json").status_code == 200

    standings = api.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    assert standings["games_recorded"] == 0
    assert max(r["bounty"] for r in standings["rows"]) == 1400  # only the 5-table bonus

    own = api.post(f"/api/games/{game.pk}/confirm/", {"version": 1}, format="json")
    assert own.status_code == 403
    assert own.json()["errors"][0]["code"] == "cannot_confirm_own_entry"

    api.force_authenticate(second)
    confirmed = api.post(f"/api/games/{game.pk}/confirm/", {"version": 1}, format="json")
    assert confirmed.status_code == 200 and confirmed.json()["confirmed"] is True
    standings = api.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    assert standings["games_recorded"] == 1
    assert standings["rows"][0]["bounty"] == 2500 + 150 + 1400
    assert AuditEntry.objects.filter(action="result_confirmed").count() == 1


def test_a_correction_needs_a_new_confirmation_by_someone_else(api, double_checked):
    tournament, game = double_checked
    first, second = factories.make_referee(), factories.make_referee()
    api.force_authenticate(first)
    api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json")
    api.force_authenticate(second)
    api.post(f"/api/games/{game.pk}/confirm/", {"version": 1}, format="json")
    # the confirmer corrects the sheet: their own version needs the other referee now
    corrected = {**SHERIFF_WINS, "version": 1, "reason": "Hilfssheriff hatte 2 Leben"}
    corrected["seats"] = [dict(s) for s in SHERIFF_WINS["seats"]]
    corrected["seats"][4]["lives"] = 2
    assert api.put(f"/api/games/{game.pk}/result/", corrected, format="json").status_code == 200
    assert api.get(f"/api/tournaments/{tournament.pk}/standings/").json()["games_recorded"] == 0
    own = api.post(f"/api/games/{game.pk}/confirm/", {"version": 2}, format="json")
    assert own.status_code == 403
    api.force_authenticate(first)
    stale = api.post(f"/api/games/{game.pk}/confirm/", {"version": 1}, format="json")
    assert stale.status_code == 409
    assert (
        api.post(f"/api/games/{game.pk}/confirm/", {"version": 2}, format="json").status_code == 200
    )
    assert api.get(f"/api/tournaments/{tournament.pk}/standings/").json()["games_recorded"] == 1


def test_the_audit_log_shows_every_change_to_organisers_only(api, double_checked):
    tournament, game = double_checked
    referee = factories.make_referee()
    api.force_authenticate(referee)
    api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json")
    assert api.get(f"/api/tournaments/{tournament.pk}/audit/").status_code == 403
    api.force_authenticate(factories.make_organiser())
    entries = api.get(f"/api/tournaments/{tournament.pk}/audit/").json()
    actions = [e["action"] for e in entries]
    assert actions == [
        "tournament_created",
        "participants_registered",
        "group_stage_drawn",
        "result_recorded",
    ]
    recorded = entries[-1]
    assert recorded["actor"] == referee.username and recorded["before"] is None
    assert recorded["after"]["version"] == 1 and len(recorded["after"]["seats"]) == 5


def test_confirm_requires_the_version_one_has_seen(api, double_checked):
    tournament, game = double_checked
    first, second = factories.make_referee(), factories.make_referee()
    api.force_authenticate(first)
    api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json")
    api.force_authenticate(second)
    for body in ({}, {"version": None}):
        missing = api.post(f"/api/games/{game.pk}/confirm/", body, format="json")
        assert missing.status_code == 400
        assert missing.json()["errors"][0]["code"] == "version_required"
    stale = api.post(f"/api/games/{game.pk}/confirm/", {"version": 7}, format="json")
    assert stale.status_code == 409
    assert stale.json()["errors"][0]["code"] == "version_conflict"
    assert not AuditEntry.objects.filter(action="result_confirmed").exists()
    assert api.get(f"/api/tournaments/{tournament.pk}/standings/").json()["games_recorded"] == 0
