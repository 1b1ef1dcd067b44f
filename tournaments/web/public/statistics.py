"""The statistics page: how often each side won, as numbers and as SVG charts.

Words used here (the figures themselves are ``scoring.statistics``):

- A **chart** is server-rendered SVG, scaled by its ``viewBox`` to the page's
  width (a 360 px phone too) and printable; no script draws it.
- A **bar** is one rate (a side's wins, or the Law's wins in one round) with
  its **whisker**, the 95 % Wilson interval. Geometry is computed here in
  chart units; the template only places it.

``statistics`` is one tournament's page; ``server_statistics`` every
tournament of one ruleset (``?ruleset=showdown``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from scoring.rulesets import ROLES_BY_PLAYER_COUNT, Role, Ruleset, Side, side_label
from scoring.statistics import SizeStatistics, Statistics
from tournaments import selectors
from tournaments.web.public.common import base_context, load_tournament

#: Chart units: the side chart's label column and bar area, one row's height.
WIDTH = 320
LABEL_WIDTH = 92
BAR_LEFT = 96
BAR_WIDTH = 184
ROW_HEIGHT = 30
#: The round chart's plot height and top margin.
ROUND_PLOT_HEIGHT = 120
ROUND_TOP = 16
ROUND_LEFT = 40

SIDE_CLASSES = {Side.LAW: "law", Side.OUTLAWS: "outlaws", Side.RENEGADE: "renegade"}
#: Short names of the sides, to fit the chart's label column on a phone.
SIDE_SHORT = {Side.LAW: _("Law"), Side.OUTLAWS: _("Outlaws"), Side.RENEGADE: _("Renegade")}


@dataclass(frozen=True)
class Bar:
    """One rate and its interval, placed in chart units."""

    label: str
    short_label: str
    css: str
    wins: int
    games: int
    rate: float
    low: float
    high: float
    # Geometry: the bar's rectangle and the whisker's ends.
    x: float
    y: float
    width: float
    height: float
    whisker_a: float  # x (side chart) or y (round chart) of the interval's low end
    whisker_b: float
    whisker_at: float  # the whisker's y (side chart) or x (round chart)
    text_x: float
    text_y: float

    @property
    def rate_text(self) -> str:
        return _percent(self.rate)

    @property
    def interval_text(self) -> str:
        return f"{self.low * 100:.0f}–{_percent(self.high)}"


def _percent(value: float) -> str:
    return f"{value * 100:.0f}\u202f%"


def side_bars(table: SizeStatistics) -> list[Bar]:
    """Horizontal bars, one per side: rate and interval on a 0..100 % axis."""
    bars = []
    for row, count in enumerate(table.sides):
        low, high = count.ci95
        y = row * ROW_HEIGHT + 6
        bars.append(
            Bar(
                label=str(side_label(count.side, table.size)),
                short_label=str(SIDE_SHORT[count.side]),
                css=SIDE_CLASSES[count.side],
                wins=count.wins,
                games=count.games,
                rate=count.rate,
                low=low,
                high=high,
                x=BAR_LEFT,
                y=y,
                width=round(count.rate * BAR_WIDTH, 1),
                height=ROW_HEIGHT - 12,
                whisker_a=round(BAR_LEFT + low * BAR_WIDTH, 1),
                whisker_b=round(BAR_LEFT + high * BAR_WIDTH, 1),
                whisker_at=y + (ROW_HEIGHT - 12) / 2,
                text_x=BAR_LEFT + BAR_WIDTH + 4,
                text_y=y + ROW_HEIGHT / 2 - 2,
            )
        )
    return bars


def round_bars(table: SizeStatistics) -> list[Bar]:
    """Vertical bars, one per round: the Law's win rate with its interval."""
    columns = max(len(table.law_by_round), 1)
    step = (WIDTH - ROUND_LEFT) / columns
    bars = []
    for index, count in enumerate(table.law_by_round):
        low, high = count.ci95
        x = ROUND_LEFT + index * step + step * 0.2
        height = round(count.rate * ROUND_PLOT_HEIGHT, 1)
        bottom = ROUND_TOP + ROUND_PLOT_HEIGHT
        bars.append(
            Bar(
                label=str(count.round),
                short_label=str(count.round),
                css="law",
                wins=count.wins,
                games=count.games,
                rate=count.rate,
                low=low,
                high=high,
                x=round(x, 1),
                y=round(bottom - height, 1),
                width=round(step * 0.6, 1),
                height=height,
                whisker_a=round(bottom - low * ROUND_PLOT_HEIGHT, 1),
                whisker_b=round(bottom - high * ROUND_PLOT_HEIGHT, 1),
                whisker_at=round(x + step * 0.3, 1),
                text_x=round(x + step * 0.3, 1),
                text_y=bottom + 14,
            )
        )
    return bars


def _context(statistics: Statistics) -> dict[str, Any]:
    sizes = []
    for table in statistics.tables:
        sizes.append(
            {
                "table": table,
                # A table of 4 has no Deputy: no line about a Deputy eliminating the Sheriff.
                "has_deputy": Role.DEPUTY in ROLES_BY_PLAYER_COUNT.get(table.size, (Role.DEPUTY,)),
                "side_bars": side_bars(table),
                "side_height": len(table.sides) * ROW_HEIGHT + 20,
                "round_bars": round_bars(table),
                "round_height": ROUND_TOP + ROUND_PLOT_HEIGHT + 22,
            }
        )
    bottom = ROUND_TOP + ROUND_PLOT_HEIGHT
    return {
        "statistics": statistics,
        "sizes": sizes,
        "chart": {
            "width": WIDTH,
            "label_width": LABEL_WIDTH,
            "bar_left": BAR_LEFT,
            "bar_right": BAR_LEFT + BAR_WIDTH,
            "bar_width": BAR_WIDTH,
            "bar_middle": BAR_LEFT + BAR_WIDTH / 2,
            "plot_left": ROUND_LEFT,
            "plot_top": ROUND_TOP,
            "plot_bottom": bottom,
            "plot_middle": ROUND_TOP + ROUND_PLOT_HEIGHT / 2,
        },
    }


def statistics(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One tournament's statistics of its counted group games."""
    tournament = load_tournament(tournament_id)
    context = {
        **base_context(tournament, "statistics"),
        **_context(selectors.tournament_statistics(tournament)),
        "heading": _("Statistics"),
        "xlsx": True,
    }
    return render(request, "tournaments/public/statistics.html", context)


def server_statistics(request: HttpRequest) -> HttpResponse:
    """Every tournament of one ruleset (``?ruleset=``, BANG! by default)."""
    rulesets = {r.value: r for r in Ruleset}
    ruleset = rulesets.get(request.GET.get("ruleset", ""), Ruleset.BANG)
    context = {
        **_context(selectors.ruleset_statistics(ruleset)),
        "heading": _("Statistics of all tournaments: %(ruleset)s") % {"ruleset": ruleset.label},
        "rulesets": [(r, r == ruleset) for r in Ruleset],
    }
    return render(request, "tournaments/public/statistics.html", context)
