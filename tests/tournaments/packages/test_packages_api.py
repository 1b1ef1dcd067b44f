"""Event packages through the API (api.md "Many laptops, one season"): made by a
season's organisers, turned into a tournament on a laptop once."""

from __future__ import annotations

import uuid
from datetime import date

import pytest

from tests import factories
from tournaments import services
from tournaments.models import (
    AuditEntry,
    EventPackage,
    PackagePlayer,
    Participant,
    Tournament,
    TournamentStaff,
)

from .helpers import make_package, season_with_players

pytestmark = pytest.mark.django_db


def test_a_seasons_organisers_make_a_package_exactly_as_the_api_shows_it(api, organiser):
    season, players = season_with_players(organiser, ["Anna Rossi", "Bruno Bianchi"])
    anna, bruno = players
    # A birth date and a PIN exist on the server; a package carries neither.
    cup = factories.make_tournament()
    services.participants_register(
        tournament=cup,
        items=[
            services.ParticipantInput(
                name="Anna Rossi", nationality="IT", birth_date=date(1990, 1, 2), player=anna.pk
            )
        ],
    )
    url = f"/api/seasons/{season.pk}/packages/"
    body = {
        "name": "Tappa Bologna",
        "date": "2027-05-01",
        "format": "czech_club",
        "settings": {"max_participants": 40},
        "players": [bruno.pk, anna.pk, bruno.pk],
    }
    assert api.post(url, body, format="json").status_code == 401
    api.force_authenticate(factories.make_organiser(tournament="nowhere"))
    assert api.post(url, body, format="json").status_code == 403
    api.force_authenticate(organiser)
    answer = api.post(url, body, format="json")
    assert answer.status_code == 201, answer.json()
    package = answer.json()
    assert set(package) == {"package", "season", "tournament", "players"}
    assert uuid.UUID(package["package"])
    assert package["season"] == {"id": season.pk, "name": "Circuito 2027"}
    assert package["tournament"] == {
        "name": "Tappa Bologna",
        "date": "2027-05-01",
        "ruleset": "bang",
        "format": "czech_club",
        "settings": {"max_participants": 40},
    }
    assert package["players"] == [
        {"id": bruno.pk, "name": "Bruno Bianchi", "nationality": "IT"},
        {"id": anna.pk, "name": "Anna Rossi", "nationality": "IT"},
    ]
    assert "1990" not in answer.content.decode()
    stored = EventPackage.objects.get(uuid=package["package"])
    assert stored.season == season and stored.content == package
    assert AuditEntry.objects.filter(action="package_made", object_id=season.pk).exists()


def test_a_package_is_refused_with_an_unknown_player_or_setting_and_nothing_is_stored(
    organiser_api, organiser
):
    season, players = season_with_players(organiser, ["Anna Rossi"])
    url = f"/api/seasons/{season.pk}/packages/"
    body = {"name": "T", "date": "2027-05-01", "players": [players[0].pk, 999999]}
    unknown = organiser_api.post(url, body, format="json")
    assert unknown.status_code == 400
    assert [e["code"] for e in unknown.json()["errors"]] == ["unknown_player"]
    bad = organiser_api.post(
        url, {**body, "players": [players[0].pk], "settings": {"nonsense": 1}}, format="json"
    )
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["code"] == "unknown_setting"
    assert not EventPackage.objects.exists()


def test_a_laptop_creates_the_tournament_once_and_keeps_the_packages_players(api, organiser):
    package = make_package(organiser)
    laptop_organiser = factories.make_organiser(tournament="nowhere")
    url = "/api/tournaments/from-package/"
    assert api.post(url, package, format="json").status_code == 401
    api.force_authenticate(factories.make_user())
    assert api.post(url, package, format="json").status_code == 403
    api.force_authenticate(laptop_organiser)
    answer = api.post(url, package, format="json")
    assert answer.status_code == 201, answer.json()
    made = answer.json()
    assert (made["name"], made["date"], made["format"]) == (
        "Tappa Bologna",
        "2027-05-01",
        "czech_club",
    )
    assert made["settings"]["max_participants"] == 40
    tournament = Tournament.objects.get(pk=made["id"])
    assert str(tournament.package) == package["package"]
    assert TournamentStaff.objects.filter(
        tournament=tournament, user=laptop_organiser, role="organiser"
    ).exists()
    kept = PackagePlayer.objects.filter(tournament=tournament).order_by("federation_id")
    assert [(p.federation_id, p.name, str(p.nationality)) for p in kept] == sorted(
        (p["id"], p["name"], p["nationality"]) for p in package["players"]
    )
    again = api.post(url, package, format="json")
    assert again.status_code == 409
    assert again.json()["errors"][0]["code"] == "package_used"
    assert Tournament.objects.filter(package=package["package"]).count() == 1


def test_a_damaged_package_is_refused_and_creates_nothing(organiser_api, organiser):
    package = make_package(organiser)
    broken = {**package, "tournament": {**package["tournament"], "settings": {"nonsense": 1}}}
    answer = organiser_api.post("/api/tournaments/from-package/", broken, format="json")
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["code"] == "unknown_setting"
    missing = {k: v for k, v in package.items() if k != "players"}
    assert (
        organiser_api.post("/api/tournaments/from-package/", missing, format="json").status_code
        == 400
    )
    assert not Tournament.objects.filter(package__isnull=False).exists()
    assert not PackagePlayer.objects.exists()


def test_participants_carry_one_of_the_packages_players(organiser_api, organiser):
    package = make_package(organiser)
    made = organiser_api.post("/api/tournaments/from-package/", package, format="json").json()
    anna, bruno = (p["id"] for p in package["players"])
    url = f"/api/tournaments/{made['id']}/participants/"
    unknown = organiser_api.post(
        url, [{"name": "X", "nationality": "IT", "federation_player": 999999}], format="json"
    )
    assert unknown.status_code == 400
    assert unknown.json()["errors"][0]["code"] == "unknown_federation_player"
    twice = organiser_api.post(
        url,
        [
            {"name": "Anna", "nationality": "IT", "federation_player": anna},
            {"name": "Anna R.", "nationality": "IT", "federation_player": anna},
        ],
        format="json",
    )
    assert twice.status_code == 400
    assert twice.json()["errors"][0]["code"] == "federation_player_already_linked"
    assert not Participant.objects.exists()
    answer = organiser_api.post(
        url,
        [
            {"name": "Anna Rossi", "nationality": "IT", "federation_player": anna},
            {"name": "Carla", "nationality": "IT"},
        ],
        format="json",
    )
    assert answer.status_code == 201
    assert [p["federation_player"] for p in answer.json()] == [anna, None]
    carla = answer.json()[1]["id"]
    public = organiser_api.get(url).json()
    assert [p["federation_player"] for p in public] == [anna, None]
    detail = f"{url}{carla}/"
    taken = organiser_api.patch(detail, {"federation_player": anna}, format="json")
    assert taken.status_code == 400
    assert taken.json()["errors"][0]["code"] == "federation_player_already_linked"
    other = organiser_api.patch(detail, {"federation_player": 424242}, format="json")
    assert other.json()["errors"][0]["code"] == "unknown_federation_player"
    linked = organiser_api.patch(detail, {"federation_player": bruno}, format="json")
    assert linked.status_code == 200 and linked.json()["federation_player"] == bruno
    assert (
        organiser_api.patch(detail, {"federation_player": None}, format="json").json()[
            "federation_player"
        ]
        is None
    )
    assert AuditEntry.objects.filter(action="federation_player_linked").count() == 2


def test_a_tournament_without_a_package_has_no_federation_players(organiser_api):
    tournament = factories.make_tournament()
    answer = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/participants/",
        [{"name": "X", "nationality": "DE", "federation_player": 3}],
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["code"] == "unknown_federation_player"
