"""Organisers appoint and dismiss referees."""

from __future__ import annotations

import django_tables2 as tables
from django.contrib import messages
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import Group, User
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.forms import ExistingUserForm
from tournaments.permissions import REFEREES

from .access import organiser_required, render_staff
from .tables import RefereeTable


@organiser_required
def referees(request: HttpRequest) -> HttpResponse:
    """Who may record results: list, create, add an existing user, remove."""
    group = Group.objects.get(name=REFEREES)
    action = request.POST.get("action")
    create_form = UserCreationForm(request.POST if action == "create" else None)
    existing_form = ExistingUserForm(
        request.POST if action == "add" else None, exclude_group=REFEREES
    )
    if action == "create" and create_form.is_valid():
        with transaction.atomic():
            user = create_form.save()
            _referee_change(request, user, add=True)
        return redirect("staff:referees")
    if action == "add" and existing_form.is_valid():
        _referee_change(request, existing_form.cleaned_data["user"], add=True)
        return redirect("staff:referees")
    if action == "remove":
        user = get_object_or_404(User, pk=request.POST.get("user"), groups=group)
        _referee_change(request, user, add=False)
        return redirect("staff:referees")
    if request.method == "POST" and action not in {"create", "add", "remove"}:
        return HttpResponseNotAllowed(["GET"])
    table = RefereeTable(group.user_set.order_by("username"))
    tables.RequestConfig(request, paginate=False).configure(table)
    return render_staff(
        request,
        "referees.html",
        {"table": table, "create_form": create_form, "existing_form": existing_form},
    )


def _referee_change(request: HttpRequest, user: User, *, add: bool) -> None:
    """Appoint or dismiss a referee through the service, and say so."""
    if add:
        services.referee_appoint(user=user, actor=request.user)
        messages.success(request, _("%(user)s is now a referee.") % {"user": user.username})
    else:
        services.referee_dismiss(user=user, actor=request.user)
        messages.success(request, _("%(user)s is no longer a referee.") % {"user": user.username})
