"""Knockout control for organisers: start, next round, the tables of every round."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from tournaments import selectors, services
from tournaments.errors import DomainError
from tournaments.forms import KnockoutNextForm, KnockoutStartForm, add_domain_errors, random_seed
from tournaments.models import Knockout

from .access import get_tournament, organiser_required, render_staff


@organiser_required
def knockout(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Start the knockout, seat the next round, and follow its tables."""
    tournament = get_tournament(tournament_id)
    action = request.POST.get("action")
    start_form = KnockoutStartForm(
        request.POST if action == "start" else None, initial={"seed": random_seed()}
    )
    next_form = KnockoutNextForm(
        request.POST if action == "next" else None, initial={"seed": random_seed()}
    )
    if action == "start" and start_form.is_valid():
        try:
            services.knockout_start(
                tournament=tournament,
                seed=start_form.cleaned_data["seed"],
                field_size=start_form.cleaned_data["field_size"],
                actor=request.user,
            )
        except DomainError as error:
            add_domain_errors(start_form, error)
        else:
            messages.success(request, _("The knockout has started."))
            return redirect("staff:knockout", tournament.pk)
    if action == "next" and next_form.is_valid():
        try:
            services.knockout_next_round(
                tournament=tournament, seed=next_form.cleaned_data["seed"], actor=request.user
            )
        except DomainError as error:
            add_domain_errors(next_form, error)
        else:
            messages.success(request, _("The next knockout round has been seated."))
            return redirect("staff:knockout", tournament.pk)
    ko = Knockout.objects.filter(tournament=tournament).select_related("champion").first()
    ko_tables = selectors.knockout_tables(tournament, include_unconfirmed=True) if ko else []
    rounds: dict[int, list[Any]] = {}
    for table in ko_tables:
        rounds.setdefault(table.round, []).append(table)
    standings = selectors.group_standings(tournament) if ko is None else None
    return render_staff(
        request,
        "knockout.html",
        {
            "tournament": tournament,
            "knockout": ko,
            "rounds": sorted(rounds.items()),
            "lot_draws": selectors.lot_draws(tournament),
            "start_form": start_form,
            "next_form": next_form,
            "standings": standings,
            # rules.md §8: more than three tables is allowed, with a warning.
            "current_round_tables": len(rounds.get(ko.current_round, [])) if ko else 0,
        },
    )
