"""The knockout: its tables round by round, picks and results, and the lot draws.

Words used here:

- The **pick** column is a player's place in the table's pick order
  (seeding-list order), the order in which characters are picked.

The page refreshes itself like the leaderboard (see ``tournaments.live.pages``).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django_tables2 import RequestConfig

from tournaments import selectors
from tournaments.live.pages import LivePage, live_views
from tournaments.models import Tournament
from tournaments.web.public.common import (
    OUTCOME_LABELS,
    POLL_SECONDS,
    base_context,
    knockout_of,
    load_tournament,
)
from tournaments.web.tables import KnockoutSeatTable


def _knockout_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """Tables per round with seats, pick order and results; the lot draws."""
    tables = selectors.knockout_tables(tournament)
    rounds: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for view in tables:
        result_seats = {s.position: s for s in view.result.seats.all()} if view.result else {}
        pick_number = {p.pk: i for i, p in enumerate(view.players_in_pick_order, start=1)}
        rows = []
        for seat in view.seats:
            line = result_seats.get(seat.position)
            outcome_key = ("won" if line.won else "lost") if line else "open"
            rows.append(
                {
                    "position": seat.position,
                    "participant": seat.participant,
                    "pick": pick_number.get(seat.participant.pk),
                    "role": line.get_role_display() if line and line.role else None,
                    "outcome_key": outcome_key,
                    "outcome": OUTCOME_LABELS[outcome_key],
                }
            )
        table = view.table
        seat_table = KnockoutSeatTable(rows, tournament_id=tournament.pk, prefix=f"t{table.pk}-")
        RequestConfig(request, paginate=False).configure(seat_table)
        rounds[table.round].append(
            {"table": table, "seat_table": seat_table, "recorded": view.result is not None}
        )
    return {
        **base_context(tournament, "knockout"),
        "rounds": sorted(rounds.items()),
        "lot_draws": selectors.lot_draws(tournament),
        "commitments": selectors.draw_commitments(tournament),
        "knockout": knockout_of(tournament),
        # A format's final table (rules.md §14) instead of knockout rounds.
        "final_table": (
            selectors.final_table_view(tournament)
            if tournament.config.format.final.is_table
            else None
        ),
        "fragment_url": reverse("knockout_fragment", args=[tournament.pk]),
        "poll_seconds": POLL_SECONDS,
    }


knockout, knockout_fragment = live_views(
    LivePage(
        name="knockout",
        kind="ko",
        template="tournaments/public/knockout.html",
        fragment_template="tournaments/public/partials/knockout_body.html",
        load=load_tournament,
        context=_knockout_context,
    )
)
