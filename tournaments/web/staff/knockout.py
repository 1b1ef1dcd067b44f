"""Knockout control for organisers: start, next round, the tables of every round."""

from __future__ import annotations

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import selectors, services
from tournaments.models import Knockout
from tournaments.web.forms import KnockoutNextForm, KnockoutStartForm, random_seed

from .access import StaffRequest, get_tournament, organiser_required, render_staff
from .actions import run_service


@organiser_required
def knockout(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Start the knockout, seat the next round, and follow its tables."""
    tournament = get_tournament(tournament_id)
    action = request.POST.get("action")
    here = reverse("staff:knockout", args=[tournament.pk])
    unused = selectors.unused_commitments(tournament)
    initial = {"seed": random_seed(), "commitment": unused[-1] if unused else ""}
    start_form = KnockoutStartForm(
        request.POST if action == "start" else None, initial=initial, commitments=unused
    )
    # A format's final table (rules.md §14): its size is the format's, no rounds follow.
    final_table_format = tournament.config.format.final.is_table
    if final_table_format:
        del start_form.fields["field_size"]
    next_form = KnockoutNextForm(
        request.POST if action in ("next", "champion") else None,
        initial=initial,
        commitments=unused,
    )
    done = None
    if action == "publish_commitment":
        done = run_service(
            request,
            None,
            lambda: services.draw_commitment_create(tournament=tournament, actor=request.user),
            success_message=_("A commitment has been published; draw with it to reveal its seed."),
            redirect_to=here,
        )
    elif action == "start":
        done = run_service(
            request,
            start_form,
            lambda: services.knockout_start(
                tournament=tournament,
                **start_form.draw_kwargs(),
                field_size=start_form.cleaned_data.get("field_size"),
                actor=request.user,
            ),
            success_message=(
                _("The final table has been seated.")
                if final_table_format
                else _("The knockout has started.")
            ),
            redirect_to=here,
        )
    elif action in ("next", "champion"):
        done = run_service(
            request,
            next_form,
            lambda: services.knockout_next_round(
                tournament=tournament, **next_form.draw_kwargs(), actor=request.user
            ),
            # Closing the final names the champion: the message says what really happened.
            success_message=lambda ko: (
                _("The champion has been named.")
                if ko.champion_id is not None
                else _("The next knockout round has been seated.")
            ),
            redirect_to=here,
        )
    if done is not None:
        return done
    ko = Knockout.objects.filter(tournament=tournament).select_related("champion").first()
    ko_tables = selectors.knockout_tables(tournament, include_unconfirmed=True) if ko else []
    rounds: dict[int, list[selectors.KnockoutTableView]] = {}
    for view in ko_tables:
        rounds.setdefault(view.table.round, []).append(view)
    standings = selectors.group_standings(tournament) if ko is None else None
    return render_staff(
        request,
        "knockout.html",
        {
            "tournament": tournament,
            "knockout": ko,
            # Newest round first, as on the public knockout page and the projector.
            "rounds": sorted(rounds.items(), reverse=True),
            "commitments": selectors.draw_commitments(tournament),
            "lot_draws": selectors.lot_draws(tournament),
            "progress": selectors.knockout_progress(tournament, ko)
            if ko and not final_table_format
            else None,
            "ranking": selectors.final_ranking(tournament) if ko else None,
            "start_form": start_form,
            "next_form": next_form,
            "standings": standings,
            # rules.md §8: more than three tables is allowed, with a warning.
            "current_round_tables": len(rounds.get(ko.current_round, [])) if ko else 0,
            "final_table_format": final_table_format,
            "final_table": selectors.final_table_view(tournament)
            if ko and final_table_format
            else None,
        },
    )
