"""The participant import page: upload, check, warn about duplicates, register.

The flow (issue 23): the upload is **checked** first (``imports.participants_import_check``,
nothing written). Problems are listed by row and nothing is imported; the names
already registered, or repeated inside the file, are listed with them, so that
one look shows everything to correct in the file (issue 32). A file without
problems but with such names shows them **before** anything is imported; the
organiser then imports without them or imports anyway. The
checked rows wait in the session for that choice (``token`` ties the choice to
the file it was shown for).
"""

from __future__ import annotations

import secrets
from datetime import date
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments import documents, services
from tournaments.documents import imports
from tournaments.errors import DomainError, ErrorItem
from tournaments.models import Participant, Tournament
from tournaments.web.forms import ParticipantImportForm

from .access import XLSX, StaffRequest, get_tournament, organiser_required, render_staff

IMPORT_COLUMNS: tuple[tuple[str, Any], ...] = (
    (
        "name",
        gettext_lazy(
            "the participant's name (required); a name beginning with “=” is refused, "
            "since spreadsheets would take it for a formula"
        ),
    ),
    ("nationality", gettext_lazy("country code, ISO 3166 alpha-2, e.g. DE or AT (required)")),
    ("birth_date", gettext_lazy("YYYY-MM-DD or DD.MM.YYYY, or a date cell (optional)")),
    (
        "age_approved",
        gettext_lazy(
            "yes/no: a player under 8 knows the rules, confirmed by the organiser (optional)"
        ),
    ),
    (
        "player",
        gettext_lazy(
            "the number of the player across tournaments (their profile shows it), to link "
            "this participant to them for the season rankings (optional)"
        ),
    ),
    (
        "federation_player",
        gettext_lazy(
            "for a tournament made from an event package: the number of one of the "
            "package's players (the participant form lists them), for the federation's "
            "season (optional)"
        ),
    ),
)

SESSION_KEY = "participant_import"


def _store(request: StaffRequest, tournament: Tournament, check: imports.ImportCheck) -> str:
    """Keep the checked rows until the organiser chooses; answers the token."""
    token = secrets.token_urlsafe(12)
    request.session[SESSION_KEY] = {
        "tournament": tournament.pk,
        "token": token,
        "rows": [
            {
                "row": r.row,
                "name": r.item.name,
                "nationality": r.item.nationality,
                "birth_date": r.item.birth_date.isoformat() if r.item.birth_date else None,
                "age_approved": r.item.age_approved,
                "player": r.item.player,
                "federation_player": r.item.federation_player,
            }
            for r in check.rows
        ],
        "duplicates": [d.row for d in check.duplicates],
    }
    return token


def _stored(
    request: StaffRequest, tournament: Tournament, token: str
) -> tuple[list[imports.ParsedRow], set[int]] | None:
    """The rows kept for ``token`` (and the duplicates' rows), or None."""
    kept = request.session.get(SESSION_KEY)
    if not kept or kept.get("tournament") != tournament.pk or kept.get("token") != token:
        return None
    rows = [
        imports.ParsedRow(
            row=r["row"],
            item=services.ParticipantInput(
                name=r["name"],
                nationality=r["nationality"],
                birth_date=date.fromisoformat(r["birth_date"]) if r["birth_date"] else None,
                age_approved=r["age_approved"],
                player=r.get("player"),
                federation_player=r.get("federation_player"),
            ),
        )
        for r in kept["rows"]
    ]
    return rows, set(kept["duplicates"])


def _imported(request: StaffRequest, tournament: Tournament, created: list[Participant]) -> Any:
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


@organiser_required
def participants_import(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Register participants from an ``.xlsx`` file: checked first, duplicates said
    before anything is imported, then all rows (or all but the duplicates) or none."""
    tournament = get_tournament(tournament_id)
    form = ParticipantImportForm()
    context: dict[str, Any] = {"problems": [], "duplicates": []}
    if request.method == "POST" and request.POST.get("step") == "confirm":
        stored = _stored(request, tournament, request.POST.get("token", ""))
        if stored is None:
            messages.error(request, _("That import has expired; upload the file again."))
            return redirect("staff:participants_import", tournament.pk)
        rows, duplicates = stored
        if request.POST.get("choice") == "skip":
            rows = [r for r in rows if r.row not in duplicates]
        request.session.pop(SESSION_KEY, None)
        if not rows:
            messages.info(request, _("Nobody was imported: every name is registered already."))
            return redirect("staff:participants", tournament.pk)
        try:
            created = imports.participants_register_rows(
                tournament=tournament, rows=rows, actor=request.user
            )
        except DomainError as error:
            context["problems"] = _by_row(error.errors)
        else:
            return _imported(request, tournament, created)
    elif request.method == "POST":
        form = ParticipantImportForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                check = imports.participants_import_check(
                    tournament=tournament, file=form.cleaned_data["file"]
                )
            except DomainError as error:
                context["problems"] = _by_row(error.errors)
            else:
                if check.problems:
                    # Every kind at once: the duplicates too, to correct in the same go.
                    context["problems"] = _by_row(check.problems)
                    context["duplicates"] = check.duplicates
                elif check.duplicates:
                    context.update(
                        duplicates=check.duplicates,
                        token=_store(request, tournament, check),
                        total=len(check.rows),
                        kept=len(check.kept(skip_duplicates=True)),
                    )
                else:
                    try:
                        created = imports.participants_register_rows(
                            tournament=tournament, rows=check.rows, actor=request.user
                        )
                    except DomainError as error:
                        context["problems"] = _by_row(error.errors)
                    else:
                        return _imported(request, tournament, created)
    return render_staff(
        request,
        "participants_import.html",
        {"tournament": tournament, "form": form, "columns": IMPORT_COLUMNS, **context},
    )


def _by_row(errors: list[ErrorItem]) -> list[ErrorItem]:
    return sorted(errors, key=lambda e: (e.row is None, e.row or 0))


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
