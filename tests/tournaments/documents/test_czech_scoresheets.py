"""Scoresheets follow the format (rules.md §14): the Sheriff drawn by lot, the part and
round, a "last three" box where the points table counts it, tables of 4."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from tests import factories
from tests.tournaments.services.test_parts import play_part
from tournaments import services
from tournaments.models import Game, Seat

pytestmark = pytest.mark.django_db


def _pages(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def flat(text: str) -> str:
    return " ".join(text.split())


def czech(count: int = 9):
    tournament = factories.make_tournament(format="czech_club", language="en")
    factories.add_participants(tournament, count)
    services.group_stage_draw(tournament=tournament, seed="Praha")
    return tournament


def sheets(api, tournament, query: str) -> list[str]:
    response = api.get(
        f"/api/tournaments/{tournament.pk}/scoresheets.pdf?{query}", HTTP_ACCEPT="application/pdf"
    )
    assert response.status_code == 200, response.content
    return _pages(response.content)


def test_a_czech_sheet_marks_the_sheriff_drawn_and_asks_the_last_three_at_five(referee_api):
    tournament = czech()
    pages = sheets(referee_api, tournament, "stage=group&round=2")
    games = Game.objects.filter(tournament=tournament, part=1, round=2).select_related("table")
    by_table = {game.table.number: game for game in games}
    assert len(pages) == len(by_table) == 2
    for text, (number, game) in zip(pages, sorted(by_table.items()), strict=True):
        assert f"Part I · round 2 · Table {number}" in text
        sheriff = Seat.objects.get(table=game.table, position=game.sheriff_position)
        [line] = [line for line in text.splitlines() if "SHERIFF" in line]
        assert sheriff.participant.name in line
        assert "drawn by lot" in text
        assert "the position equal to the round number" not in text
        if game.table.size == 5:
            assert "Last three Deputy only" in flat(text)
            assert "Roles: Sheriff, Renegade, Outlaw, Outlaw, Deputy." in text
        else:
            assert "Last three" not in flat(text)
            assert "Roles: Sheriff, Renegade, Outlaw, Outlaw." in text
            assert "Winner: Sheriff Outlaws Renegade" in flat(text)
        assert "the app computes the points" in text


def test_the_second_part_prints_its_own_rounds(referee_api, referee):
    tournament = czech()
    play_part(tournament, 1, referee)
    services.group_stage_draw(tournament=tournament, seed="Brno")
    latest = sheets(referee_api, tournament, "stage=group&round=1")
    assert all("Part II · round 1" in text for text in latest)
    first = sheets(referee_api, tournament, "stage=group&part=1&round=1")
    assert all("Part I · round 1" in text for text in first)
    response = referee_api.get(
        f"/api/tournaments/{tournament.pk}/scoresheets.pdf?stage=group&part=2&round=3",
        HTTP_ACCEPT="application/pdf",
    )
    assert response.status_code == 404  # part II plays two rounds


def test_a_german_sheet_reads_as_before(referee_api):
    tournament = factories.drawn_tournament(11, language="en")
    text = sheets(referee_api, tournament, "stage=group&round=2")[0]
    assert "Round 2 · Table 1" in text
    assert "Part" not in text
    assert "Last three" not in flat(text)
    assert "The Sheriff is the player at the position equal to the round number." in text
    assert "the app computes the bounty" in text
