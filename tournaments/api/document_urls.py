"""PDF and spreadsheet endpoints (``/api/tournaments/{id}/….pdf|.xlsx``, participant import).

The suffixes are literal parts of the paths, not DRF format suffixes. Each
document path is the one ``DocumentApi`` bound to a registered exporter.
"""

from django.urls import URLPattern, path

from tournaments import documents

from .documents import DocumentApi, ParticipantImportApi


def document(route: str, identifier: str, name: str) -> URLPattern:
    """``/api/tournaments/<id>/<route>``, served by the exporter ``identifier``."""
    documents.get(identifier)  # a typo fails when the URLs load, not on the first request
    view = DocumentApi.as_view(exporter_id=identifier)
    return path(f"tournaments/<id:tournament_id>/{route}", view, name=name)


urlpatterns = [
    document("scoresheets.pdf", "scoresheets_pdf", name="api-scoresheets"),
    document("seating.pdf", "seating_pdf", name="api-seating-pdf"),
    document("standings.pdf", "standings_pdf", name="api-standings-pdf"),
    document("standings.xlsx", "standings_xlsx", name="api-standings-xlsx"),
    document("results.xlsx", "results_xlsx", name="api-results-xlsx"),
    document("statistics.xlsx", "statistics_xlsx", name="api-statistics-xlsx"),
    document("ranking.pdf", "ranking_pdf", name="api-ranking-pdf"),
    document("player-cards.pdf", "player_cards_pdf", name="api-player-cards-pdf"),
    path(
        "tournaments/<id:tournament_id>/participants/import/",
        ParticipantImportApi.as_view(),
        name="api-participants-import",
    ),
]
