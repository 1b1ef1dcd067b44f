"""Who is here (rules.md §12): checking participants in at the venue, and withdrawing,
before the draw, everyone who has not checked in, so that the draw seats exactly
those present."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import Conflict
from ..models import Participant, Tournament
from ..selectors.tournament import group_stage_drawn
from .audit import audit_log


def participant_check_in(
    *, participant: Participant, checked_in: bool = True, actor: User | None = None
) -> Participant:
    """Mark a participant as present at the venue (or undo it).

    Only an active participant checks in: a withdrawn or excluded one is
    ``409 not_active``.
    """
    with transaction.atomic():
        participant = Participant.objects.select_for_update().get(pk=participant.pk)
        if checked_in and participant.status != Participant.Status.ACTIVE:
            raise Conflict.single(
                "not_active",
                _("%(name)s is %(status)s and cannot check in.")
                % {"name": participant.name, "status": participant.get_status_display()},
            )
        if participant.checked_in != checked_in:
            participant.checked_in = checked_in
            participant.save(update_fields=["checked_in"])
            audit_log(
                tournament=participant.tournament,
                actor=actor,
                action="participant_checked_in" if checked_in else "participant_checked_out",
                obj=participant,
                after={"checked_in": checked_in},
            )
    return participant


#: The reason recorded for everyone ``participants_withdraw_absent`` withdraws.
ABSENT_REASON = "not present at the draw"


def participants_withdraw_absent(
    *, tournament: Tournament, actor: User | None = None
) -> list[Participant]:
    """Withdraw, in one audited action, every active participant not checked in
    (rules.md §12, "Who is here"); only before the group-stage draw
    (``409 draw_locked``). The draw then seats exactly those present."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if group_stage_drawn(tournament):
            raise Conflict.single(
                "draw_locked",
                _("Absent participants can only be withdrawn before the group-stage draw."),
            )
        absent = list(
            tournament.participants.select_for_update()
            .filter(status=Participant.Status.ACTIVE, checked_in=False)
            .order_by("id")
        )
        ids = [p.pk for p in absent]
        Participant.objects.filter(pk__in=ids).update(status=Participant.Status.WITHDRAWN)
        for participant in absent:
            participant.status = Participant.Status.WITHDRAWN
        audit_log(
            tournament=tournament,
            actor=actor,
            action="withdrawn_absent",
            obj=tournament,
            before={"status": {str(pk): Participant.Status.ACTIVE.value for pk in ids}},
            after={"participants": ids, "status": "withdrawn", "reason": ABSENT_REASON},
        )
    return absent
