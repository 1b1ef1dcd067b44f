"""The hall on the staff pages (rules.md §12): the round clock's controls and the
calls for a referee.

- **clock page** (organisers): start the clock with minutes and a label, pause,
  resume, add minutes, stop (``services.clock_apply``).
- **calls fragment** (the tournament's staff): the open and taken calls, oldest
  first, with "I'm coming" (take) and "Done" (close); every staff page of the
  tournament shows it at the top and polls it, so a call arrives without a reload.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import selectors, services
from tournaments.errors import DomainError
from tournaments.models import RefereeCall
from tournaments.services.clock import CLOCK_ACTIONS, MAX_MINUTES, MIN_MINUTES

from .access import (
    StaffRequest,
    get_tournament,
    organiser_required,
    posted_id,
    referee_required,
    render_staff,
)

__all__ = ["calls_fragment", "clock"]


class ClockForm(forms.Form):
    action = forms.ChoiceField(choices=[(a, a) for a in CLOCK_ACTIONS])
    minutes = forms.IntegerField(
        label=gettext_lazy("Minutes"), required=False, min_value=None, max_value=None
    )
    label = forms.CharField(label=gettext_lazy("Label"), required=False, max_length=100)


@organiser_required
def clock(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """The round clock's controls (one clock per tournament)."""
    tournament = get_tournament(tournament_id)
    here = reverse("staff:clock", args=[tournament.pk])
    if request.method == "POST":
        form = ClockForm(request.POST)
        if form.is_valid():
            try:
                services.clock_apply(
                    tournament=tournament,
                    action=form.cleaned_data["action"],
                    minutes=form.cleaned_data["minutes"],
                    label=form.cleaned_data["label"],
                    actor=request.user,
                )
            except DomainError as error:
                for item in error.errors:
                    messages.error(request, str(item.message))
            else:
                messages.success(request, _("The clock has been changed."))
        return redirect(here)
    view = selectors.clock_view(tournament)
    return render_staff(
        request,
        "clock.html",
        {
            "tournament": tournament,
            "clock": view,
            "min_minutes": MIN_MINUTES,
            "max_minutes": MAX_MINUTES,
            "suggested_label": _("Round %(n)s") % {"n": 1},
        },
    )


@referee_required
def calls_fragment(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """``GET``: the open calls as a fragment; ``POST`` ``call`` + ``action`` (take,
    close) answers it: with the fragment to htmx, else back to the page it came from."""
    tournament = get_tournament(tournament_id)
    if request.method == "POST":
        call = get_object_or_404(RefereeCall, pk=posted_id(request, "call"), tournament=tournament)
        act = services.call_take if request.POST.get("action") == "take" else services.call_close
        try:
            act(call=call, actor=request.user)
        except DomainError as error:
            for item in error.errors:
                messages.error(request, str(item.message))
        if not request.htmx:
            back = request.POST.get("next", "")
            if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
                back = reverse("staff:tournament", args=[tournament.pk])
            return redirect(back)
    response = render(
        request,
        "tournaments/staff/partials/open_calls.html",
        {"tournament": tournament, "calls": selectors.open_calls(tournament)},
    )
    response["Cache-Control"] = "no-store"
    return response
