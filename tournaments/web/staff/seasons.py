"""Seasons for their organisers (rules.md §13): create one, add and remove its
tournaments with their weights, change its settings, appoint its organisers.

Every change goes through the services the API uses (``services.seasons``);
the season's pages check ``is_season_organiser`` on every request.
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import User
from django.db.models import Count
from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.models import Season, SeasonStaff, SeasonTournament
from tournaments.permissions import may_create_tournaments, organised_seasons
from tournaments.web.forms import SeasonForm, SeasonOrganiserForm, SeasonTournamentForm

from .access import StaffRequest, render_staff, season_organiser_required, seasons_required
from .actions import run_service


@seasons_required
def season_list(request: StaffRequest) -> HttpResponse:
    """The seasons I organise; members of ``organisers`` create one here."""
    may_create = may_create_tournaments(request.user)
    form = SeasonForm(request.POST or None) if may_create else None
    if request.method == "POST":
        if form is None:
            return HttpResponseNotAllowed(["GET"])
        done = run_service(
            request,
            form,
            lambda: services.season_create(**form.cleaned_data, actor=request.user),
            success_message=lambda season: (
                _("The season “%(name)s” has been created.") % {"name": season.name}
            ),
            redirect_to=lambda season: reverse("staff:season", args=[season.pk]),
        )
        if done is not None:
            return done
    seasons = organised_seasons(request.user).annotate(tournaments=Count("entries")).order_by("-id")
    return render_staff(request, "seasons.html", {"seasons": seasons, "form": form})


@season_organiser_required
def season_detail(request: StaffRequest, season_id: int) -> HttpResponse:
    """One season: its tournaments and weights, its settings, its organisers."""
    season = get_object_or_404(Season, pk=season_id)
    action = request.POST.get("action")
    here = reverse("staff:season", args=[season.pk])
    add_form = SeasonTournamentForm(request.POST if action == "add" else None, season=season)
    settings_form = SeasonForm.of(season, request.POST if action == "settings" else None)
    organiser_form = SeasonOrganiserForm(request.POST if action == "appoint" else None)
    done = None
    if action == "add":
        done = run_service(
            request,
            add_form,
            lambda: services.season_tournament_add(
                season=season,
                tournament=add_form.cleaned_data["tournament"],
                weight=add_form.cleaned_data["weight"],
                actor=request.user,
            ),
            success_message=lambda entry: (
                _("%(tournament)s counts in the season with weight %(weight)s.")
                % {"tournament": entry.tournament.name, "weight": _weight(entry)}
            ),
            redirect_to=here,
        )
    elif action == "remove":
        entry = get_object_or_404(
            SeasonTournament.objects.select_related("tournament"),
            season=season,
            tournament_id=request.POST.get("tournament", "").strip() or 0,
        )
        done = run_service(
            request,
            None,
            lambda: services.season_tournament_remove(
                season=season, tournament=entry.tournament, actor=request.user
            ),
            success_message=_("%(tournament)s no longer counts in the season.")
            % {"tournament": entry.tournament.name},
            redirect_to=here,
        )
    elif action == "settings":
        done = run_service(
            request,
            settings_form,
            lambda: services.season_update(
                season=season, **settings_form.cleaned_data, actor=request.user
            ),
            success_message=_("The season's settings have been saved."),
            redirect_to=here,
        )
    elif action == "appoint":
        done = run_service(
            request,
            organiser_form,
            lambda: services.season_staff_appoint(
                season=season,
                user=organiser_form.cleaned_data["username"],
                role=SeasonStaff.Role.ORGANISER,
                actor=request.user,
            ),
            success_message=lambda entry: (
                _("%(user)s now organises this season.") % {"user": entry.user.get_username()}
            ),
            redirect_to=here,
        )
    elif action == "dismiss":
        user = get_object_or_404(
            User, pk=request.POST.get("user", "").strip() or 0, season_roles__season=season
        )
        done = run_service(
            request,
            None,
            lambda: services.season_staff_dismiss(season=season, user=user, actor=request.user),
            success_message=_("%(user)s no longer organises this season.")
            % {"user": user.get_username()},
            # Who dismissed themselves may no longer open the season.
            redirect_to=reverse("staff:seasons") if user == request.user else here,
        )
    elif request.method == "POST":
        return HttpResponseNotAllowed(["GET"])
    if done is not None:
        return done
    entries = season.entries.select_related("tournament").order_by(
        "-tournament__date", "-tournament_id"
    )
    return render_staff(
        request,
        "season.html",
        {
            "season": season,
            "entries": [(entry, _weight(entry)) for entry in entries],
            "organisers": season.staff.select_related("user").order_by("user__username"),
            "add_form": add_form,
            "settings_form": settings_form,
            "organiser_form": organiser_form,
        },
    )


def _weight(entry: SeasonTournament) -> str:
    """A weight as people write it, in the page's language: 2, 1,5 (not 2,000)."""
    return number_format(Decimal(f"{entry.weight.normalize():f}"))
