"""PDF and spreadsheet endpoints (``/api/tournaments/{id}/….pdf|.xlsx``, participant import).

The suffixes are literal parts of the paths, not DRF format suffixes.
"""

from django.urls import path

from . import documents

urlpatterns = [
    path(
        "tournaments/<id:tournament_id>/scoresheets.pdf",
        documents.ScoresheetsPdfApi.as_view(),
        name="api-scoresheets",
    ),
    path(
        "tournaments/<id:tournament_id>/seating.pdf",
        documents.SeatingPdfApi.as_view(),
        name="api-seating-pdf",
    ),
    path(
        "tournaments/<id:tournament_id>/standings.pdf",
        documents.StandingsPdfApi.as_view(),
        name="api-standings-pdf",
    ),
    path(
        "tournaments/<id:tournament_id>/standings.xlsx",
        documents.StandingsXlsxApi.as_view(),
        name="api-standings-xlsx",
    ),
    path(
        "tournaments/<id:tournament_id>/results.xlsx",
        documents.ResultsXlsxApi.as_view(),
        name="api-results-xlsx",
    ),
    path(
        "tournaments/<id:tournament_id>/ranking.pdf",
        documents.RankingPdfApi.as_view(),
        name="api-ranking-pdf",
    ),
    path(
        "tournaments/<id:tournament_id>/participants/import/",
        documents.ParticipantImportApi.as_view(),
        name="api-participants-import",
    ),
]
