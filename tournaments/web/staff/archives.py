"""Archiving a finished tournament from its staff page (rules.md §13, ``docs/archive.md``).

One button makes a new archive version through ``services.archive_create`` (the
service the API's ``POST …/archive/`` calls); the page then names the version
and its SHA-256, and the tournament's public page lists every version.
"""

from __future__ import annotations

from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.models import TournamentArchive

from .access import StaffRequest, get_tournament, organiser_required
from .actions import run_service


@organiser_required
def archive(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """``POST``: a new archive version; back to the staff page with its hash."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    tournament = get_tournament(tournament_id)
    here = reverse("staff:tournament", args=[tournament.pk]) + "#archive"

    def archived(version: TournamentArchive) -> str:
        return _("Archived as version %(version)s, SHA-256 %(sha256)s.") % {
            "version": version.version,
            "sha256": version.sha256,
        }

    done = run_service(
        request,
        None,
        lambda: services.archive_create(tournament=tournament, actor=request.user),
        success_message=archived,
        redirect_to=here,
    )
    return done or redirect(here)
