"""Seasons through the API: create, tournaments with weights, the season's own staff."""

from __future__ import annotations

import pytest

from tests import factories
from tournaments import services
from tournaments.models import AuditEntry, SeasonStaff

pytestmark = pytest.mark.django_db


def test_create_with_settings_by_organisers_group_and_its_creator_organises(api, organiser):
    body = {"name": "Saison 2027", "settings": {"best_of": 5, "min_events": 1, "qualifiers": 8}}
    assert api.post("/api/seasons/", body, format="json").status_code == 401
    api.force_authenticate(factories.make_user())
    assert api.post("/api/seasons/", body, format="json").status_code == 403
    api.force_authenticate(organiser)
    answer = api.post("/api/seasons/", body, format="json")
    assert answer.status_code == 201
    season = answer.json()
    assert season["name"] == "Saison 2027"
    assert season["settings"] == {"best_of": 5, "min_events": 1, "qualifiers": 8}
    assert season["tournaments"] == [] and season["archives"] == []
    assert SeasonStaff.objects.get(season_id=season["id"]).user == organiser
    defaults = api.post("/api/seasons/", {"name": "S"}, format="json").json()
    assert defaults["settings"] == {"best_of": 5, "min_events": 1, "qualifiers": 0}
    bad = api.post("/api/seasons/", {"name": "S", "settings": {"best_of": 0}}, format="json")
    assert bad.status_code == 400
    assert [s["id"] for s in api.get("/api/seasons/").json()] == [season["id"], defaults["id"]]
    assert api.get(f"/api/seasons/{season['id']}/").json()["name"] == "Saison 2027"


def test_tournaments_with_weights_by_the_seasons_organisers(api, organiser):
    season = services.season_create(name="S", actor=organiser)
    tournament = factories.make_tournament()
    url = f"/api/seasons/{season.pk}/tournaments/"
    stranger = factories.make_organiser(tournament="nowhere")
    api.force_authenticate(stranger)
    assert api.post(url, {"tournament": tournament.pk}, format="json").status_code == 403
    api.force_authenticate(organiser)
    answer = api.post(url, {"tournament": tournament.pk, "weight": 2.0}, format="json")
    assert answer.status_code == 201
    assert answer.json() == {"tournament": tournament.pk, "weight": 2.0}
    again = api.post(url, {"tournament": tournament.pk}, format="json")
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "already_in_season"
    unknown = api.post(url, {"tournament": 999999}, format="json")
    assert unknown.status_code == 400
    assert unknown.json()["errors"][0]["code"] == "unknown_tournament"
    assert api.get(f"/api/seasons/{season.pk}/").json()["tournaments"] == [
        {"tournament": tournament.pk, "weight": 2.0}
    ]
    assert api.delete(f"{url}{tournament.pk}/").status_code == 204
    assert api.delete(f"{url}{tournament.pk}/").status_code == 404
    actions = AuditEntry.objects.filter(object_type="Season").values_list("action", flat=True)
    assert list(actions) == [
        "season_created",
        "season_tournament_added",
        "season_tournament_removed",
    ]


def test_the_seasons_staff_like_a_tournaments(api, organiser):
    season = services.season_create(name="S", actor=organiser)
    helper = factories.make_user(username="helper")
    url = f"/api/seasons/{season.pk}/staff/"
    api.force_authenticate(helper)
    assert api.get(url).status_code == 403
    api.force_authenticate(organiser)
    assert api.get(url).json() == [{"user": organiser.username, "role": "organiser"}]
    answer = api.post(url, {"user": "helper", "role": "organiser"}, format="json")
    assert answer.status_code == 201
    assert api.post(url, {"user": "nobody", "role": "organiser"}, format="json").status_code == 400
    # Now one of the season's organisers (a request loads its user afresh).
    api.force_authenticate(type(helper).objects.get(pk=helper.pk))
    tournament = factories.make_tournament()
    added = api.post(
        f"/api/seasons/{season.pk}/tournaments/", {"tournament": tournament.pk}, format="json"
    )
    assert added.status_code == 201
    assert api.delete(f"{url}{organiser.username}/").status_code == 204
    last = api.delete(f"{url}helper/")
    assert last.status_code == 409 and last.json()["errors"][0]["code"] == "last_organiser"
