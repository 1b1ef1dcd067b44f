"""Participants of a tournament made from an event package are linked to its players
at registration: the participant form offers those not yet taken, and the Excel
import takes a ``federation_player`` column (rules.md §16)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tests.tournaments.documents.test_imports import _import, _upload
from tournaments.models import PackagePlayer, Participant

from .helpers import laptop_tournament

pytestmark = pytest.mark.django_db

NAMES = ["Anna Rossi", "Bruno Bianchi", "Chiara Conti"]


def client_for(user) -> Client:
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(user)
    return client


def ids(tournament) -> dict[str, int]:
    return {p.name: p.federation_id for p in PackagePlayer.objects.filter(tournament=tournament)}


def test_the_form_offers_the_packages_players_not_yet_taken_and_takes_the_name_over(
    organiser, django_assert_max_num_queries
):
    tournament = laptop_tournament(organiser, NAMES)
    fed = ids(tournament)
    url = reverse("staff:participants", args=[tournament.pk])
    client = client_for(organiser)
    with django_assert_max_num_queries(40):
        page = client.get(url).content.decode()
    assert 'name="federation_player"' in page
    assert all(name in page for name in NAMES)
    assert 'data-fold="anna rossi"' in page
    # Only the player is chosen: the name and nationality are the package's.
    answer = client.post(url, {"federation_player": fed["Anna Rossi"], "nationality": "DE"})
    assert answer.status_code == 302
    anna = Participant.objects.get(tournament=tournament)
    assert (anna.name, str(anna.nationality), anna.federation_player) == (
        "Anna Rossi",
        "IT",
        fed["Anna Rossi"],
    )
    page = client.get(url).content.decode()
    assert f'<option value="{fed["Anna Rossi"]}"' not in page
    assert f'<option value="{fed["Bruno Bianchi"]}"' in page
    # A name typed by the organiser is kept.
    client.post(
        url,
        {"federation_player": fed["Bruno Bianchi"], "name": "Bruno B.", "nationality": "IT"},
    )
    assert Participant.objects.get(federation_player=fed["Bruno Bianchi"]).name == "Bruno B."
    # Someone not in the package: a name is needed.
    empty = client.post(url, {"federation_player": "", "name": "", "nationality": "DE"})
    assert empty.status_code == 200 and "A name is required." in empty.content.decode()
    stale = client.post(url, {"federation_player": fed["Anna Rossi"], "nationality": "DE"})
    assert stale.status_code == 200 and "not one of the available choices" in (
        stale.content.decode()
    )
    assert tournament.participants.count() == 2


def test_a_tournament_without_a_package_has_no_package_field(organiser):
    tournament = factories.make_tournament()
    page = client_for(organiser).get(reverse("staff:participants", args=[tournament.pk]))
    assert 'name="federation_player"' not in page.content.decode()


def test_the_import_links_rows_by_a_federation_player_column(organiser_api, organiser):
    tournament = laptop_tournament(organiser, NAMES)
    fed = ids(tournament)
    rows = [
        ["Name", "Nationalität", "federation_player"],
        ["Anna Rossi", "IT", fed["Anna Rossi"]],
        ["Dario Ferri", "IT", None],
        ["Bruno Bianchi", "IT", f" {fed['Bruno Bianchi']} "],
    ]
    answer = _import(organiser_api, tournament, _upload(rows))
    assert answer.status_code == 201, answer.json()
    assert [p["federation_player"] for p in answer.json()] == [
        fed["Anna Rossi"],
        None,
        fed["Bruno Bianchi"],
    ]


def test_a_bad_federation_player_is_an_error_of_its_row_and_nothing_is_stored(
    organiser_api, organiser
):
    tournament = laptop_tournament(organiser, NAMES)
    fed = ids(tournament)
    rows = [
        ["name", "nationality", "Verbandsspieler"],
        ["Anna Rossi", "IT", "x7"],
        ["Bruno Bianchi", "IT", 999999],
        ["Chiara Conti", "IT", fed["Chiara Conti"]],
        ["Chiara C.", "IT", fed["Chiara Conti"]],
    ]
    answer = _import(organiser_api, tournament, _upload(rows))
    assert answer.status_code == 400
    assert [(e["code"], e["row"]) for e in answer.json()["errors"]] == [
        ("invalid_federation_player", 2),
        ("unknown_federation_player", 3),
        ("federation_player_already_linked", 5),
    ]
    assert not Participant.objects.exists()


def test_the_staff_link_a_registered_participant_on_their_page(referee, organiser):
    tournament = laptop_tournament(organiser, NAMES)
    fed = ids(tournament)
    bruno = Participant.objects.create(tournament=tournament, name="Bruno B.", nationality="IT")
    url = reverse("staff:participant", args=[tournament.pk, bruno.pk])
    client = client_for(referee)
    page = client.get(url).content.decode()
    assert "Player of the event package" in page and "Bruno Bianchi (IT)" in page
    client.post(url, {"action": "link_federation", "federation_player": fed["Bruno Bianchi"]})
    bruno.refresh_from_db()
    assert bruno.federation_player == fed["Bruno Bianchi"]
    assert (
        f"Linked to Bruno Bianchi (no. {fed['Bruno Bianchi']}" in client.get(url).content.decode()
    )
    client.post(url, {"action": "unlink_federation"})
    bruno.refresh_from_db()
    assert bruno.federation_player is None
    other = factories.make_tournament()
    plain = factories.add_participants(other, 1)[0]
    page = client.get(reverse("staff:participant", args=[other.pk, plain.pk])).content.decode()
    assert "Player of the event package" not in page


def test_the_import_page_keeps_the_links_while_it_asks_about_duplicates(organiser):
    tournament = laptop_tournament(organiser, NAMES)
    fed = ids(tournament)
    client = client_for(organiser)
    client.post(
        reverse("staff:participants", args=[tournament.pk]),
        {"name": "Dario Ferri", "nationality": "IT"},
    )
    rows = [
        ["name", "nationality", "federation_player"],
        ["Dario Ferri", "IT", None],
        ["Anna Rossi", "IT", fed["Anna Rossi"]],
    ]
    url = reverse("staff:participants_import", args=[tournament.pk])
    html = client.post(url, {"file": _upload(rows)}).content.decode()
    assert "row 2: registered already" in html
    token = html.split('name="token" value="')[1].split('"')[0]
    client.post(url, {"step": "confirm", "token": token, "choice": "skip"})
    anna = Participant.objects.get(tournament=tournament, name="Anna Rossi")
    assert anna.federation_player == fed["Anna Rossi"]
