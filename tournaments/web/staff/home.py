"""The staff start pages and the audit log."""

from __future__ import annotations

from dataclasses import dataclass

import django_tables2 as tables
from django.db.models import Count, Q
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import selectors
from tournaments.models import AuditEntry, Game, Knockout, Stage, Tournament
from tournaments.permissions import is_organiser, may_create_tournaments, staffed_tournaments

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
    participants = tournament.participants.count()
    return render_staff(
        request,
        "tournament.html",
        {
            "tournament": tournament,
            "counts": counts,
            "participants": participants,
            "next_step": next_step(
                tournament,
                organiser=is_organiser(request.user, tournament),
                participants=participants,
            ),
        },
    )


@dataclass(frozen=True)
class NextStep:
    """What comes next in this phase of the tournament, and the one link to it."""

    phase: str
    text: str
    label: str
    url: str


def next_step(tournament: Tournament, *, organiser: bool, participants: int) -> NextStep:
    """The guided overview: the phase the tournament is in and the next thing to do."""
    t = tournament.pk
    games = reverse("staff:games", args=[t])
    if not Game.objects.filter(tournament=tournament).exists():
        if not organiser:
            return NextStep(
                _("Registration"),
                _("The group stage is not drawn yet."),
                _("Participants"),
                reverse("staff:participants", args=[t]),
            )
        if participants < 4:
            return NextStep(
                _("Registration"),
                _("Register the participants, one by one or from a spreadsheet."),
                _("Register participants"),
                reverse("staff:participants", args=[t]),
            )
        return NextStep(
            _("Registration"),
            _("Everybody registered and checked in? Then draw the group stage."),
            _("Go to the draw"),
            reverse("staff:draw", args=[t]),
        )
    knockout = Knockout.objects.filter(tournament=tournament).first()
    if knockout is None:
        open_games = Game.objects.filter(
            tournament=tournament, stage=Stage.GROUP, status=Game.Status.OPEN
        ).count()
        if open_games or not organiser:
            return NextStep(
                _("Group stage"),
                _("%(n)s games still need a result.") % {"n": open_games},
                _("Enter results"),
                games,
            )
        return NextStep(
            _("Group stage"),
            _("Every group game has a result: start the knockout."),
            _("Start the knockout"),
            reverse("staff:knockout", args=[t]),
        )
    if knockout.champion_id is not None:
        return NextStep(
            _("Finished"),
            _("The champion is known: the final ranking is public."),
            _("Final ranking"),
            reverse("ranking", args=[t]),
        )
    progress = selectors.knockout_progress(tournament, knockout)
    if not progress.round_complete or not organiser:
        return NextStep(
            _("Knockout"),
            _("Knockout round %(round)s: %(n)s of %(total)s results counted.")
            % {"round": progress.round, "n": progress.games_counted, "total": progress.games},
            _("Enter results"),
            games,
        )
    control = reverse("staff:knockout", args=[t])
    if progress.decides_champion:
        return NextStep(
            _("Knockout"),
            _("The final's result counts: name the champion."),
            _("Name the champion"),
            control,
        )
    return NextStep(
        _("Knockout"),
        _("Every result of this round counts: seat the next round."),
        _("Seat the next round"),
        control,
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
    # Objects and participant ids by name: one query each, whatever the page shows.
    games = {
        game.pk: (
            _("Knockout round %(round)s · table %(table)s")
            if game.stage == Stage.KNOCKOUT
            else _("Round %(round)s · table %(table)s")
        )
        % {"table": game.table.number, "round": game.round}
        for game in Game.objects.filter(tournament=tournament).select_related("table")
    }
    names = dict(tournament.participants.values_list("pk", "name"))
    table = AuditTable(entries, games=games, names=names)
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
