"""The registry of exporters and the one view that serves them."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from rest_framework.test import APIClient

from tests import factories
from tournaments import documents
from tournaments.documents import PDF, XLSX, Audience, Exporter, imports
from tournaments.documents.base import filename

pytestmark = pytest.mark.django_db

#: URL name -> (exporter, query): every document path of the API.
DOCUMENT_URLS = {
    "api-scoresheets": ("scoresheets_pdf", "?stage=group&round=1"),
    "api-seating-pdf": ("seating_pdf", ""),
    "api-standings-pdf": ("standings_pdf", ""),
    "api-standings-xlsx": ("standings_xlsx", ""),
    "api-results-xlsx": ("results_xlsx", ""),
    "api-ranking-pdf": ("ranking_pdf", ""),
    "api-statistics-xlsx": ("statistics_xlsx", ""),
    "api-player-cards-pdf": ("player_cards_pdf", ""),
}


def test_every_exporter_is_registered_once_with_a_name_a_type_and_an_audience():
    registered = list(documents.exporters())
    assert [e.identifier for e in registered] == [
        "scoresheets_pdf",
        "seating_pdf",
        "standings_pdf",
        "ranking_pdf",
        "player_cards_pdf",
        "standings_xlsx",
        "results_xlsx",
        "participants_import_template_xlsx",
        "season_ranking_xlsx",
        "season_ranking_pdf",
        "statistics_xlsx",
    ]
    # Season documents render a season (``render_season``), the others a tournament.
    assert {e.identifier for e in registered if e.scope == "season"} == {
        "season_ranking_xlsx",
        "season_ranking_pdf",
    }
    for exporter in registered:
        assert documents.get(exporter.identifier) is exporter
        assert str(exporter.verbose_name)
        assert (exporter.media_type, exporter.extension, exporter.attachment) in {
            (PDF, "pdf", False),
            (XLSX, "xlsx", True),
        }
        assert isinstance(exporter.audience, Audience)
    with pytest.raises(KeyError):
        documents.get("nonsense")


def test_an_identifier_cannot_be_registered_twice():
    with pytest.raises(ValueError, match="registered twice"):

        @documents.register
        class Again(Exporter):
            identifier = "seating_pdf"

            def render(self, tournament: Any, **params: Any) -> bytes:
                return b""


def test_file_names_are_built_from_the_tournament_and_the_parts():
    tournament = factories.make_tournament(name="Deutsche Meisterschaft 2027")
    stem = "deutsche-meisterschaft-2027"
    assert filename(tournament, "standings", ext="pdf") == f"{stem}-standings.pdf"
    scoresheets = documents.get("scoresheets_pdf")
    assert scoresheets.filename(tournament, stage="knockout", round=2, table=1) == (
        f"{stem}-scoresheets-knockout-2-1.pdf"
    )


@pytest.mark.parametrize("name", DOCUMENT_URLS)
def test_each_document_path_serves_its_exporter(name, referee_api):
    identifier, query = DOCUMENT_URLS[name]
    exporter = documents.get(identifier)
    tournament = factories.drawn_tournament(10, language="en")
    response = referee_api.get(reverse(name, args=[tournament.pk]) + query)
    assert response.status_code == 200
    assert response["Content-Type"] == exporter.media_type
    assert response["Cache-Control"] == "private, no-store"  # a staff answer
    disposition = "attachment" if exporter.attachment else "inline"
    params = {"stage": "group", "round": 1} if query else {}
    assert response["Content-Disposition"] == (
        f'{disposition}; filename="{exporter.filename(tournament, **params)}"'
    )


def test_who_may_ask_follows_the_exporters_audience(referee_api):
    tournament = factories.drawn_tournament(10)
    anonymous = APIClient()
    for name, (identifier, query) in DOCUMENT_URLS.items():
        url = reverse(name, args=[tournament.pk]) + query
        expected = 401 if documents.get(identifier).audience == Audience.REFEREE else 200
        assert anonymous.get(url).status_code == expected, name
        assert referee_api.get(url).status_code == 200, name


def test_a_public_document_ignores_query_parameters_and_a_parametrised_one_refuses_unknown(
    api, referee_api
):
    tournament = factories.drawn_tournament(10)
    assert api.get(f"/api/tournaments/{tournament.pk}/seating.pdf?x=1").status_code == 200
    unknown = referee_api.get(f"/api/tournaments/{tournament.pk}/scoresheets.pdf?round=1&x=1")
    assert unknown.status_code == 400
    assert unknown.json()["errors"][0] == {
        "code": "unknown_field",
        "message": "Unknown field “x”.",
        "field": "x",
    }


def test_the_import_template_has_the_imports_columns_and_reads_back():
    tournament = factories.make_tournament(language="de")
    content = documents.get("participants_import_template_xlsx").render(tournament)
    sheet = load_workbook(io.BytesIO(content)).worksheets[0]
    rows = list(sheet.iter_rows(values_only=True))
    assert list(rows[0]) == list(imports.COLUMNS)
    assert all(imports.HEADERS[column] == column for column in imports.COLUMNS)
    parsed, problems = imports.read_participants(io.BytesIO(content))
    assert problems == []
    assert [row.item.name for row in parsed] == ["Lena Vogel", "Mia Klein"]
