"""The season ranking as a workbook and a PDF (rules.md §13).

Season exporters have ``scope = "season"``: they render a ``Season`` with
``render_season`` (in the request's language: a season has none of its own).
Points are shown to one decimal, as rules.md says; the rating is marked
unofficial.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from tournaments import selectors
from tournaments.live.seasons import season_standing

from .base import PDF, XLSX, AbsoluteUri, Exporter, register, relative
from .pdf import html_to_pdf
from .xlsx import Column, SheetSpec, write_xlsx

if TYPE_CHECKING:
    from tournaments.models import Season, Tournament

__all__ = ["SeasonExporter", "SeasonRankingPdf", "SeasonRankingXlsx", "season_ranking_rows"]

ONE_DECIMAL = "#,##0.0"


class SeasonExporter(Exporter):
    scope = "season"

    def render(
        self, tournament: Tournament, *, absolute_uri: AbsoluteUri = relative, **params: Any
    ) -> bytes:
        raise TypeError("a season document renders a season: call render_season")

    @abstractmethod
    def render_season(self, season: Season) -> bytes:
        """The document's bytes for ``season``."""

    def season_filename(self, season: Season) -> str:
        from django.utils.text import slugify

        stem = slugify(season.name) or "season"
        return f"{stem}-{slugify(str(self.filename_word))}.{self.extension}"


def season_ranking_rows(standing: selectors.SeasonStanding) -> Iterator[list[Any]]:
    for row in [*standing.rows, *standing.unranked]:
        yield [
            row.rank if row.rank is not None else "",
            row.name,
            row.nationality,
            round(float(row.score), 1),
            row.events,
            round(float(row.best), 1),
            bool(row.qualified),
            round(row.rating, 2) if row.rating is not None else "",
        ]


@register
class SeasonRankingXlsx(SeasonExporter):
    """The season ranking as a workbook: one row per player, then their results."""

    identifier = "season_ranking_xlsx"
    verbose_name = _("Season ranking (Excel)")
    media_type = XLSX
    extension = "xlsx"
    attachment = True
    filename_word = _("season ranking")

    def render_season(self, season: Season) -> bytes:
        standing = season_standing(season)
        names = {line.tournament: line.name for line in standing.tournaments}
        ranking = SheetSpec(
            title=_("Season ranking"),
            columns=[
                Column(_("Rank"), 6),
                Column(_("Name"), 28),
                Column(_("Nat."), 6),
                Column(_("Score"), 10, ONE_DECIMAL),
                Column(_("Results"), 8),
                Column(_("Best result"), 10, ONE_DECIMAL),
                Column(_("Qualified"), 10),
                Column(_("Rating (unofficial)"), 12),
            ],
            rows=season_ranking_rows(standing),
        )
        results = SheetSpec(
            title=_("Results"),
            columns=[
                Column(_("Name"), 28),
                Column(_("Tournament"), 30),
                Column(_("Place"), 6),
                Column(_("Season points"), 12, ONE_DECIMAL),
                Column(_("Counted"), 8),
            ],
            rows=(
                [row.name, names[r.tournament], r.place, round(float(r.points), 1), r.counted]
                for row in [*standing.rows, *standing.unranked]
                for r in row.results
            ),
        )
        return write_xlsx([ranking, results])


@register
class SeasonRankingPdf(SeasonExporter):
    """The season ranking, with each player's counted and uncounted results."""

    identifier = "season_ranking_pdf"
    verbose_name = _("Season ranking (PDF)")
    media_type = PDF
    extension = "pdf"
    filename_word = _("season ranking")

    def render_season(self, season: Season) -> bytes:
        standing = season_standing(season)
        html = render_to_string(
            "tournaments/pdf/season_ranking.html",
            {"standing": standing, "season": season, "language": get_language()},
        )
        return html_to_pdf(html)
