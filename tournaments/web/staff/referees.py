"""Organisers appoint and dismiss referees."""

from __future__ import annotations

import django_tables2 as tables
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import Group, User
from django.db import transaction
from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.permissions import REFEREES
from tournaments.web.forms import ExistingUserForm

from .access import StaffRequest, organiser_required, render_staff
from .actions import run_service
from .tables import RefereeTable


@organiser_required
def referees(request: StaffRequest) -> HttpResponse:
    """Who may record results: list, create, add an existing user, remove."""
    group = Group.objects.get(name=REFEREES)
    action = request.POST.get("action")
    create_form: UserCreationForm[User] = UserCreationForm(
        request.POST if action == "create" else None
    )
    existing_form = ExistingUserForm(
        request.POST if action == "add" else None, exclude_group=REFEREES
    )
    here = reverse("staff:referees")

    def appoint(user: User) -> User:
        services.referee_appoint(user=user, actor=request.user)
        return user

    def create() -> User:
        with transaction.atomic():
            return appoint(create_form.save())

    def appointed(user: User) -> str:
        return _("%(user)s is now a referee.") % {"user": user.username}

    done = None
    if action == "create":
        done = run_service(
            request, create_form, create, success_message=appointed, redirect_to=here
        )
    elif action == "add":
        done = run_service(
            request,
            existing_form,
            lambda: appoint(existing_form.cleaned_data["user"]),
            success_message=appointed,
            redirect_to=here,
        )
    elif action == "remove":
        user = get_object_or_404(User, pk=request.POST.get("user"), groups=group)
        done = run_service(
            request,
            None,
            lambda: services.referee_dismiss(user=user, actor=request.user),
            success_message=_("%(user)s is no longer a referee.") % {"user": user.username},
            redirect_to=here,
        )
    elif request.method == "POST":
        return HttpResponseNotAllowed(["GET"])
    if done is not None:
        return done
    table = RefereeTable(group.user_set.order_by("username"))
    tables.RequestConfig(request, paginate=False).configure(table)
    return render_staff(
        request,
        "referees.html",
        {"table": table, "create_form": create_form, "existing_form": existing_form},
    )
