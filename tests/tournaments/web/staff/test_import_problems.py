"""The import page (issue 32): every kind of problem of a file at once (bad rows and
names registered twice together), the ``player`` column listed, and a player link kept
through the duplicates' choice."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import Workbook

from tests import factories
from tests.language import in_english
from tournaments import services
from tournaments.models import Participant

pytestmark = pytest.mark.django_db


def workbook(*rows: tuple) -> io.BytesIO:
    book = Workbook()
    sheet = book.active
    sheet.append(["name", "nationality", "player"])
    for row in rows:
        sheet.append(list(row))
    data = io.BytesIO()
    book.save(data)
    data.seek(0)
    data.name = "players.xlsx"
    return data


@pytest.fixture
def tournament(client, organiser):
    tournament = factories.make_tournament()
    services.participants_register(
        tournament=tournament, items=[services.ParticipantInput(name="Ada", nationality="DE")]
    )
    client.force_login(organiser)
    in_english(client)
    return tournament


def upload(client, tournament, *rows):
    url = reverse("staff:participants_import", args=[tournament.pk])
    return client.post(url, {"file": workbook(*rows)})


def test_bad_rows_and_duplicates_are_reported_together(client, tournament):
    html = upload(
        client, tournament, ("Ada", "DE", None), ("Dora", "XX", None), ("Ema", "DE", 999)
    ).content.decode()
    problems = html.split('class="import-problems"')[1].split("</section>")[0]
    assert 'data-row="3"' in problems and "“XX” is not an ISO 3166 country code" in problems
    assert 'data-row="4"' in problems and "There is no player with this id." in problems
    duplicates = html.split('data-testid="import-duplicates"')[1].split("</section>")[0]
    assert "Ada" in duplicates and "row 2: registered already" in duplicates
    assert "Correct the problems above first" in duplicates
    assert 'name="choice"' not in duplicates  # nothing can be imported from this file yet
    assert Participant.objects.filter(tournament=tournament).count() == 1


def test_the_page_lists_the_player_column(client, tournament):
    html = client.get(reverse("staff:participants_import", args=[tournament.pk])).content
    columns = html.decode().split('class="data staff-table import-columns"')[1].split("</table>")[0]
    assert "<code>player</code>" in columns
    assert "the number of the player across tournaments" in columns


def test_a_player_link_survives_the_choice_about_duplicates(client, tournament):
    player = services.player_create(name="Dora Nowak")
    html = upload(client, tournament, ("Ada", "DE", None), ("Dora Nowak", "PL", player.pk))
    token = html.content.decode().split('name="token" value="')[1].split('"')[0]
    url = reverse("staff:participants_import", args=[tournament.pk])
    client.post(url, {"step": "confirm", "token": token, "choice": "skip"})
    dora = Participant.objects.get(tournament=tournament, name="Dora Nowak")
    assert dora.player_id == player.pk
