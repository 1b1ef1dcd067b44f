"""Event packages for the staff (rules.md §16).

On the season's server, the season's organisers make a package for a
tournament to be played on a laptop and download it (``season_packages``,
``season_package_file``). On the laptop, a member of ``organisers`` takes
the file and the tournament is created from it (``tournament_from_package``).
"""

from __future__ import annotations

import json

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _

from tournaments import selectors, services
from tournaments.documents.packages import read_package_file
from tournaments.models import EventPackage, Season
from tournaments.web.forms import PackageFileForm, PackageForm

from .access import StaffRequest, creator_required, render_staff, season_organiser_required
from .actions import run_service


@season_organiser_required
def season_packages(request: StaffRequest, season_id: int) -> HttpResponse:
    """The season's packages to download, and the form that makes one."""
    season = get_object_or_404(Season, pk=season_id)
    form = PackageForm(request.POST or None, players=selectors.season_players(season))
    if request.method == "POST":
        done = run_service(
            request,
            form,
            lambda: services.package_make(
                season=season, actor=request.user, **form.service_kwargs()
            ),
            success_message=lambda package: (
                _("The package for “%(name)s” is ready to download.")
                % {"name": package.content["tournament"]["name"]}
            ),
            redirect_to=reverse("staff:season_packages", args=[season.pk]),
            field_map={"players": "more"},
        )
        if done is not None:
            return done
    return render_staff(
        request,
        "season_packages.html",
        {"season": season, "form": form, "packages": selectors.season_packages(season)},
    )


@season_organiser_required
def season_package_file(request: StaffRequest, season_id: int, package: str) -> HttpResponse:
    """One package as the JSON file a laptop takes."""
    made = get_object_or_404(EventPackage, season_id=season_id, uuid=package)
    response = HttpResponse(
        json.dumps(made.content, ensure_ascii=False, indent=2),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = content_disposition_header(True, f"package-{made.uuid}.json")
    return response


@creator_required
def tournament_from_package(request: StaffRequest) -> HttpResponse:
    """Create a tournament from a package file; its uploader organises it."""
    form = PackageFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST":
        done = run_service(
            request,
            form,
            lambda: services.tournament_from_package(
                **read_package_file(form.cleaned_data["file"]), actor=request.user
            ),
            success_message=lambda tournament: (
                _("“%(name)s” has been created from the event package.") % {"name": tournament.name}
            ),
            redirect_to=lambda tournament: reverse("staff:tournament", args=[tournament.pk]),
            field_map={
                "name": "file",
                "date": "file",
                "settings": "file",
                "ruleset": "file",
                "format": "file",
            },
        )
        if done is not None:
            return done
    return render_staff(request, "tournament_from_package.html", {"form": form})
