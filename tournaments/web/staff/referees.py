"""A tournament's organisers appoint and dismiss its organisers and referees."""

from __future__ import annotations

import django_tables2 as tables
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.models import TournamentStaff
from tournaments.permissions import may_create_tournaments
from tournaments.web.forms import ExistingUserForm, NewStaffForm

from .access import StaffRequest, get_tournament, organiser_required, posted_id, render_staff
from .actions import run_service
from .tables import StaffTable


@organiser_required
def team(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """This tournament's staff: list, appoint a new account or an existing user, dismiss."""
    tournament = get_tournament(tournament_id)
    action = request.POST.get("action")
    may_create = may_create_tournaments(request.user)
    create_form = NewStaffForm(request.POST if action == "create" else None)
    existing_form = ExistingUserForm(
        request.POST if action == "add" else None, tournament=tournament
    )
    here = reverse("staff:team", args=[tournament.pk])

    def appoint(user: User, role: str) -> TournamentStaff:
        return services.staff_appoint(
            tournament=tournament, user=user, role=role, actor=request.user
        )

    def create() -> TournamentStaff:
        data = create_form.cleaned_data
        with transaction.atomic():
            user = services.user_create(
                username=data["username"], password=data["password1"], actor=request.user
            )
            return appoint(user, data["role"])

    def appointed(entry: TournamentStaff) -> str:
        return _("%(user)s is now on the staff (%(role)s).") % {
            "user": entry.user.get_username(),
            "role": entry.get_role_display(),
        }

    done = None
    if action == "create":
        if not may_create:
            raise PermissionDenied
        done = run_service(
            request, create_form, create, success_message=appointed, redirect_to=here
        )
    elif action == "add":
        done = run_service(
            request,
            existing_form,
            lambda: appoint(existing_form.cleaned_data["user"], existing_form.cleaned_data["role"]),
            success_message=appointed,
            redirect_to=here,
        )
    elif action == "remove":
        user = get_object_or_404(
            User, pk=posted_id(request, "user"), tournament_roles__tournament=tournament
        )
        done = run_service(
            request,
            None,
            lambda: services.staff_dismiss(tournament=tournament, user=user, actor=request.user),
            success_message=_("%(user)s is no longer on the staff.") % {"user": user.username},
            redirect_to=here,
        )
    elif request.method == "POST":
        return HttpResponseNotAllowed(["GET"])
    if done is not None:
        return done
    table = StaffTable(tournament.staff.select_related("user").order_by("role", "user__username"))
    tables.RequestConfig(request, paginate=False).configure(table)
    return render_staff(
        request,
        "team.html",
        {
            "tournament": tournament,
            "table": table,
            "create_form": create_form if may_create else None,
            "existing_form": existing_form,
        },
    )
