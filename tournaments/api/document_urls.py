"""PDF and spreadsheet endpoints (``/api/tournaments/{id}/….pdf|.xlsx``, participant import)."""

urlpatterns: list = []
