"""Birth dates and age approvals are seen only by the tournament's staff (rules.md §7,
"Personal data"): no public page, answer or document carries them."""

from __future__ import annotations

import io
from datetime import date, datetime

import pytest
from django.test import Client
from openpyxl import load_workbook

from tests import factories
from tests.test_permissions import ANYONE, MATRIX, _url
from tournaments import services

pytestmark = pytest.mark.django_db

BIRTHDAY = date(2011, 4, 5)
WRITTEN = ("2011-04-05", "05.04.2011", "5.4.2011", "04/05/2011", "Apr. 5, 2011", "April 5, 2011")


@pytest.fixture
def world() -> dict:
    tournament = factories.make_tournament()
    # Linked to a player, so that the player's pages and answers are checked too.
    player = services.player_create(name="Junge Spielerin", nationality="DE")
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(
                name="Junge Spielerin",
                nationality="DE",
                birth_date=BIRTHDAY,
                age_approved=True,
                player=player.pk,
            ),
            *factories.participant_inputs(9),
        ],
    )
    services.group_stage_draw(tournament=tournament, seed="private")
    game = tournament.games.first()
    seat = game.table.seats.select_related("participant").get(position=1)
    call = services.call_create(game=game, position=1, pin=seat.participant.pin, note="Hilfe")
    season = services.season_create(name="Saison")
    services.season_tournament_add(season=season, tournament=tournament, weight=1)
    return {
        "call_id": call.pk,
        "season_id": season.pk,
        "player_id": player.pk,
        "version": 1,
        "tournament": tournament,
        "tournament_id": tournament.pk,
        "participant_id": tournament.participants.order_by("id").first().pk,
        "game_id": tournament.games.first().pk,
    }


PUBLIC_GETS = sorted(
    name
    for name, methods in MATRIX.items()
    if methods.get("GET") == ANYONE and name not in {"api-schema", "api-docs", "login"}
)


@pytest.mark.parametrize("name", PUBLIC_GETS)
def test_no_public_answer_carries_a_birth_date(world, name):
    response = Client().get(_url(name, world))
    assert response.status_code in (200, 404), response.status_code
    if response.streaming:  # the event stream: its first event is what it tells
        body = next(iter(response.streaming_content))
        response.close()
    else:
        body = response.content
    if response.get("Content-Type", "").startswith("application/vnd.openxml"):
        cells = [
            cell
            for sheet in load_workbook(io.BytesIO(body)).worksheets
            for row in sheet.iter_rows(values_only=True)
            for cell in row
        ]
        assert not any(isinstance(c, (date, datetime)) and c.year == 2011 for c in cells)
        body = " ".join(str(c) for c in cells).encode()
    for written in WRITTEN:
        assert written.encode() not in body, (name, written)
    assert b"age_approved" not in body and b"birth_date" not in body


def test_the_staff_participant_page_shows_the_birth_date_to_staff(world):
    tournament = world["tournament"]
    client = Client()
    client.force_login(factories.make_referee(tournament=tournament))
    html = client.get(f"/t/{tournament.pk}/staff/participants/").content.decode()
    assert "Junge Spielerin" in html and any(w in html for w in WRITTEN)
    client.force_login(factories.make_referee(tournament=factories.make_tournament()))
    assert client.get(f"/t/{tournament.pk}/staff/participants/").status_code == 403
