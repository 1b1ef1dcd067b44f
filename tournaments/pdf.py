"""Printed paper: scoresheets, the seating list, the standings and the final ranking.

Every document is an ordinary Django template (``templates/tournaments/pdf/``)
with print CSS (``@page``), rendered to HTML in the *tournament's* language
and turned into a PDF by WeasyPrint. Words used here:

- **scoresheet** ("Wertungszettel", rules.md §3): one A4 page for one game,
  i.e. one table in one round, pre-filled with the players and boxes for what
  the referee enters afterwards; every player signs it.
- **seating list**: every participant, alphabetically, with their table and
  position; hung on the wall.

Documents never load anything from the network: the CSS is inlined, the QR
code is a ``data:`` URI and the URL fetcher refuses every other scheme. Player
names are user input and are escaped by the template engine like on any page.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import segno
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils import translation

from . import selectors
from .models import Game, Participant, Seat, Stage, Table, Tournament

#: Builds an absolute URL from a path (``request.build_absolute_uri`` in a view).
AbsoluteUri = Callable[[str], str]

#: Names longer than this are printed in smaller type on scoresheets.
LONG_NAME = 34

#: The only URL scheme a document may load: inline data (the QR code).
ALLOWED_SCHEMES = frozenset({"data"})


def offline_url_fetcher() -> Any:
    """A WeasyPrint URL fetcher that refuses http(s), file and every scheme but ``data:``.

    A venue's network is unreliable and a document must not reach out anyway:
    fonts are system fonts (DejaVu Sans), styles are inline.
    """
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
    return document.write_pdf()


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


# --------------------------------------------------------------------------- scoresheets


@dataclass(frozen=True)
class SheetLine:
    """One seat on a scoresheet."""

    position: int
    name: str
    is_sheriff: bool
    plays: bool
    status_label: str = ""

    @property
    def name_size(self) -> str:
        """``""``, ``"long"`` or ``"very-long"``: long names are printed smaller so
        that the row, and the page, keep their height."""
        if len(self.name) > 2 * LONG_NAME:
            return "very-long"
        return "long" if len(self.name) > LONG_NAME else ""


@dataclass(frozen=True)
class Scoresheet:
    """Everything one printed scoresheet shows."""

    game: Game
    table: Table
    lines: list[SheetLine]
    qr_data_uri: str
    result_url: str
    knockout: bool
    pick_order: list[str] = field(default_factory=list)

    @property
    def players(self) -> int:
        return sum(1 for line in self.lines if line.plays)

    @property
    def characters_revealed(self) -> int:
        return self.players + 1


def result_entry_path(tournament: Tournament, game: Game) -> str:
    """The path of the staff page that records this game's result."""
    kwargs = {"tournament_id": tournament.pk, "game_id": game.pk}
    for name in ("staff:result", "staff-result"):
        try:
            return reverse(name, kwargs=kwargs)
        except NoReverseMatch:
            continue
    return f"/t/{tournament.pk}/staff/games/{game.pk}/result/"


def qr_data_uri(url: str) -> str:
    """A QR code for ``url`` as an SVG ``data:`` URI, black on white with a quiet zone."""
    return segno.make(url, error="m", micro=False).svg_data_uri(
        scale=4, border=4, dark="#000", light="#fff"
    )


def scoresheet_games(
    tournament: Tournament, *, stage: str, round: int, table: int | None = None
) -> list[Game]:
    """The played games of one round (optionally one table), by table number."""
    games = [
        g
        for g in selectors.games_list(tournament, stage=stage, round=round)
        if g.status != Game.Status.VOID and (table is None or g.table.number == table)
    ]
    return sorted(games, key=lambda g: g.table.number)


def build_scoresheets(
    tournament: Tournament, games: Sequence[Game], *, absolute_uri: AbsoluteUri
) -> list[Scoresheet]:
    """The sheets' content, from games loaded with ``selectors.games_list``."""
    names = dict(tournament.participants.values_list("id", "name"))
    status_labels = dict(Participant.Status.choices)
    sheets = []
    for game in games:
        seats: list[Seat] = getattr(game, "seat_list", None) or list(
            game.table.seats.select_related("participant").order_by("position")
        )
        knockout = game.stage == Stage.KNOCKOUT
        lines = []
        for seat in seats:
            active = seat.participant.status == Participant.Status.ACTIVE
            plays = active or game.status == Game.Status.RECORDED
            lines.append(
                SheetLine(
                    position=seat.position,
                    name=seat.participant.name,
                    is_sheriff=not knockout and seat.position == game.sheriff_position,
                    plays=plays,
                    status_label="" if plays else str(status_labels[seat.participant.status]),
                )
            )
        url = absolute_uri(result_entry_path(tournament, game))
        sheets.append(
            Scoresheet(
                game=game,
                table=game.table,
                lines=lines,
                qr_data_uri=qr_data_uri(url),
                result_url=url,
                knockout=knockout,
                pick_order=[names.get(pid, "?") for pid in game.table.pick_order]
                if knockout
                else [],
            )
        )
    return sheets


def scoresheets_html(
    tournament: Tournament, games: Sequence[Game], *, absolute_uri: AbsoluteUri
) -> str:
    """The HTML of a scoresheet document: one page per game."""
    sheets = build_scoresheets(tournament, games, absolute_uri=absolute_uri)
    return render_html(tournament, "tournaments/pdf/scoresheets.html", {"sheets": sheets})


def scoresheets_pdf(
    tournament: Tournament, games: Sequence[Game], *, absolute_uri: AbsoluteUri
) -> bytes:
    """Scoresheets for the given games as one PDF, one A4 page per game."""
    return html_to_pdf(scoresheets_html(tournament, games, absolute_uri=absolute_uri))


# --------------------------------------------------------------------------- seating list


@dataclass(frozen=True)
class SeatingEntry:
    name: str
    table: int
    position: int


def name_sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order as people expect it: case and accents do not count first."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return (plain.casefold(), name)


def seating_entries(tournament: Tournament, tables: Iterable[Table]) -> list[SeatingEntry]:
    """Every seated participant, alphabetically, with table and position."""
    entries = [
        SeatingEntry(name=seat.participant.name, table=table.number, position=seat.position)
        for table in tables
        for seat in table.seats.all()
        if seat.participant.status == Participant.Status.ACTIVE
    ]
    return sorted(entries, key=lambda e: name_sort_key(e.name))


def seating_tables(tournament: Tournament, *, stage: str | None = None) -> tuple[str, int, list]:
    """The tables the seating list shows: the knockout's latest round once it has
    started, else the group stage. Returns ``(stage, round, tables)``."""
    knockout = Table.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT)
    if stage is None:
        stage = Stage.KNOCKOUT if knockout.exists() else Stage.GROUP
    if stage == Stage.KNOCKOUT:
        latest = knockout.order_by("-round").values_list("round", flat=True).first() or 0
        tables = list(
            knockout.filter(round=latest).prefetch_related("seats__participant").order_by("number")
        )
        return stage, latest, tables
    return Stage.GROUP, 0, selectors.group_tables(tournament)


def seating_html(tournament: Tournament, *, stage: str | None = None) -> str:
    stage, round_, tables = seating_tables(tournament, stage=stage)
    draw = getattr(tournament, "group_draw", None) if stage == Stage.GROUP else None
    return render_html(
        tournament,
        "tournaments/pdf/seating.html",
        {
            "entries": seating_entries(tournament, tables),
            "stage_label": Stage(stage).label,
            "knockout": stage == Stage.KNOCKOUT,
            "round": round_,
            "seed": draw.seed if draw else "",
        },
    )


def seating_pdf(tournament: Tournament, *, stage: str | None = None) -> bytes:
    """The seating list for the wall: alphabetical by name, two columns."""
    return html_to_pdf(seating_html(tournament, stage=stage))


# --------------------------------------------------------------------------- standings, ranking


def standings_pdf(tournament: Tournament) -> bytes:
    """The current group-stage standings (rules.md §6)."""
    standings = selectors.group_standings(tournament)
    return html_to_pdf(
        render_html(tournament, "tournaments/pdf/standings.html", {"standings": standings})
    )


def ranking_pdf(tournament: Tournament) -> bytes:
    """The final ranking (rules.md §8), provisional until the knockout has ended."""
    ranking = selectors.final_ranking(tournament)
    return html_to_pdf(
        render_html(tournament, "tournaments/pdf/ranking.html", {"ranking": ranking})
    )
