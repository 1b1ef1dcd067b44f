"""The staff start pages and the audit log."""

from __future__ import annotations

import django_tables2 as tables
from django.db.models import Count, Q
from django.http import HttpResponse

from tournaments.models import AuditEntry, Game
from tournaments.permissions import may_create_tournaments, staffed_tournaments

from .access import (
    StaffRequest,
    get_tournament,
    organiser_required,
    referee_required,
    render_staff,
    staff_required,
)
from .tables import AUDIT_ACTIONS, AuditTable


@staff_required
def staff_index(request: StaffRequest) -> HttpResponse:
    """My tournaments (every one for a site administrator); creators can add one."""
    tournaments = staffed_tournaments(request.user).order_by("-date", "-id")
    return render_staff(
        request,
        "index.html",
        {"tournaments": tournaments, "may_create": may_create_tournaments(request.user)},
    )


@referee_required
def tournament_home(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """A tournament's staff start page: where things stand and where to go."""
    tournament = get_tournament(tournament_id)
    counts = Game.objects.filter(tournament=tournament).aggregate(
        open=Count("id", filter=Q(status=Game.Status.OPEN)),
        recorded=Count("id", filter=Q(status=Game.Status.RECORDED)),
    )
    return render_staff(
        request,
        "tournament.html",
        {
            "tournament": tournament,
            "counts": counts,
            "participants": tournament.participants.count(),
        },
    )


@organiser_required
def audit(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Who changed what in this tournament, newest first, 100 entries a page."""
    tournament = get_tournament(tournament_id)
    action = request.GET.get("action", "")
    entries = (
        AuditEntry.objects.filter(tournament=tournament)
        .select_related("actor")
        .order_by("-created_at", "-id")
    )
    if action:
        entries = entries.filter(action=action)
    table = AuditTable(entries)
    tables.RequestConfig(request, paginate={"per_page": 100}).configure(table)
    return render_staff(
        request,
        "audit.html",
        {
            "tournament": tournament,
            "table": table,
            "actions": sorted(AUDIT_ACTIONS.items(), key=lambda item: str(item[1])),
            "action": action,
        },
    )
