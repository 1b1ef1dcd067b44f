"""Pages for referees (result entry, open games, penalties) and organisers (running the day).

Every page needs a login; a referee page needs the "referees" group (or an
organiser), an organiser page the "organisers" group (or a superuser). The
views are thin: they read with ``tournaments.selectors`` (or a plain query of
one tournament's rows), change things only through ``tournaments.services``,
and turn a service's ``DomainError`` into form errors or messages.

Words: a **cell** of the progress board is one game (a table in a round); its
state is *open*, *recorded*, *corrected* (version > 1) or *not played* (void).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import wraps
from typing import Any

import django_tables2 as tables
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import Group, User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Count, Exists, OuterRef, Q
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import content_disposition_header, urlencode
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from scoring.results import evaluate_result, validate_result
from scoring.rulesets import Role, Side
from tournaments import exports, imports, selectors, services
from tournaments.errors import DomainError, ErrorItem
from tournaments.forms import (
    CharacterForm,
    DrawForm,
    ExistingUserForm,
    KnockoutNextForm,
    KnockoutStartForm,
    ParticipantForm,
    ParticipantImportForm,
    PenaltyForm,
    ResultForm,
    TournamentForm,
    WithdrawForm,
    add_domain_errors,
    live_problems,
    random_seed,
)
from tournaments.models import (
    AuditEntry,
    Character,
    Game,
    GroupDraw,
    Knockout,
    Participant,
    Penalty,
    Result,
    Stage,
    Tournament,
)
from tournaments.permissions import REFEREES, is_organiser, is_referee

View = Callable[..., HttpResponse]
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


# --------------------------------------------------------------------------- access


def _requires(check: Callable[[Any], bool]) -> Callable[[View], View]:
    """Login first (anonymous users go to the login page), then the role (else 403)."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not check(request.user):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        return login_required(wrapped)

    return decorator


referee_required = _requires(is_referee)
organiser_required = _requires(is_organiser)


def _tournament(tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament, pk=tournament_id)


_NAV = {
    "tournament.html": "staff-home",
    "games.html": "staff-games",
    "result_form.html": "staff-games",
    "result_void.html": "staff-games",
    "participants.html": "staff-participants",
    "participant.html": "staff-participants",
    "progress.html": "staff-progress",
    "draw.html": "staff-draw",
    "knockout.html": "staff-knockout",
    "tournament_form.html": "staff-settings",
    "participants_import.html": "staff-participants",
    "audit.html": "staff-home",
}


def _render(
    request: HttpRequest, template: str, context: dict[str, Any], **kwargs: Any
) -> HttpResponse:
    """Render a staff template with the role and the staff menu entry to highlight."""
    context.setdefault("is_organiser", is_organiser(request.user))
    context.setdefault("nav", _NAV.get(template, ""))
    return render(request, f"tournaments/staff/{template}", context, **kwargs)


def scoresheets_url(tournament_id: int, *, stage: str, round: int, table: int | None = None) -> str:
    """The printable scoresheets of a round (or of one table in it): ``api-scoresheets``."""
    query: dict[str, Any] = {"stage": stage, "round": round}
    if table is not None:
        query["table"] = table
    return f"{reverse('api-scoresheets', args=[tournament_id])}?{urlencode(query)}"


# --------------------------------------------------------------------------- tables


class GameTable(tables.Table):
    """The referee overview: one row per game, table by table."""

    round = tables.Column(verbose_name=gettext_lazy("Round"), accessor="round")
    table = tables.Column(verbose_name=gettext_lazy("Table"), accessor="table__number")
    players = tables.Column(verbose_name=gettext_lazy("Players"), empty_values=(), orderable=False)
    status = tables.Column(verbose_name=gettext_lazy("Status"), empty_values=())
    sheet = tables.Column(verbose_name=gettext_lazy("Scoresheet"), empty_values=(), orderable=False)
    action = tables.Column(verbose_name="", empty_values=(), orderable=False)

    class Meta:
        attrs = {"class": "data staff-table games-table"}
        row_attrs = {"data-game": lambda record: record.pk}

    def render_players(self, record: Game) -> str:
        sheriff = record.sheriff_position
        names = [
            f"{s.position}. {s.participant.name}" + (" ★" if s.position == sheriff else "")
            for s in record.seat_list
        ]
        return ", ".join(names)

    def render_status(self, record: Game) -> str:
        state = _cell_state(record)
        return format_html('<span class="state state-{}">{}</span>', state, _cell_label(state))

    def render_sheet(self, record: Game) -> str:
        if record.status == Game.Status.VOID:
            return ""
        url = scoresheets_url(
            record.tournament_id, stage=record.stage, round=record.round, table=record.table.number
        )
        return format_html('<a class="scoresheet-link" href="{}">{}</a>', url, _("PDF"))

    def render_action(self, record: Game) -> str:
        if record.status == Game.Status.VOID:
            return ""
        url = reverse("staff:result", args=[record.tournament_id, record.pk])
        if record.status == Game.Status.OPEN:
            label = _("Enter result")
        elif getattr(record, "awaiting", False):
            label = _("Check and confirm")
        else:
            label = _("Correct")
        return format_html('<a class="button" href="{}">{}</a>', url, label)


class ParticipantTable(tables.Table):
    name = tables.Column(verbose_name=gettext_lazy("Name"))
    nationality = tables.Column(verbose_name=gettext_lazy("Nationality"))
    birth_date = tables.DateColumn(verbose_name=gettext_lazy("Birth date"), short=True)
    status = tables.Column(verbose_name=gettext_lazy("Status"))

    class Meta:
        attrs = {"class": "data staff-table participants-table"}
        row_attrs = {"data-participant": lambda record: record.pk}

    def render_name(self, record: Participant) -> str:
        url = reverse("staff:participant", args=[record.tournament_id, record.pk])
        return format_html('<a href="{}">{}</a>', url, record.name)

    def render_nationality(self, record: Participant) -> str:
        country = record.nationality
        return format_html('<abbr title="{}">{}</abbr>', country.name, country.code)

    def render_status(self, record: Participant) -> str:
        return format_html(
            '<span class="status status-{}">{}</span>', record.status, record.get_status_display()
        )


class RefereeTable(tables.Table):
    username = tables.Column(verbose_name=gettext_lazy("User name"))
    last_login = tables.DateTimeColumn(verbose_name=gettext_lazy("Last login"), short=True)
    remove = tables.TemplateColumn(
        verbose_name="",
        orderable=False,
        template_code=(
            '<form method="post">{% csrf_token %}<input type="hidden" name="action" '
            'value="remove"><input type="hidden" name="user" value="{{ record.pk }}">'
            '<button type="submit" class="small">{% load i18n %}{% translate "Remove" %}'
            "</button></form>"
        ),
    )

    class Meta:
        attrs = {"class": "data staff-table referees-table"}


#: A human label for every action code the services write into the audit log.
AUDIT_ACTIONS: dict[str, Any] = {
    "tournament_created": gettext_lazy("Tournament created"),
    "tournament_updated": gettext_lazy("Settings changed"),
    "character_added": gettext_lazy("Character added"),
    "participants_registered": gettext_lazy("Participants registered"),
    "participant_withdrawn": gettext_lazy("Participant withdrawn"),
    "participant_excluded": gettext_lazy("Participant excluded"),
    "group_stage_drawn": gettext_lazy("Group stage drawn"),
    "result_recorded": gettext_lazy("Result recorded"),
    "result_corrected": gettext_lazy("Result corrected"),
    "result_confirmed": gettext_lazy("Result confirmed"),
    "penalty_given": gettext_lazy("Penalty given"),
    "knockout_started": gettext_lazy("Knockout started"),
    "knockout_round_seated": gettext_lazy("Knockout round seated"),
    "knockout_champion": gettext_lazy("Champion decided"),
    "tournament_imported": gettext_lazy("Tournament imported"),
    "referee_added": gettext_lazy("Referee added"),
    "referee_removed": gettext_lazy("Referee removed"),
}

_OBJECT_TYPES: dict[str, Any] = {
    "Tournament": gettext_lazy("Tournament"),
    "Character": gettext_lazy("Character"),
    "Participant": gettext_lazy("Participant"),
    "Game": gettext_lazy("Game"),
    "Penalty": gettext_lazy("Penalty"),
    "Knockout": gettext_lazy("Knockout"),
    "User": gettext_lazy("User"),
}


def _pretty_json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True, default=str)


class AuditTable(tables.Table):
    """The audit log of one tournament, newest first (rows: ``AuditEntry``)."""

    created_at = tables.DateTimeColumn(verbose_name=gettext_lazy("Time"), format="Y-m-d H:i:s")
    actor = tables.Column(verbose_name=gettext_lazy("By"), empty_values=())
    action = tables.Column(verbose_name=gettext_lazy("Action"))
    object = tables.Column(verbose_name=gettext_lazy("Object"), empty_values=())
    changes = tables.Column(verbose_name=gettext_lazy("Before / after"), empty_values=())

    class Meta:
        orderable = False
        attrs = {"class": "data staff-table audit-table"}
        row_attrs = {
            "data-audit": lambda record: record.pk,
            "data-action": lambda record: record.action,
        }
        empty_text = gettext_lazy("No entries.")

    def render_actor(self, record: AuditEntry) -> str:
        if record.actor is None:
            return format_html('<span class="muted">{}</span>', _("system"))
        return record.actor.get_username()

    def render_action(self, record: AuditEntry) -> str:
        label = AUDIT_ACTIONS.get(record.action)
        if label is None:
            return format_html("<code>{}</code>", record.action)
        return format_html('<span title="{}">{}</span>', record.action, label)

    def render_object(self, record: AuditEntry) -> str:
        if not record.object_type:
            return "—"
        label = f"{_OBJECT_TYPES.get(record.object_type, record.object_type)} #{record.object_id}"
        url = None
        if record.object_id.isdigit() and record.tournament_id:
            if record.object_type == "Game":
                url = reverse("staff:result", args=[record.tournament_id, int(record.object_id)])
            elif record.object_type == "Participant":
                url = reverse(
                    "staff:participant", args=[record.tournament_id, int(record.object_id)]
                )
        if url is None:
            return label
        return format_html('<a href="{}">{}</a>', url, label)

    def render_changes(self, record: AuditEntry) -> SafeString | str:
        if record.before is None and record.after is None:
            return ""
        return format_html(
            '<details class="audit-changes"><summary>{}</summary><div class="audit-diff">'
            "<div><h3>{}</h3><pre>{}</pre></div><div><h3>{}</h3><pre>{}</pre></div>"
            "</div></details>",
            _("Show"),
            _("Before"),
            _pretty_json(record.before) if record.before is not None else "—",
            _("After"),
            _pretty_json(record.after) if record.after is not None else "—",
        )


# --------------------------------------------------------------------------- home pages


@referee_required
def staff_index(request: HttpRequest) -> HttpResponse:
    """Every tournament with its staff pages; organisers can create one."""
    tournaments = Tournament.objects.order_by("-date", "-id")
    return _render(request, "index.html", {"tournaments": tournaments})


@referee_required
def tournament_home(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A tournament's staff start page: where things stand and where to go."""
    tournament = _tournament(tournament_id)
    counts = Game.objects.filter(tournament=tournament).aggregate(
        open=Count("id", filter=Q(status=Game.Status.OPEN)),
        recorded=Count("id", filter=Q(status=Game.Status.RECORDED)),
    )
    return _render(
        request,
        "tournament.html",
        {
            "tournament": tournament,
            "counts": counts,
            "participants": tournament.participants.count(),
        },
    )


@organiser_required
def audit(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Who changed what in this tournament, newest first, 100 entries a page."""
    tournament = _tournament(tournament_id)
    action = request.GET.get("action", "")
    entries = (
        AuditEntry.objects.filter(tournament=tournament)
        .select_related("actor")
        .order_by("-created_at", "-id")
    )
    if action:
        entries = entries.filter(action=action)
    table = AuditTable(entries)
    tables.RequestConfig(request, paginate={"per_page": 100}).configure(table)
    return _render(
        request,
        "audit.html",
        {
            "tournament": tournament,
            "table": table,
            "actions": sorted(AUDIT_ACTIONS.items(), key=lambda item: str(item[1])),
            "action": action,
        },
    )


# --------------------------------------------------------------------------- organisers: setup


@organiser_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    """Create a tournament (name, date, ruleset, language, settings)."""
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(actor=request.user, **form.service_kwargs())
        except DomainError as error:
            add_domain_errors(form, error, field_map=TournamentForm.field_map)
        else:
            messages.success(request, _("The tournament has been created."))
            return redirect("staff:tournament", tournament.pk)
    return _render(request, "tournament_form.html", {"form": form, "tournament": None})


@organiser_required
def tournament_settings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Change a tournament's name, date, ruleset, language and settings; add characters."""
    tournament = _tournament(tournament_id)
    action = request.POST.get("action")
    form = TournamentForm(request.POST if action == "settings" else None, tournament=tournament)
    character_form = CharacterForm(request.POST if action == "character" else None)
    if action == "settings" and form.is_valid():
        try:
            services.tournament_update(
                tournament=tournament, actor=request.user, **form.service_kwargs()
            )
        except DomainError as error:
            add_domain_errors(form, error, field_map=TournamentForm.field_map)
        else:
            messages.success(request, _("The settings have been saved."))
            return redirect("staff:settings", tournament.pk)
    if action == "character" and character_form.is_valid():
        try:
            character = services.character_add(
                tournament=tournament, actor=request.user, **character_form.cleaned_data
            )
        except DomainError as error:
            add_domain_errors(character_form, error)
        else:
            messages.success(request, _("%(name)s has been added.") % {"name": character.name})
            return redirect("staff:settings", tournament.pk)
    return _render(
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
def participants(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The participant list; organisers register participants one by one here."""
    tournament = _tournament(tournament_id)
    organiser = is_organiser(request.user)
    form = ParticipantForm(request.POST or None) if organiser else None
    if request.method == "POST":
        if form is None:
            raise PermissionDenied
        if form.is_valid():
            try:
                (created,) = services.participants_register(
                    tournament=tournament, items=[form.to_input()], actor=request.user
                )
            except DomainError as error:
                add_domain_errors(form, error)
            else:
                messages.success(
                    request, _("%(name)s has been registered.") % {"name": created.name}
                )
                return redirect("staff:participants", tournament.pk)
    rows = tournament.participants.order_by("id")
    table = ParticipantTable(rows)
    tables.RequestConfig(request, paginate=False).configure(table)
    status = dict(
        rows.values("status").annotate(n=Count("id")).order_by().values_list("status", "n")
    )
    return _render(
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
def participants_import(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Register participants from an ``.xlsx`` file: all rows, or none and every problem."""
    tournament = _tournament(tournament_id)
    form = ParticipantImportForm(request.POST, request.FILES) if request.method == "POST" else None
    problems: list[ErrorItem] = []
    if form is not None and form.is_valid():
        try:
            created = imports.participants_import(
                tournament=tournament, file=form.cleaned_data["file"], actor=request.user
            )
        except DomainError as error:
            problems = sorted(error.errors, key=lambda e: (e.row is None, e.row or 0))
        else:
            messages.success(
                request,
                ngettext(
                    "%(count)s participant has been imported.",
                    "%(count)s participants have been imported.",
                    len(created),
                )
                % {"count": len(created)},
            )
            return redirect("staff:participants", tournament.pk)
    return _render(
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
def participants_import_template(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """An example workbook for the import: the header row and two example rows."""
    tournament = _tournament(tournament_id)
    content = exports.write_xlsx(
        [
            exports.SheetSpec(
                title=_("Participants"),
                columns=[
                    exports.Column(name, width)
                    for (name, _help), width in zip(IMPORT_COLUMNS, (30, 12, 14, 14), strict=True)
                ],
                rows=IMPORT_EXAMPLE_ROWS,
            )
        ]
    )
    response = HttpResponse(content, content_type=XLSX)
    response["Content-Disposition"] = content_disposition_header(
        True, f"participants-{tournament.pk}.xlsx"
    )
    return response


@referee_required
def participant_detail(request: HttpRequest, tournament_id: int, participant_id: int):
    """A participant for the staff: penalties (referees), withdrawal (organisers)."""
    tournament = _tournament(tournament_id)
    participant = get_object_or_404(Participant, pk=participant_id, tournament=tournament)
    action = request.POST.get("action")
    penalty_form = PenaltyForm(request.POST if action == "penalty" else None)
    withdraw_form = WithdrawForm(request.POST if action == "withdraw" else None)
    if action == "penalty" and penalty_form.is_valid():
        data = penalty_form.cleaned_data
        try:
            services.penalty_give(
                participant=participant,
                kind=data["kind"],
                amount=data["amount"] or 0,
                reason=data["reason"],
                actor=request.user,
            )
        except DomainError as error:
            add_domain_errors(penalty_form, error)
        else:
            messages.success(request, _("The penalty has been recorded."))
            return redirect("staff:participant", tournament.pk, participant.pk)
    elif action == "withdraw":
        if not is_organiser(request.user):
            raise PermissionDenied
        if withdraw_form.is_valid():
            try:
                services.participant_withdraw(
                    participant=participant,
                    actor=request.user,
                    reason=withdraw_form.cleaned_data["reason"],
                )
            except DomainError as error:
                add_domain_errors(withdraw_form, error)
            else:
                messages.success(request, _("%(name)s has withdrawn.") % {"name": participant.name})
                return redirect("staff:participant", tournament.pk, participant.pk)
    seat = participant.seats.filter(table__stage=Stage.GROUP).select_related("table").first()
    return _render(
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
def draw(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Run (or redo) the group-stage draw and show the seating with its seed."""
    tournament = _tournament(tournament_id)
    form = DrawForm(request.POST or None, initial={"seed": random_seed()})
    if request.method == "POST" and form.is_valid():
        try:
            services.group_stage_draw(
                tournament=tournament,
                seed=form.cleaned_data["seed"],
                five_tables=form.cleaned_data["five_tables"],
                actor=request.user,
            )
        except DomainError as error:
            add_domain_errors(form, error)
        else:
            messages.success(request, _("The group stage has been drawn."))
            return redirect("staff:draw", tournament.pk)
    group_draw = GroupDraw.objects.filter(tournament=tournament).select_related("drawn_by").first()
    locked = Result.objects.filter(game__tournament=tournament, game__stage=Stage.GROUP).exists()
    seating = selectors.group_tables(tournament)
    # Scoresheets of the games that are played: per round, and per table and round.
    played: dict[int, list[int]] = {}
    for table_id, round_ in (
        Game.objects.filter(tournament=tournament, stage=Stage.GROUP)
        .exclude(status=Game.Status.VOID)
        .order_by("round")
        .values_list("table_id", "round")
    ):
        played.setdefault(table_id, []).append(round_)
    for table in seating:
        table.sheets = [
            (r, scoresheets_url(tournament.pk, stage=Stage.GROUP, round=r, table=table.number))
            for r in played.get(table.pk, [])
        ]
    rounds = sorted({r for rs in played.values() for r in rs})
    return _render(
        request,
        "draw.html",
        {
            "tournament": tournament,
            "form": form,
            "group_draw": group_draw,
            "seating": seating,
            "round_sheets": [
                (r, scoresheets_url(tournament.pk, stage=Stage.GROUP, round=r)) for r in rounds
            ],
            "locked": locked,
            "active": tournament.participants.filter(status=Participant.Status.ACTIVE).count(),
        },
    )


# --------------------------------------------------------------------------- progress


@dataclass(frozen=True)
class Cell:
    game: Game | None
    # "open", "recorded", "corrected", "awaiting" (recorded, not yet confirmed: setting
    # ``double_check``), "void" or "none" (no such round)
    state: str

    @property
    def label(self) -> str:
        return _cell_label(self.state)


def _cell_state(game: Game) -> str:
    if game.status == Game.Status.VOID:
        return "void"
    if game.status == Game.Status.OPEN:
        return "open"
    if getattr(game, "awaiting", False):
        return "awaiting"
    return "corrected" if game.version > 1 else "recorded"


def _cell_label(state: str) -> str:
    return {
        "open": _("open"),
        "recorded": _("recorded"),
        "corrected": _("corrected"),
        "awaiting": _("awaiting confirmation"),
        "void": _("not played"),
        "none": "",
    }[state]


def _unconfirmed() -> Exists:
    """Per game: its current result still waits for a second person's confirmation."""
    return Exists(
        Result.objects.filter(game=OuterRef("pk"), is_current=True, confirmed_by__isnull=True)
    )


def progress_board(tournament: Tournament) -> dict[str, Any]:
    """The grid tables x rounds of every stage, from one query of the games."""
    double_check = tournament.config.double_check
    query = Game.objects.filter(tournament=tournament).select_related("table")
    if double_check:
        query = query.annotate(awaiting=_unconfirmed())
    games = list(query.order_by("stage", "table__round", "table__number", "round"))
    group = [g for g in games if g.stage == Stage.GROUP]
    rounds = list(range(1, max((g.table.size for g in group), default=0) + 1))
    rows: dict[int, dict[str, Any]] = {}
    for game in group:
        row = rows.setdefault(
            game.table.number,
            {"table": game.table, "cells": {r: Cell(None, "none") for r in rounds}},
        )
        row["cells"][game.round] = Cell(game, _cell_state(game))
    grid = [{"table": row["table"], "cells": list(row["cells"].values())} for row in rows.values()]
    knockout: dict[int, list[Cell]] = {}
    for game in games:
        if game.stage == Stage.KNOCKOUT:
            knockout.setdefault(game.round, []).append(Cell(game, _cell_state(game)))
    states = [_cell_state(g) for g in group]
    return {
        "rounds": rounds,
        "grid": grid,
        "knockout": sorted(knockout.items()),
        "summary": {
            s: states.count(s) for s in ("open", "recorded", "corrected", "awaiting", "void")
        },
        "double_check": double_check,
    }


@organiser_required
def progress(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Which games are open, recorded, corrected or not played; refreshes itself."""
    tournament = _tournament(tournament_id)
    context = {"tournament": tournament, **progress_board(tournament)}
    if request.htmx:
        return _render(request, "partials/progress_grid.html", context)
    return _render(request, "progress.html", context)


@referee_required
def games(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The referees' overview: games still open table by table, recorded ones to correct."""
    tournament = _tournament(tournament_id)
    try:
        round_filter = int(request.GET.get("round", ""))
    except ValueError:
        round_filter = None
    show = request.GET.get("show", "open")
    double_check = tournament.config.double_check
    game_list = selectors.games_list(tournament, round=round_filter)
    if double_check:
        awaiting = set(
            Result.objects.filter(
                game__tournament=tournament, is_current=True, confirmed_by__isnull=True
            ).values_list("game_id", flat=True)
        )
        for game in game_list:
            game.awaiting = game.pk in awaiting
    if show == "open":
        game_list = [g for g in game_list if g.status == Game.Status.OPEN]
    elif show == "recorded":
        game_list = [g for g in game_list if g.status == Game.Status.RECORDED]
    elif show == "unconfirmed" and double_check:
        game_list = [g for g in game_list if getattr(g, "awaiting", False)]
    game_list.sort(key=lambda g: (g.stage != Stage.GROUP, g.round, g.table.number))
    table = GameTable(game_list, order_by=None)
    stage_rounds = sorted(
        set(Game.objects.filter(tournament=tournament).values_list("stage", "round")),
        key=lambda item: (item[0] != Stage.GROUP, item[1]),
    )
    return _render(
        request,
        "games.html",
        {
            "tournament": tournament,
            "table": table,
            "rounds": sorted({r for _stage, r in stage_rounds}),
            "round_sheets": [
                {
                    "stage": stage,
                    "round": r,
                    "url": scoresheets_url(tournament.pk, stage=stage, round=r),
                }
                for stage, r in stage_rounds
            ],
            "round_filter": round_filter,
            "show": show,
            "double_check": double_check,
        },
    )


# --------------------------------------------------------------------------- results


@dataclass
class ResultPage:
    """What the result form needs about one game."""

    tournament: Tournament
    game: Game
    seats: list[Any]
    spec: Any
    current: Result | None

    def form(self, data: Any = None) -> ResultForm:
        return ResultForm(
            data, game=self.game, spec=self.spec, seats=self.seats, current=self.current
        )


def _result_page(tournament_id: int, game_id: int) -> ResultPage:
    tournament = _tournament(tournament_id)
    game = get_object_or_404(
        Game.objects.select_related("table", "tournament"), pk=game_id, tournament=tournament
    )
    seats = list(game.table.seats.select_related("participant").order_by("position"))
    spec = services.game_spec(game, seats=seats)
    return ResultPage(tournament, game, seats, spec, selectors.current_result(game))


def _winner_label(page: ResultPage, winner: str | int) -> str:
    if page.spec.player_count >= 4:
        return Side(winner).label
    if page.spec.player_count == 3:
        return Role(winner).label
    name = next((s.participant.name for s in page.seats if s.position == winner), "?")
    return _("seat %(position)s (%(name)s)") % {"position": winner, "name": name}


def _render_result(
    request: HttpRequest,
    page: ResultPage,
    form: ResultForm,
    *,
    problems: list[Any] = (),
    conflict: bool = False,
    status: int = 200,
) -> HttpResponse:
    table_problems = [p.message for p in problems if p.position is None]
    current = page.current
    double_check = page.tournament.config.double_check
    awaiting = double_check and current is not None and current.confirmed_by_id is None
    return _render(
        request,
        "result_form.html",
        {
            "tournament": page.tournament,
            "game": page.game,
            "form": form,
            "blocks": form.seat_blocks(problems),
            "table_problems": table_problems,
            "absent": [s for s in page.seats if s.position not in page.spec.positions],
            "current": current,
            "history": _history(page) if current is not None else [],
            "seats": page.seats,
            "double_check": double_check,
            "awaiting": awaiting,
            "can_confirm": awaiting and current.recorded_by_id != request.user.pk,
            "conflict": conflict,
            "lives_table": form.lives_table(),
        },
        status=status,
    )


@dataclass(frozen=True)
class HistorySeat:
    """One seat in one version of a result; ``changed``: differs from the version before."""

    role: str
    character: str
    lives: int | None
    won: bool
    changed: bool


@dataclass(frozen=True)
class HistoryRow:
    result: Result
    winner: str
    winner_changed: bool
    seats: list[HistorySeat | None]  # in the order of the table's seats; None: no entry


def _history(page: ResultPage) -> list[HistoryRow]:
    """Every version of the game's result, newest first, with what each one changed."""
    versions = list(
        Result.objects.filter(game=page.game)
        .select_related("recorded_by", "confirmed_by")
        .prefetch_related("seats")
        .order_by("version")
    )
    positions = [s.position for s in page.seats]
    rows: list[HistoryRow] = []
    previous: dict[int, tuple[Any, ...]] | None = None
    previous_winner: str | None = None
    for result in versions:
        entries = {
            rs.position: (rs.get_role_display() if rs.role else "", rs.character, rs.lives, rs.won)
            for rs in result.seats.all()
        }
        seats: list[HistorySeat | None] = []
        for position in positions:
            entry = entries.get(position)
            if entry is None:
                seats.append(None)
                continue
            changed = previous is not None and previous.get(position) != entry
            seats.append(HistorySeat(*entry, changed=changed))
        rows.append(
            HistoryRow(
                result=result,
                winner=_winner_label(page, _parse_winner(result.winner)),
                winner_changed=previous_winner is not None and previous_winner != result.winner,
                seats=seats,
            )
        )
        previous, previous_winner = entries, result.winner
    rows.reverse()
    return rows


@referee_required
def result(request: HttpRequest, tournament_id: int, game_id: int) -> HttpResponse:
    """Enter or correct a game's result; only a valid result is stored."""
    page = _result_page(tournament_id, game_id)
    if page.game.status == Game.Status.VOID:
        return _render(
            request, "result_void.html", {"tournament": page.tournament, "game": page.game}
        )
    if request.method != "POST":
        return _render_result(request, page, page.form())
    form = page.form(request.POST)
    if not form.is_valid():
        return _render_result(request, page, form)
    data = form.cleaned_data
    try:
        saved = services.result_record(
            game=page.game,
            seats=form.seat_inputs(),
            winner=form.winner(),
            signed=data["signed"],
            reason=data["reason"],
            version=data["version"],
            actor=request.user,
        )
    except DomainError as error:
        problems = []
        for item in error.errors:
            if item.position is None and item.field in ("winner", "reason"):
                form.add_error(item.field, str(item.message))
            else:
                problems.append(item)  # at its seat, or above the seats for the table
        conflict = any(e.code == "version_conflict" for e in error.errors)
        return _render_result(request, page, form, problems=problems, conflict=conflict)
    messages.success(
        request,
        _("Result saved (table %(table)s, round %(round)s): %(winner)s won.")
        % {
            "table": page.game.table.number,
            "round": page.game.round,
            "winner": _winner_label(page, _parse_winner(saved.winner)),
        },
    )
    return redirect(f"{reverse('staff:games', args=[page.tournament.pk])}?round={page.game.round}")


def _parse_winner(value: str) -> str | int:
    return int(value) if value.isdigit() else value


@referee_required
@require_POST
def result_confirm(request: HttpRequest, tournament_id: int, game_id: int) -> HttpResponse:
    """A second person confirms the result version they were shown (setting ``double_check``)."""
    tournament = _tournament(tournament_id)
    game = get_object_or_404(
        Game.objects.select_related("table"), pk=game_id, tournament=tournament
    )
    try:
        version: int | None = int(request.POST.get("version", ""))
    except ValueError:
        version = None
    try:
        confirmed = services.result_confirm(game=game, actor=request.user, version=version)
    except DomainError as error:
        for item in error.errors:
            messages.error(request, str(item.message))
        return redirect("staff:result", tournament.pk, game.pk)
    messages.success(
        request,
        _("Result confirmed (table %(table)s, round %(round)s, version %(version)s).")
        % {"table": game.table.number, "round": game.round, "version": confirmed.version},
    )
    return redirect(f"{reverse('staff:games', args=[tournament.pk])}?show=unconfirmed")


@referee_required
@require_POST
def result_check(request: HttpRequest, tournament_id: int, game_id: int) -> HttpResponse:
    """The rules engine's verdict on the entries so far, without saving (htmx, while typing).

    Answers with out-of-band fragments: the messages of every seat block and of
    the whole table.
    """
    page = _result_page(tournament_id, game_id)
    if page.game.status == Game.Status.VOID:
        return HttpResponse(status=204)
    form = page.form(request.POST)
    form.is_valid()  # fills cleaned_data with whatever could be read
    reports = form.seat_reports()
    problems = validate_result(page.spec, reports, winner=form.winner())
    shown = live_problems(form, problems)
    verdict = None
    if form.is_complete() and not problems and not form.errors:
        outcome = evaluate_result(page.spec, reports, winner=form.winner())
        verdict = _("Valid: %(winner)s won.") % {"winner": _winner_label(page, outcome.winner)}
    table_problems = [p.message for p in shown if p.position is None]
    sent = form.cleaned_data.get("version")
    if sent is not None and sent != page.game.version:
        table_problems.insert(
            0,
            _(
                "This result was changed by someone else in the meantime (now version "
                "%(current)s). Reload the page before saving."
            )
            % {"current": page.game.version},
        )
    return _render(
        request,
        "partials/result_check.html",
        {
            "blocks": form.seat_blocks(shown, live=True),
            "table_problems": table_problems,
            "verdict": verdict,
        },
    )


# --------------------------------------------------------------------------- knockout


@organiser_required
def knockout(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Start the knockout, seat the next round, and follow its tables."""
    tournament = _tournament(tournament_id)
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
    return _render(
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


# --------------------------------------------------------------------------- referees


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
    return _render(
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
