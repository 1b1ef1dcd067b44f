"""Printed paper: scoresheets, the seating list, the standings and the final ranking.

Every document is an ordinary Django template (``templates/tournaments/pdf/``)
with print CSS (``@page``), rendered to HTML in the *tournament's* language
and turned into a PDF by WeasyPrint. Words used here:

- **scoresheet**: one A4 page for one game (see ``documents.scoresheets``).
- **seating list**: every participant, alphabetically, with their table and
  position; hung on the wall.
- **tie-break sentence**: the line above the printed standings that says in
  which order the metrics decide ("Ranked by bounty, then ..."), made from
  ``Standings.metrics`` like the ranking columns below it.

Documents never load anything from the network: the CSS is inlined, the QR
code is a ``data:`` URI and the URL fetcher refuses every other scheme. Player
names are user input and are escaped by the template engine like on any page.
"""

from __future__ import annotations

import logging
from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from scoring.standings import Metric
from tournaments import selectors
from tournaments.errors import ErrorItem
from tournaments.models import Stage, Tournament
from tournaments.selectors import GameView

from .base import PDF, AbsoluteUri, Audience, Exporter, NothingToPrint, register, relative
from .scoresheets import ScoresheetParameters, build_scoresheets, scoresheet_games

__all__ = [
    "ALLOWED_SCHEMES",
    "RANKED_BY",
    "PdfExporter",
    "RankingPdf",
    "ScoresheetsPdf",
    "SeatingPdf",
    "StandingsLine",
    "StandingsPdf",
    "html_to_pdf",
    "offline_url_fetcher",
    "ranked_by",
    "render_html",
    "scoresheets_html",
    "scoresheets_pdf",
    "seating_html",
    "standings_html",
]

#: The only URL scheme a document may load: inline data (the QR code).
ALLOWED_SCHEMES = frozenset({"data"})


def offline_url_fetcher() -> Any:
    """A WeasyPrint URL fetcher that refuses http(s), file and every scheme but ``data:``.

    A venue's network is unreliable and a document must not reach out anyway:
    fonts are system fonts (DejaVu Sans), styles are inline.
    """
    # WeasyPrint is slow to import and only the documents need it.
    from weasyprint.urls import URLFetcher

    return URLFetcher(allowed_protocols=ALLOWED_SCHEMES, allow_redirects=False)


def html_to_pdf(html: str) -> bytes:
    """Turn rendered HTML into PDF bytes, without any network access.

    WeasyPrint is imported on first use: it is slow to import and only the
    document views need it.
    """
    # WeasyPrint logs every layout step at INFO; a line per page would drown the log.
    logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)
    import weasyprint

    document = weasyprint.HTML(
        string=html,
        base_url=str(settings.BASE_DIR / "templates"),
        url_fetcher=offline_url_fetcher(),
    )
    content: bytes = document.write_pdf()
    return content


def render_html(tournament: Tournament, template_name: str, context: dict[str, Any]) -> str:
    """Render a document template in the tournament's language."""
    with translation.override(tournament.language):
        return render_to_string(
            template_name,
            {
                "tournament": tournament,
                "language": tournament.language,
                "ruleset_bang": tournament.ruleset == Tournament.RulesetChoice.BANG,
                **context,
            },
        )


class PdfExporter(Exporter):
    """A printed document: shown in the browser, printed from there.

    Subclasses write ``html()`` (``prepare``); ``finish`` turns it into PDF.
    """

    media_type = PDF
    extension = "pdf"
    attachment = False

    @abstractmethod
    def html(self, tournament: Tournament, *, absolute_uri: AbsoluteUri, **params: Any) -> str:
        """The document's HTML in the tournament's language (``render_html``)."""

    def prepare(
        self, tournament: Tournament, *, absolute_uri: AbsoluteUri = relative, **params: Any
    ) -> str:
        return self.html(tournament, absolute_uri=absolute_uri, **params)

    def finish(self, prepared: Any) -> bytes:
        return html_to_pdf(prepared)


# --------------------------------------------------------------------------- scoresheets


def scoresheets_html(
    tournament: Tournament, games: Sequence[GameView], *, absolute_uri: AbsoluteUri
) -> str:
    """The HTML of a scoresheet document: one page per game."""
    sheets = build_scoresheets(tournament, games, absolute_uri=absolute_uri)
    return render_html(tournament, "tournaments/pdf/scoresheets.html", {"sheets": sheets})


def scoresheets_pdf(
    tournament: Tournament, games: Sequence[GameView], *, absolute_uri: AbsoluteUri
) -> bytes:
    """Scoresheets for the given games as one PDF, one A4 page per game."""
    return html_to_pdf(scoresheets_html(tournament, games, absolute_uri=absolute_uri))


@register
class ScoresheetsPdf(PdfExporter):
    """The scoresheets of one round (``stage``, ``part``, ``round``), or of one ``table`` in it."""

    identifier = "scoresheets_pdf"
    verbose_name = gettext_lazy("Scoresheets (PDF)")
    filename_word = gettext_lazy("scoresheets")
    audience = Audience.REFEREE
    parameters = ScoresheetParameters
    error_codes: ClassVar[dict[int, list[str]]] = {404: ["no_games"]}

    def html(self, tournament: Tournament, *, absolute_uri: AbsoluteUri, **params: Any) -> str:
        """Raises ``NothingToPrint`` if the round (or the table) has no game."""
        stage: str = params.get("stage", Stage.GROUP)
        round_: int = params["round"]
        table: int | None = params.get("table")
        games = scoresheet_games(
            tournament, stage=stage, round=round_, table=table, part=params.get("part")
        )
        if not games:
            raise NothingToPrint(
                ErrorItem(
                    code="no_games",
                    message=(
                        _("Table %(table)s plays no game in this round.") % {"table": table}
                        if table is not None
                        else _("There are no games in this round.")
                    ),
                    field="table" if table is not None else "round",
                )
            )
        return scoresheets_html(tournament, games, absolute_uri=absolute_uri)

    def filename_parts(self, **params: Any) -> tuple[object, ...]:
        table = params.get("table")
        part = params.get("part")
        stage = params.get("stage", Stage.GROUP)
        parts = (self.filename_word, stage, *(() if part is None else (part,)), params["round"])
        return parts if table is None else (*parts, table)


# --------------------------------------------------------------------------- seating list


def seating_html(tournament: Tournament, *, stage: str | None = None) -> str:
    """The seating list for the wall: alphabetical by name, two columns."""
    seating = selectors.current_seating(tournament, stage=stage)
    draw = getattr(tournament, "group_draw", None) if seating.stage == Stage.GROUP else None
    return render_html(
        tournament,
        "tournaments/pdf/seating.html",
        {
            "entries": seating.alphabetical(active_only=True),
            "stage_label": Stage(seating.stage).label,
            "knockout": seating.stage == Stage.KNOCKOUT,
            "round": seating.round,
            "seed": draw.seed if draw else "",
        },
    )


@register
class SeatingPdf(PdfExporter):
    """The seating list of the current stage, for the wall."""

    identifier = "seating_pdf"
    verbose_name = gettext_lazy("Seating list (PDF)")
    filename_word = gettext_lazy("seating")

    def html(self, tournament: Tournament, *, absolute_uri: AbsoluteUri, **params: Any) -> str:
        return seating_html(tournament)


# --------------------------------------------------------------------------- standings

#: How each metric reads after "Ranked by" (German needs another case there);
#: a metric missing here is named by its ``name``.
RANKED_BY = {
    "bounty": pgettext_lazy("ranked by", "bounty"),
    "table_rank": pgettext_lazy("ranked by", "placement at the own table"),
    "wins": pgettext_lazy("ranked by", "games won"),
    "lives": pgettext_lazy("ranked by", "lives left"),
}


def ranked_by(metrics: Sequence[Metric]) -> str:
    """The tie-break sentence for ``metrics`` in the active language, e.g.
    "Ranked by bounty, then placement at the own table, games won, lives left."."""
    phrases = [str(RANKED_BY.get(metric.key, metric.name)) for metric in metrics]
    if not phrases:
        return ""
    first, *rest = phrases
    if not rest:
        return _("Ranked by %(first)s.") % {"first": first}
    then = ", ".join(rest[:-1])
    if then:
        then = pgettext("tie-break list, before the last item", "%(items)s, %(last)s") % {
            "items": then,
            "last": rest[-1],
        }
    else:
        then = rest[-1]
    return _("Ranked by %(first)s, then %(rest)s.") % {"first": first, "rest": then}


@dataclass(frozen=True)
class StandingsLine:
    """A row of the printed standings with its metric values, in the metrics' order."""

    row: selectors.StandingRow
    metrics: tuple[int | None, ...]


def standings_html(tournament: Tournament) -> str:
    """The current group-stage standings (rules.md §6)."""
    standings = selectors.group_standings(tournament)
    with translation.override(tournament.language):
        return render_html(
            tournament,
            "tournaments/pdf/standings.html",
            {
                "standings": standings,
                "lines": [
                    StandingsLine(row, tuple(row.metric(m.key) for m in standings.metrics))
                    for row in standings.rows
                ],
                "ranked_by": ranked_by(standings.metrics),
            },
        )


@register
class StandingsPdf(PdfExporter):
    """The current group-stage standings, a column per tie-break metric."""

    identifier = "standings_pdf"
    verbose_name = gettext_lazy("Standings (PDF)")
    filename_word = gettext_lazy("standings")

    def html(self, tournament: Tournament, *, absolute_uri: AbsoluteUri, **params: Any) -> str:
        return standings_html(tournament)


# --------------------------------------------------------------------------- final ranking


@register
class RankingPdf(PdfExporter):
    """The final ranking; provisional until the knockout has ended."""

    identifier = "ranking_pdf"
    verbose_name = gettext_lazy("Ranking (PDF)")
    filename_word = gettext_lazy("ranking")

    def html(self, tournament: Tournament, *, absolute_uri: AbsoluteUri, **params: Any) -> str:
        """The final ranking (rules.md §8), provisional until the knockout has ended."""
        ranking = selectors.final_ranking(tournament)
        return render_html(tournament, "tournaments/pdf/ranking.html", {"ranking": ranking})
