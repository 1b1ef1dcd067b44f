"""The season ranking as a workbook and a PDF (api.md: ranking.xlsx, ranking.pdf)."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import selectors, services

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(organiser):
    anna = services.player_create(name="Anna Amsel", nationality="DE")
    one = finished_tournament(
        ["Anna Amsel", *names("A", 9)],
        organiser=organiser,
        seed="d1",
        players={"Anna Amsel": anna},
        name="Frühjahrscup",
    )
    two = finished_tournament(
        ["Anna Amsel", *names("B", 9)],
        organiser=organiser,
        seed="d2",
        players={"Anna Amsel": anna},
        name="Herbstcup",
    )
    season = services.season_create(name="Saison 2027", best_of=1, qualifiers=2, actor=organiser)
    services.season_tournament_add(season=season, tournament=one, weight=1)
    services.season_tournament_add(season=season, tournament=two, weight=2)
    return season


def test_the_workbook_lists_every_row_and_result_to_one_decimal(api, season):
    response = api.get(f"/api/seasons/{season.pk}/ranking.xlsx")
    assert response.status_code == 200
    assert (
        response["Content-Disposition"] == 'attachment; filename="saison-2027-season-ranking.xlsx"'
    )
    book = load_workbook(io.BytesIO(response.content))
    ranking, results = book.worksheets
    header, *rows = list(ranking.iter_rows(values_only=True))
    assert header[:4] == ("Rank", "Name", "Nat.", "Score")
    assert header[-1] == "Rating (unofficial)"
    standing = selectors.season_standing(season)
    assert len(rows) == len(standing.rows) + len(standing.unranked) == 19
    anna = next(r for r in rows if r[1] == "Anna Amsel")
    row = next(r for r in standing.rows if r.name == "Anna Amsel")
    assert anna[3] == round(float(row.score), 1) and anna[4] == 2
    _header, *lines = list(results.iter_rows(values_only=True))
    annas = [line for line in lines if line[0] == "Anna Amsel"]
    assert sorted(line[1] for line in annas) == ["Frühjahrscup", "Herbstcup"]
    assert sorted(line[4] for line in annas) == [False, True]  # best_of 1


def test_the_pdf_shows_the_ranking_the_results_and_the_unofficial_rating(api, season):
    response = api.get(f"/api/seasons/{season.pk}/ranking.pdf", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = " ".join(
        " ".join((p.extract_text() or "").split())
        for p in PdfReader(io.BytesIO(response.content)).pages
    )
    assert "Saison 2027" in text and "Saisonwertung" in text
    assert "Anna Amsel" in text and "Herbstcup" in text
    assert "inoffiziell" in text
    assert "2 Plätze qualifizieren sich." in text
