"""Participants for the staff: the list (search, check-in, registration), and one
participant (edit, delete before the draw, penalties, withdrawal)."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import selectors, services
from tournaments.models import Participant, Penalty, Stage, Tournament
from tournaments.permissions import is_organiser, may_create_tournaments
from tournaments.web.forms import FederationPlayerForm, ParticipantForm, PenaltyForm, WithdrawForm

from .access import StaffRequest, get_tournament, referee_required, render_staff
from .actions import on_stale, run_service
from .check_in import check_in, door_counts, withdraw_absent
from .links import player_link, player_search
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
    form = _register_form(tournament, request.POST or None) if organiser else None
    action = request.POST.get("action") if request.method == "POST" else None
    if action in ("checkin", "withdraw_absent", "remove") and form is None:
        raise PermissionDenied
    if action == "checkin":
        return check_in(request, tournament)
    if action == "withdraw_absent":
        asked = withdraw_absent(request, tournament)
        if isinstance(asked, HttpResponse):
            return asked
        return _list(request, tournament, form=_register_form(tournament), **asked)
    if action == "remove":
        return _remove(request, tournament)
    duplicate_of: list[str] = []
    # A name registered already is said before the second one exists (issue 23).
    confirmed = bool(request.POST.get("confirm_duplicate"))
    if request.method == "POST" and form is not None and form.is_valid() and not confirmed:
        duplicate_of = selectors.participants_named(tournament, form.cleaned_data["name"])
    if request.method == "POST" and not duplicate_of:
        if form is None:
            raise PermissionDenied
        done = run_service(
            request,
            form,
            lambda: services.participants_register(
                tournament=tournament, items=[form.to_input()], actor=request.user
            ),
            success_message=lambda created: (
                _("%(name)s has been registered.") % {"name": created[0].name}
            ),
            redirect_to=reverse("staff:participants", args=[tournament.pk]),
        )
        if done is not None:
            return done
    return _list(request, tournament, form=form, duplicate_of=duplicate_of)


def _register_form(tournament: Tournament, data: Any = None) -> ParticipantForm:
    """The registration form; for a tournament made from an event package it offers
    the package's players not yet registered (rules.md §16)."""
    return ParticipantForm(data, package_players=selectors.package_players_free(tournament))


def _list(
    request: StaffRequest,
    tournament: Tournament,
    *,
    form: ParticipantForm | None,
    duplicate_of: list[str] | None = None,
    removing: list[Participant] | None = None,
    withdrawing: list[Participant] | None = None,
    withdrawing_changed: bool = False,
) -> HttpResponse:
    rows = tournament.participants.order_by("id")
    # No name holds a NUL character, and PostgreSQL refuses one in a query.
    query = request.GET.get("q", "").replace("\x00", "").strip()
    listed = rows.filter(name__icontains=query) if query else rows
    drawn = selectors.group_stage_drawn(tournament)
    removable = form is not None and not drawn
    table = ParticipantTable(listed, selectable=removable)
    tables.RequestConfig(request, paginate=False).configure(table)
    return render_staff(
        request,
        "participants.html",
        {
            "tournament": tournament,
            "form": form,
            "table": table,
            **door_counts(tournament),
            "limit": tournament.config.max_participants,
            "query": query,
            "drawn": drawn,
            "duplicate_of": duplicate_of or [],
            # A registration to correct comes first; else the list (the door) does.
            "register_first": form is not None
            and form.is_bound
            and bool(form.errors or duplicate_of),
            "removable": removable,
            "removing": removing or [],
            "withdrawing": withdrawing or [],
            "withdrawing_changed": withdrawing_changed,
        },
    )


def _remove(request: StaffRequest, tournament: Tournament) -> HttpResponse:
    """Remove the ticked participants (before the draw): first the list to confirm,
    then all of them at once."""
    chosen = list(
        tournament.participants.filter(pk__in=_ids(request.POST.getlist("participant"))).order_by(
            "name"
        )
    )
    here = reverse("staff:participants", args=[tournament.pk])
    if not chosen:
        messages.error(request, _("Tick the participants to remove first."))
        return redirect(here)
    if not request.POST.get("confirm"):
        if selectors.group_stage_drawn(tournament):
            messages.error(
                request,
                _("Participants cannot be deleted after the group-stage draw; mark a withdrawal."),
            )
            return redirect(here)
        return _list(request, tournament, form=_register_form(tournament), removing=chosen)
    done = run_service(
        request,
        None,
        lambda: services.participants_delete(
            tournament=tournament, participants=chosen, actor=request.user
        ),
        success_message=lambda count: (
            ngettext(
                "%(count)s participant has been removed.",
                "%(count)s participants have been removed.",
                count,
            )
            % {"count": count}
        ),
        redirect_to=here,
    )
    return done or redirect(here)


def _ids(values: list[str]) -> list[int]:
    return [int(v) for v in values if v.isdigit()]


@referee_required
def participant_detail(
    request: StaffRequest, tournament_id: int, participant_id: int
) -> HttpResponse:
    """A participant for the staff: penalties (referees), withdrawal (organisers)."""
    tournament = get_tournament(tournament_id)
    participant = get_object_or_404(Participant, pk=participant_id, tournament=tournament)
    action = request.POST.get("action")
    penalty_form = PenaltyForm(request.POST if action == "penalty" else None, auto_id="penalty_%s")
    edit_form = ParticipantForm(
        request.POST if action == "edit" else None,
        initial={
            "name": participant.name,
            "nationality": participant.nationality,
            "birth_date": participant.birth_date,
            "age_approved": participant.age_approved,
            "language": participant.language or "",
            "version": services.edit_version(participant),
        },
    )
    # Two forms of the page have a "reason": each field its own id.
    withdraw_form = WithdrawForm(
        request.POST if action == "withdraw" else None, auto_id="withdraw_%s"
    )
    here = reverse("staff:participant", args=[tournament.pk, participant.pk])
    federation_form = FederationPlayerForm(
        request.POST if action == "link_federation" else None,
        package_players=selectors.package_players_free(tournament),
    )
    done = None
    changes: list[dict[str, str]] = []
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
    elif action == "checkin":
        # One tap from the QR code on the player card (rules.md §12, "Who is here").
        checked_in = request.POST.get("checked_in", "1") == "1"
        done = run_service(
            request,
            None,
            lambda: services.participant_check_in(
                participant=participant, checked_in=checked_in, actor=request.user
            ),
            success_message=(
                _("%(name)s is checked in.") if checked_in else _("%(name)s is not checked in.")
            )
            % {"name": participant.name},
            redirect_to=here,
        )
    elif action == "reinstate":
        # A withdrawal undone before the draw; "and check in": the latecomer at the door.
        if not is_organiser(request.user, tournament_id):
            raise PermissionDenied
        and_check_in = request.POST.get("checked_in") == "1"
        done = run_service(
            request,
            None,
            lambda: services.participant_reinstate(
                participant=participant, actor=request.user, check_in=and_check_in
            ),
            success_message=(
                _("%(name)s is back in the tournament and checked in.")
                if and_check_in
                else _("%(name)s is back in the tournament.")
            )
            % {"name": participant.name},
            redirect_to=here,
        )
    elif action in ("link_federation", "unlink_federation"):
        # Referees link as they link players (rules.md §16).
        done = run_service(
            request,
            federation_form if action == "link_federation" else None,
            lambda: services.participant_link_federation_player(
                participant=participant,
                federation_player=federation_form.cleaned_data["federation_player"]
                if action == "link_federation"
                else None,
                actor=request.user,
            ),
            success_message=_("The link to the event package has been saved."),
            redirect_to=here,
        )
    elif action in ("link_player", "unlink_player", "new_player"):
        done = player_link(request, participant, action=action, redirect_to=here)
    elif action in ("edit", "delete") and not is_organiser(request.user, tournament_id):
        raise PermissionDenied
    elif action == "edit":

        def current() -> tuple[dict[str, Any], str]:
            fresh = Participant.objects.get(pk=participant.pk)
            initial = {f: getattr(fresh, f) for f in ("name", "birth_date", "age_approved")}
            initial |= {"nationality": str(fresh.nationality), "language": fresh.language or ""}
            return initial, services.edit_version(fresh)

        done = run_service(
            request,
            edit_form,
            lambda: services.participant_update(
                participant=participant,
                data=edit_form.to_input(),
                actor=request.user,
                version=edit_form.cleaned_data.get("version") or None,
            ),
            success_message=lambda saved: _with_same_name_warning(
                request, saved, _("The participant has been saved.")
            ),
            redirect_to=here,
            on_error=on_stale(edit_form, current=current, changes=changes),
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
    drawn = selectors.group_stage_drawn(tournament)
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
            "changes": changes,
            "can_delete": not drawn,
            "drawn": drawn,
            "suggestions": selectors.player_suggestions(participant)
            if participant.player_id is None
            else [],
            "may_create_players": may_create_tournaments(request.user),
            "federation_form": federation_form,
            "federation_player": tournament.package_players.filter(
                federation_id=participant.federation_player
            ).first()
            if participant.federation_player
            else None,
            **player_search(request, participant),
        },
    )
