"""Participants for the staff: the list (search, check-in, registration), and one
participant (edit, delete before the draw, penalties, withdrawal)."""

from __future__ import annotations

import django_tables2 as tables
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from tournaments import selectors, services
from tournaments.models import Participant, Penalty, Player, Stage, Tournament
from tournaments.permissions import is_organiser, may_create_tournaments
from tournaments.web.forms import ParticipantForm, PenaltyForm, WithdrawForm

from .access import StaffRequest, get_tournament, referee_required, render_staff
from .actions import run_service
from .tables import ParticipantTable


def _with_same_name_warning(request: StaffRequest, saved: Participant, message: str) -> str:
    """``message``; a second participant with the same name is allowed, but said."""
    if selectors.participants_named(saved.tournament, saved.name, exclude=saved.pk):
        messages.warning(
            request,
            _("Another participant is already called “%(name)s”. Registered twice?")
            % {"name": saved.name},
        )
    return message


@referee_required
def participants(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """The participant list; organisers register participants one by one here."""
    tournament = get_tournament(tournament_id)
    organiser = is_organiser(request.user, tournament_id)
    form = ParticipantForm(request.POST or None) if organiser else None
    if request.method == "POST" and request.POST.get("action") == "checkin":
        if form is None:
            raise PermissionDenied
        return _check_in(request, tournament)
    if request.method == "POST":
        if form is None:
            raise PermissionDenied
        done = run_service(
            request,
            form,
            lambda: services.participants_register(
                tournament=tournament, items=[form.to_input()], actor=request.user
            ),
            success_message=lambda created: _with_same_name_warning(
                request, created[0], _("%(name)s has been registered.") % {"name": created[0].name}
            ),
            redirect_to=reverse("staff:participants", args=[tournament.pk]),
        )
        if done is not None:
            return done
    rows = tournament.participants.order_by("id")
    query = request.GET.get("q", "").strip()
    listed = rows.filter(name__icontains=query) if query else rows
    table = ParticipantTable(listed)
    tables.RequestConfig(request, paginate=False).configure(table)
    status = dict(
        rows.values("status").annotate(n=Count("id")).order_by().values_list("status", "n")
    )
    return render_staff(
        request,
        "participants.html",
        {
            "tournament": tournament,
            "form": form,
            "table": table,
            "active": status.get(Participant.Status.ACTIVE, 0),
            "total": sum(status.values()),
            "limit": tournament.config.max_participants,
            "query": query,
            "checked_in": rows.filter(checked_in=True).count(),
        },
    )


def _check_in(request: StaffRequest, tournament: Tournament) -> HttpResponse:
    """Tick a participant as present (or undo it), back to the list where it was."""
    participant = get_object_or_404(
        Participant, pk=request.POST.get("participant"), tournament=tournament
    )
    services.participant_check_in(
        participant=participant,
        checked_in=request.POST.get("checked_in") == "1",
        actor=request.user,
    )
    url = reverse("staff:participants", args=[tournament.pk])
    query = request.POST.get("q", "")
    return redirect(f"{url}?{urlencode({'q': query})}#p{participant.pk}" if query else url)


@referee_required
def participant_detail(
    request: StaffRequest, tournament_id: int, participant_id: int
) -> HttpResponse:
    """A participant for the staff: penalties (referees), withdrawal (organisers)."""
    tournament = get_tournament(tournament_id)
    participant = get_object_or_404(Participant, pk=participant_id, tournament=tournament)
    action = request.POST.get("action")
    penalty_form = PenaltyForm(request.POST if action == "penalty" else None)
    edit_form = ParticipantForm(
        request.POST if action == "edit" else None,
        initial={
            "name": participant.name,
            "nationality": participant.nationality,
            "birth_date": participant.birth_date,
            "age_approved": participant.age_approved,
        },
    )
    withdraw_form = WithdrawForm(request.POST if action == "withdraw" else None)
    here = reverse("staff:participant", args=[tournament.pk, participant.pk])
    done = None
    if action == "penalty":
        done = run_service(
            request,
            penalty_form,
            lambda: services.penalty_give(
                participant=participant,
                kind=penalty_form.cleaned_data["kind"],
                amount=penalty_form.cleaned_data["amount"] or 0,
                reason=penalty_form.cleaned_data["reason"],
                actor=request.user,
            ),
            success_message=_("The penalty has been recorded."),
            redirect_to=here,
        )
    elif action == "withdraw":
        if not is_organiser(request.user, tournament_id):
            raise PermissionDenied
        done = run_service(
            request,
            withdraw_form,
            lambda: services.participant_withdraw(
                participant=participant,
                actor=request.user,
                reason=withdraw_form.cleaned_data["reason"],
            ),
            success_message=_("%(name)s has withdrawn.") % {"name": participant.name},
            redirect_to=here,
        )
    elif action in ("link_player", "unlink_player", "new_player"):
        done = _player_link(request, participant, action=action, redirect_to=here)
    elif action in ("edit", "delete") and not is_organiser(request.user, tournament_id):
        raise PermissionDenied
    elif action == "edit":
        done = run_service(
            request,
            edit_form,
            lambda: services.participant_update(
                participant=participant, data=edit_form.to_input(), actor=request.user
            ),
            success_message=lambda saved: _with_same_name_warning(
                request, saved, _("The participant has been saved.")
            ),
            redirect_to=here,
        )
    elif action == "delete":
        done = run_service(
            request,
            None,
            lambda: services.participant_delete(participant=participant, actor=request.user),
            success_message=_("%(name)s has been deleted.") % {"name": participant.name},
            redirect_to=reverse("staff:participants", args=[tournament.pk]),
        )
    if done is not None:
        return done
    seat = participant.seats.filter(table__stage=Stage.GROUP).select_related("table").first()
    return render_staff(
        request,
        "participant.html",
        {
            "tournament": tournament,
            "participant": participant,
            "seat": seat,
            "penalties": Penalty.objects.filter(participant=participant)
            .select_related("referee")
            .order_by("-created_at"),
            "penalty_form": penalty_form,
            "withdraw_form": withdraw_form,
            "edit_form": edit_form,
            "can_delete": not services.group_stage_drawn(tournament),
            "suggestions": selectors.player_suggestions(participant)
            if participant.player_id is None
            else [],
            "may_create_players": may_create_tournaments(request.user),
        },
    )


def _player_link(
    request: StaffRequest, participant: Participant, *, action: str, redirect_to: str
) -> HttpResponse:
    """Link the participant to a player (by id, a suggestion, or a new player), or unlink."""
    if action == "unlink_player":
        services.participant_link_player(participant=participant, player=None, actor=request.user)
        messages.success(request, _("The link to the player has been removed."))
        return redirect(redirect_to)
    player: Player | None
    try:
        if action == "new_player":
            if not may_create_tournaments(request.user):
                raise PermissionDenied
            player = services.player_create(
                name=participant.name,
                nationality=str(participant.nationality),
                actor=request.user,
            )
        else:
            raw = request.POST.get("player", "").strip()
            player = services.player_get(int(raw) if raw.isdigit() else 0)
        assert player is not None
        services.participant_link_player(participant=participant, player=player, actor=request.user)
    except services.DomainError as error:
        for item in error.errors:
            messages.error(request, str(item.message))
        return redirect(redirect_to)
    messages.success(
        request,
        _("%(name)s is linked to the player %(player)s (no. %(id)s).")
        % {"name": participant.name, "player": player.name, "id": player.pk},
    )
    return redirect(redirect_to)
