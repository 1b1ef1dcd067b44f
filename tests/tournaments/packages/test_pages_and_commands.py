"""Event packages on the staff pages and through manage.py (rules.md §16): the season's
organisers make and download one; a laptop takes the file."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tournaments import services
from tournaments.models import EventPackage, PackagePlayer, Tournament, TournamentStaff

from .helpers import make_package, season_with_players

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(user)
    return client


def test_a_seasons_organiser_makes_a_package_and_downloads_it(organiser):
    season, players = season_with_players(organiser, ["Anna Rossi", "Bruno Bianchi"])
    anna, bruno = players
    # Anna played a tournament of the season: the form offers her, ticked.
    cup = factories.make_tournament()
    services.participants_register(
        tournament=cup,
        items=[services.ParticipantInput(name="Anna Rossi", nationality="IT", player=anna.pk)],
    )
    services.season_tournament_add(season=season, tournament=cup, weight=1)
    url = reverse("staff:season_packages", args=[season.pk])
    assert client_for(factories.make_organiser(tournament="nowhere")).get(url).status_code == 403
    client = client_for(organiser)
    page = client.get(url).content.decode()
    assert "Anna Rossi (IT)" in page and "Bruno Bianchi" not in page
    form = {
        "name": "Tappa Bologna",
        "date": "2027-05-01",
        "ruleset": "bang",
        "format": "czech_club",
        "players": [anna.pk],
        "more": f"{bruno.pk}, 999999",
    }
    refused = client.post(url, form)
    assert refused.status_code == 200
    assert "There is no player with the id 999999." in refused.content.decode()
    assert not EventPackage.objects.exists()
    answer = client.post(url, {**form, "more": str(bruno.pk)}, follow=True)
    assert "is ready to download" in answer.content.decode()
    package = EventPackage.objects.get()
    assert [p["id"] for p in package.content["players"]] == [anna.pk, bruno.pk]
    file = client.get(reverse("staff:season_package_file", args=[season.pk, package.uuid]))
    assert file["Content-Disposition"].startswith("attachment")
    assert json.loads(file.content) == package.content


def test_a_laptop_organiser_creates_the_tournament_from_the_file_once(organiser):
    content = make_package(organiser)
    laptop = factories.make_organiser(tournament="nowhere")
    url = reverse("staff:tournament_from_package")
    assert client_for(factories.make_user()).get(url).status_code == 403
    client = client_for(laptop)

    def upload(data: bytes):
        return client.post(url, {"file": SimpleUploadedFile("p.json", data)}, follow=True)

    assert "not an event package" in upload(b"{not json").content.decode()
    assert "not an event package" in upload(b'{"package": "x"}').content.decode()
    answer = upload(json.dumps(content).encode())
    assert "has been created from the event package" in answer.content.decode()
    tournament = Tournament.objects.get(package=content["package"])
    assert TournamentStaff.objects.filter(tournament=tournament, user=laptop).exists()
    assert PackagePlayer.objects.filter(tournament=tournament).count() == 2
    again = upload(json.dumps(content).encode())
    assert "already been created from this package" in again.content.decode()
    assert Tournament.objects.filter(package=content["package"]).count() == 1


def test_the_commands_make_a_package_and_create_its_tournament(organiser, tmp_path):
    season, players = season_with_players(organiser, ["Anna Rossi", "Bruno Bianchi"])
    path = tmp_path / "package.json"
    call_command(
        "make_package",
        str(season.pk),
        "--name=Tappa Roma",
        "--date=2027-06-05",
        f"--players={players[0].pk},{players[1].pk}",
        f"--output={path}",
        stderr=StringIO(),
    )
    content = json.loads(path.read_text())
    assert content["tournament"]["name"] == "Tappa Roma"
    with pytest.raises(CommandError, match="no player"):
        call_command(
            "make_package", str(season.pk), "--name=X", "--date=2027-06-05", "--players=999999"
        )
    out = StringIO()
    call_command("create_from_package", str(path), f"--organiser={organiser.username}", stdout=out)
    assert "with 2 players of the package" in out.getvalue()
    tournament = Tournament.objects.get(package=content["package"])
    assert tournament.name == "Tappa Roma"
    with pytest.raises(CommandError, match="already been created"):
        call_command("create_from_package", str(path))
