"""Organisers set a tournament up: settings, characters, participants (one by one or
from Excel), withdrawals and penalties, the draw."""

from __future__ import annotations

from datetime import date
from typing import Any

import django_tables2 as tables
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments import documents, selectors, services
from tournaments.documents import imports
from tournaments.errors import DomainError, ErrorItem
from tournaments.models import Character, Game, GroupDraw, Participant, Penalty, Result, Stage
from tournaments.permissions import is_organiser
from tournaments.web.forms import (
    CharacterForm,
    DrawForm,
    ParticipantForm,
    ParticipantImportForm,
    PenaltyForm,
    TournamentForm,
    WithdrawForm,
    random_seed,
)

from .access import (
    XLSX,
    StaffRequest,
    get_tournament,
    organiser_required,
    referee_required,
    render_staff,
    scoresheets_url,
)
from .actions import run_service
from .tables import ParticipantTable


@organiser_required
def tournament_new(request: StaffRequest) -> HttpResponse:
    """Create a tournament (name, date, ruleset, language, settings)."""
    form = TournamentForm(request.POST or None)
    if request.method == "POST":
        done = run_service(
            request,
            form,
            lambda: services.tournament_create(actor=request.user, **form.service_kwargs()),
            success_message=_("The tournament has been created."),
            redirect_to=lambda tournament: reverse("staff:tournament", args=[tournament.pk]),
            field_map=TournamentForm.field_map,
        )
        if done is not None:
            return done
    return render_staff(request, "tournament_form.html", {"form": form, "tournament": None})


@organiser_required
def tournament_settings(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Change a tournament's name, date, ruleset, language and settings; add characters."""
    tournament = get_tournament(tournament_id)
    action = request.POST.get("action")
    form = TournamentForm(request.POST if action == "settings" else None, tournament=tournament)
    character_form = CharacterForm(request.POST if action == "character" else None)
    here = reverse("staff:settings", args=[tournament.pk])
    done = None
    if action == "settings":
        done = run_service(
            request,
            form,
            lambda: services.tournament_update(
                tournament=tournament, actor=request.user, **form.service_kwargs()
            ),
            success_message=_("The settings have been saved."),
            redirect_to=here,
            field_map=TournamentForm.field_map,
        )
    elif action == "character":
        done = run_service(
            request,
            character_form,
            lambda: services.character_add(
                tournament=tournament, actor=request.user, **character_form.cleaned_data
            ),
            success_message=lambda character: (
                _("%(name)s has been added.") % {"name": character.name}
            ),
            redirect_to=here,
        )
    if done is not None:
        return done
    return render_staff(
        request,
        "tournament_form.html",
        {
            "form": form,
            "character_form": character_form,
            "tournament": tournament,
            "characters": Character.objects.filter(tournament=tournament).order_by("name"),
        },
    )


@referee_required
def participants(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """The participant list; organisers register participants one by one here."""
    tournament = get_tournament(tournament_id)
    organiser = is_organiser(request.user)
    form = ParticipantForm(request.POST or None) if organiser else None
    if request.method == "POST":
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
    rows = tournament.participants.order_by("id")
    table = ParticipantTable(rows)
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
        },
    )


#: The columns of the import spreadsheet, with an explanation and an example row each.
IMPORT_COLUMNS: tuple[tuple[str, Any], ...] = (
    ("name", gettext_lazy("the participant's name (required)")),
    ("nationality", gettext_lazy("country code, ISO 3166 alpha-2, e.g. DE or AT (required)")),
    ("birth_date", gettext_lazy("YYYY-MM-DD or DD.MM.YYYY, or a date cell (optional)")),
    (
        "age_approved",
        gettext_lazy(
            "yes/no: a player under 8 knows the rules, confirmed by the organiser (optional)"
        ),
    ),
)
IMPORT_EXAMPLE_ROWS: tuple[tuple[Any, ...], ...] = (
    ("Lena Vogel", "DE", date(2001, 5, 2), False),
    ("Mia Klein", "AT", date(2019, 8, 17), True),
)


@organiser_required
def participants_import(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Register participants from an ``.xlsx`` file: all rows, or none and every problem."""
    tournament = get_tournament(tournament_id)
    form = ParticipantImportForm(request.POST, request.FILES) if request.method == "POST" else None
    problems: list[ErrorItem] = []

    def show_problems(error: DomainError) -> None:
        problems.extend(sorted(error.errors, key=lambda e: (e.row is None, e.row or 0)))

    if form is not None:
        done = run_service(
            request,
            form,
            lambda: imports.participants_import(
                tournament=tournament, file=form.cleaned_data["file"], actor=request.user
            ),
            success_message=lambda created: (
                ngettext(
                    "%(count)s participant has been imported.",
                    "%(count)s participants have been imported.",
                    len(created),
                )
                % {"count": len(created)}
            ),
            redirect_to=reverse("staff:participants", args=[tournament.pk]),
            on_error=show_problems,
        )
        if done is not None:
            return done
    return render_staff(
        request,
        "participants_import.html",
        {
            "tournament": tournament,
            "form": form or ParticipantImportForm(),
            "problems": problems,
            "columns": IMPORT_COLUMNS,
        },
    )


@organiser_required
def participants_import_template(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """An example workbook for the import: the header row and two example rows."""
    tournament = get_tournament(tournament_id)
    content = documents.get("participants_import_template_xlsx").render(tournament)
    response = HttpResponse(content, content_type=XLSX)
    response["Content-Disposition"] = content_disposition_header(
        True, f"participants-{tournament.pk}.xlsx"
    )
    return response


@referee_required
def participant_detail(
    request: StaffRequest, tournament_id: int, participant_id: int
) -> HttpResponse:
    """A participant for the staff: penalties (referees), withdrawal (organisers)."""
    tournament = get_tournament(tournament_id)
    participant = get_object_or_404(Participant, pk=participant_id, tournament=tournament)
    action = request.POST.get("action")
    penalty_form = PenaltyForm(request.POST if action == "penalty" else None)
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
        if not is_organiser(request.user):
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
        },
    )


@organiser_required
def draw(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Run (or redo) the group-stage draw and show the seating with its seed."""
    tournament = get_tournament(tournament_id)
    unused = list(
        tournament.draw_commitments.filter(used_for="").values_list("commitment", flat=True)
    )
    if request.method == "POST" and "publish_commitment" in request.POST:
        done = run_service(
            request,
            None,
            lambda: services.draw_commitment_create(tournament=tournament, actor=request.user),
            success_message=_("A commitment has been published; draw with it to reveal its seed."),
            redirect_to=reverse("staff:draw", args=[tournament.pk]),
        )
        if done is not None:
            return done
    form = DrawForm(
        request.POST
        if request.method == "POST" and "publish_commitment" not in request.POST
        else None,
        initial={"seed": random_seed(), "commitment": unused[-1] if unused else ""},
        commitments=unused,
    )
    if form.is_bound:
        done = run_service(
            request,
            form,
            lambda: services.group_stage_draw(
                tournament=tournament,
                seed=None if form.cleaned_data["commitment"] else form.cleaned_data["seed"],
                commitment=form.cleaned_data["commitment"] or None,
                five_tables=form.cleaned_data["five_tables"],
                actor=request.user,
            ),
            success_message=_("The group stage has been drawn."),
            redirect_to=reverse("staff:draw", args=[tournament.pk]),
        )
        if done is not None:
            return done
    group_draw = (
        GroupDraw.objects.filter(tournament=tournament)
        .select_related("drawn_by", "commitment")
        .first()
    )
    locked = Result.objects.filter(game__tournament=tournament, game__stage=Stage.GROUP).exists()
    # Scoresheets of the games that are played: per round, and per table and round.
    played: dict[int, list[int]] = {}
    for table_id, round_ in (
        Game.objects.filter(tournament=tournament, stage=Stage.GROUP)
        .exclude(status=Game.Status.VOID)
        .order_by("round")
        .values_list("table_id", "round")
    ):
        played.setdefault(table_id, []).append(round_)
    seating = [
        (
            table,
            [
                (r, scoresheets_url(tournament.pk, stage=Stage.GROUP, round=r, table=table.number))
                for r in played.get(table.pk, [])
            ],
        )
        for table in selectors.group_tables(tournament)
    ]
    rounds = sorted({r for rs in played.values() for r in rs})
    return render_staff(
        request,
        "draw.html",
        {
            "tournament": tournament,
            "form": form,
            "group_draw": group_draw,
            "commitments": selectors.draw_commitments(tournament),
            "seating": seating,
            "round_sheets": [
                (r, scoresheets_url(tournament.pk, stage=Stage.GROUP, round=r)) for r in rounds
            ],
            "locked": locked,
            "active": tournament.participants.filter(status=Participant.Status.ACTIVE).count(),
        },
    )
