"""Check-in at the door (rules.md §12, "Who is here"), on the participant list.

On a phone at the door a tap changes its row in place: with htmx the answer is the
row's check-in button again, with the row's status, a line added to the status
lines (who was just checked in, newest first), the counts and the "withdraw
everyone not checked in" box swapped out of band, so the list neither reloads
nor jumps. Without JavaScript the same form posts and comes back to its row
(``#p<id>``). A participant withdrawn before the draw (the latecomer after
"withdraw everyone not checked in") is reinstated and checked in with one tap.

"Withdraw everyone not checked in" sits below the list, apart from the rows, and
asks first: its first ``POST`` only shows who would be withdrawn and how many; the
confirmation names exactly those, and if the list has changed meanwhile it asks
again instead of withdrawing others.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Count, Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import selectors, services
from tournaments.errors import DomainError
from tournaments.models import Participant, Tournament

from .access import StaffRequest

__all__ = ["check_in", "door_counts", "withdraw_absent"]


def door_counts(tournament: Tournament) -> dict[str, int]:
    """How many are registered, active, withdrawn, checked in and active but absent
    (one query)."""
    active = Q(status=Participant.Status.ACTIVE)
    counts = tournament.participants.aggregate(
        n_total=Count("id"),
        n_active=Count("id", filter=active),
        n_withdrawn=Count("id", filter=Q(status=Participant.Status.WITHDRAWN)),
        n_checked_in=Count("id", filter=Q(checked_in=True)),
        n_absent=Count("id", filter=active & Q(checked_in=False)),
    )
    return {key.removeprefix("n_"): value for key, value in counts.items()}


def _participant(tournament: Tournament, raw: str | None) -> Participant:
    if not raw or not raw.isdigit():
        raise Http404
    return get_object_or_404(Participant, pk=int(raw), tournament=tournament)


def check_in(request: StaffRequest, tournament: Tournament) -> HttpResponse:
    """Check a participant in (or undo it); ``reinstate=1`` first undoes a withdrawal
    before the draw. A refusal is said in the status line (htmx) or the messages."""
    participant = _participant(tournament, request.POST.get("participant"))
    wanted = request.POST.get("checked_in") == "1"
    try:
        if request.POST.get("reinstate") == "1":
            participant = services.participant_reinstate(
                participant=participant, actor=request.user, check_in=True
            )
            said = _("%(name)s is back in the tournament and checked in.")
        else:
            participant = services.participant_check_in(
                participant=participant, checked_in=wanted, actor=request.user
            )
            said = _("%(name)s is checked in.") if wanted else _("%(name)s is not checked in.")
        said %= {"name": participant.name}
        refused = False
    except DomainError as error:
        said = " ".join(str(item.message) for item in error.errors)
        refused = True
    if request.htmx:
        participant.refresh_from_db()
        return _answer(request, tournament, participant, said=said, refused=refused)
    (messages.error if refused else messages.success)(request, said)
    url = reverse("staff:participants", args=[tournament.pk])
    query = request.POST.get("q", "")
    return redirect((f"{url}?{urlencode({'q': query})}" if query else url) + f"#p{participant.pk}")


def _answer(
    request: StaffRequest,
    tournament: Tournament,
    participant: Participant,
    *,
    said: str,
    refused: bool,
) -> HttpResponse:
    """The row's new check-in button, and out of band what else changed."""
    drawn = selectors.group_stage_drawn(tournament)
    context: dict[str, Any] = {
        "tournament": tournament,
        "record": participant,
        "is_organiser": True,
        "drawn": drawn,
        "said": said,
        "refused": refused,
        "oob": True,
        "query": request.POST.get("q", ""),
        "limit": tournament.config.max_participants,
        **door_counts(tournament),
    }
    html = render_to_string(
        "tournaments/staff/partials/check_in_answer.html", context, request=request
    )
    response = HttpResponse(html)
    response["Cache-Control"] = "no-store"
    return response


def withdraw_absent(request: StaffRequest, tournament: Tournament) -> dict[str, Any] | HttpResponse:
    """The first ``POST`` answers what to ask (the absent, to list on the page); the
    confirmed one withdraws them, if they are still exactly those."""
    here = reverse("staff:participants", args=[tournament.pk])
    if selectors.group_stage_drawn(tournament):
        messages.error(
            request, _("Absent participants can only be withdrawn before the group-stage draw.")
        )
        return redirect(here)
    absent = list(
        tournament.participants.filter(status=Participant.Status.ACTIVE, checked_in=False).order_by(
            "name", "id"
        )
    )
    if not absent:
        messages.info(request, _("Everyone active has checked in: nobody to withdraw."))
        return redirect(here)
    asked = sorted(int(v) for v in request.POST.getlist("absent") if v.isdigit())
    if not request.POST.get("confirm") or asked != sorted(p.pk for p in absent):
        return {"withdrawing": absent, "withdrawing_changed": bool(request.POST.get("confirm"))}
    gone = services.participants_withdraw_absent(tournament=tournament, actor=request.user)
    messages.success(
        request,
        ngettext(
            "%(n)s participant who had not checked in has been withdrawn.",
            "%(n)s participants who had not checked in have been withdrawn.",
            len(gone),
        )
        % {"n": len(gone)},
    )
    return redirect(here)
