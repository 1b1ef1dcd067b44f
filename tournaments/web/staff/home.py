"""The staff start pages and the audit log."""

from __future__ import annotations

from dataclasses import dataclass

import django_tables2 as tables
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import selectors
from tournaments.models import Stage, Tournament
from tournaments.permissions import (
    has_any_staff_role,
    is_organiser,
    may_create_tournaments,
    may_manage_seasons,
    staffed_tournaments,
)
from tournaments.selectors import Phase, StaffOverview

from .access import (
    StaffRequest,
    get_tournament,
    organiser_required,
    referee_required,
    render_staff,
    requires,
)
from .audit import AuditTable, action_choices


@requires(lambda user, _t: has_any_staff_role(user) or may_manage_seasons(user))
def staff_index(request: StaffRequest) -> HttpResponse:
    """My tournaments (every one for a site administrator); creators can add one."""
    tournaments = staffed_tournaments(request.user).order_by("-date", "-id")
    return render_staff(
        request,
        "index.html",
        {
            "tournaments": tournaments,
            "may_create": may_create_tournaments(request.user),
            "may_seasons": may_manage_seasons(request.user),
        },
    )


@referee_required
def tournament_home(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """A tournament's staff start page: where things stand and where to go."""
    tournament = get_tournament(tournament_id)
    overview = selectors.staff_overview(tournament)
    return render_staff(
        request,
        "tournament.html",
        {
            "tournament": tournament,
            "counts": {"open": overview.games_open, "recorded": overview.games_recorded},
            "participants": overview.participants,
            "active": overview.participants_active,
            "withdrawn": overview.participants_withdrawn,
            "excluded": overview.participants_excluded,
            "next_step": next_step(
                tournament, overview, organiser=is_organiser(request.user, tournament)
            ),
            "finished": overview.phase is Phase.FINISHED,
            "archives": tournament.archives.defer("content").order_by("version"),
        },
    )


@dataclass(frozen=True)
class NextStep:
    """What comes next in this phase of the tournament, and the one link to it."""

    phase: str
    text: str
    label: str
    url: str


def next_step(tournament: Tournament, overview: StaffOverview, *, organiser: bool) -> NextStep:
    """The guided overview: the phase the tournament is in and the next thing to do."""
    t = tournament.pk
    games = reverse("staff:games", args=[t])
    phase = str(overview.phase.label)
    if overview.phase is Phase.REGISTRATION:
        if not organiser:
            return NextStep(
                phase,
                _("The group stage is not drawn yet."),
                _("Participants"),
                reverse("staff:participants", args=[t]),
            )
        if overview.participants_active < 4:  # the draw seats the active ones
            return NextStep(
                phase,
                _("Register the participants, one by one or from a spreadsheet."),
                _("Register participants"),
                reverse("staff:participants", args=[t]),
            )
        return NextStep(
            phase,
            _("Everybody registered and checked in? Then draw the group stage."),
            _("Go to the draw"),
            reverse("staff:draw", args=[t]),
        )
    if overview.phase in (Phase.DRAWN, Phase.GROUP):
        if overview.group_games_open or not organiser:
            return NextStep(
                phase,
                ngettext(
                    "%(n)s game still needs a result.",
                    "%(n)s games still need a result.",
                    overview.group_games_open,
                )
                % {"n": overview.group_games_open},
                _("Enter results"),
                games,
            )
        return NextStep(
            phase,
            _("Every group game has a result: start the knockout."),
            _("Start the knockout"),
            reverse("staff:knockout", args=[t]),
        )
    if overview.phase is Phase.FINISHED:
        return NextStep(
            phase,
            _("The champion is known: the final ranking is public."),
            _("Final ranking"),
            reverse("ranking", args=[t]),
        )
    progress = overview.knockout
    assert progress is not None
    if not progress.round_complete or not organiser:
        return NextStep(
            phase,
            _("Knockout round %(round)s: %(n)s of %(total)s results counted.")
            % {"round": progress.round, "n": progress.games_counted, "total": progress.games},
            _("Enter results"),
            games,
        )
    control = reverse("staff:knockout", args=[t])
    if progress.decides_champion:
        return NextStep(
            phase,
            _("The final's result counts: name the champion."),
            _("Name the champion"),
            control,
        )
    return NextStep(
        phase,
        _("Every result of this round counts: seat the next round."),
        _("Seat the next round"),
        control,
    )


@organiser_required
def audit(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Who changed what in this tournament, newest first, 100 entries a page."""
    tournament = get_tournament(tournament_id)
    action = request.GET.get("action", "").replace("\x00", "")  # PostgreSQL refuses NUL
    entries = selectors.audit_entries(tournament, action=action)
    # Objects and participant ids by name: one query each, whatever the page shows.
    known = selectors.audit_names(tournament)
    games = {
        pk: (
            _("Knockout round %(round)s · table %(table)s")
            if place.stage == Stage.KNOCKOUT
            else _("Round %(round)s · table %(table)s")
        )
        % {"table": place.table, "round": place.round}
        for pk, place in known.games.items()
    }
    names = known.participants
    table = AuditTable(entries, games=games, names=names)
    tables.RequestConfig(request, paginate={"per_page": 100}).configure(table)
    return render_staff(
        request,
        "audit.html",
        {
            "tournament": tournament,
            "table": table,
            "actions": action_choices(),
            "action": action,
        },
    )
