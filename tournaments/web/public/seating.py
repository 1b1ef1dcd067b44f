"""Who sits where in the group stage: an alphabetical list and one list per table.

Words used here:

- The **search** (``?q=``) matches names ignoring case and accents
  (``tournaments.names.fold``). Every row is rendered; those not matching carry
  ``hidden``, so that the page works without JavaScript and the script can
  still widen the search.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django_tables2 import RequestConfig

from tournaments import selectors
from tournaments.models import Participant, Tournament
from tournaments.names import fold
from tournaments.web.public.common import base_context, load_tournament
from tournaments.web.tables import SeatingTable


def seating(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Who sits where: an alphabetical list and one list per table, searchable by name."""
    tournament = load_tournament(tournament_id)
    query = request.GET.get("q", "").strip()
    needle = fold(query)
    seating = selectors.group_seating(tournament)
    rows: list[dict[str, Any]] = []
    per_table: list[dict[str, Any]] = []
    for table in seating.tables:
        seats = []
        for seat in table.seats:
            participant = seat.participant
            key = fold(participant.name)
            seats.append(
                {
                    "participant": participant,
                    "table": table.number,
                    "position": seat.position,
                    "excluded": participant.status == Participant.Status.EXCLUDED,
                    "withdrawn": participant.status == Participant.Status.WITHDRAWN,
                    "search_key": key,
                    "matches": not needle or needle in key,
                }
            )
        rows.extend(seats)
        per_table.append(
            {"table": table, "seats": seats, "any_match": any(s["matches"] for s in seats)}
        )
    seating_table = SeatingTable(rows, tournament_id=tournament.pk)
    RequestConfig(request, paginate=False).configure(seating_table)
    context = {
        **base_context(tournament, "seating"),
        "query": query,
        "table": seating_table,
        "per_table": per_table,
        "shown": sum(1 for r in rows if r["matches"]),
        "total": len(rows),
        "drawn": seating.drawn,
        "seed": getattr(getattr(tournament, "group_draw", None), "seed", ""),
        "commitments": selectors.draw_commitments(tournament),
        "corrections": _corrections(tournament),
    }
    return render(request, "tournaments/public/seating.html", context)


def _corrections(tournament: Tournament) -> list[dict[str, object]]:
    """The seat swaps after the group draw (rules.md §12), with the players' names."""
    return [
        {"a": swap.a.name, "b": swap.b.name, "at": swap.at}
        for swap in selectors.seat_corrections(tournament, stage="group")
    ]


def draw_check(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """How to check a draw, step by step: the technical part of the seating page's note."""
    tournament = load_tournament(tournament_id)
    context = {
        **base_context(tournament, "seating"),
        "draw_url": request.build_absolute_uri(
            reverse("api-group-draw", kwargs={"tournament_id": tournament.pk})
        ),
    }
    return render(request, "tournaments/public/draw_check.html", context)
