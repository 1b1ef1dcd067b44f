"""Penalties a referee gives (rules.md §7).

A **penalty** is a **warning** (recorded, no effect on the standings), a
bounty **deduction** (a positive amount subtracted from the participant's
total) or an **exclusion** (the participant leaves the tournament: their open
games that cannot be played without them are voided). Every penalty names
the referee and a reason.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import ErrorItem, InvalidInput
from ..models import Participant, Penalty
from .audit import audit_log
from .participants import participant_leave


def penalty_give(
    *,
    participant: Participant,
    kind: str,
    reason: str,
    amount: int = 0,
    actor: User,
) -> Penalty:
    """A referee's warning, bounty deduction or exclusion (rules.md §7)."""
    errors = _problems(participant, kind=kind, reason=reason, amount=amount)
    if errors:
        raise InvalidInput(errors)
    if kind != Penalty.Kind.DEDUCTION:
        amount = 0
    with transaction.atomic():
        penalty = Penalty.objects.create(
            tournament=participant.tournament,
            participant=participant,
            kind=kind,
            amount=amount,
            reason=reason.strip(),
            referee=actor,
        )
        audit_log(
            tournament=participant.tournament,
            actor=actor,
            action="penalty_given",
            obj=penalty,
            after={
                "participant": participant.pk,
                "kind": kind,
                "amount": amount,
                "reason": penalty.reason,
            },
        )
        if kind == Penalty.Kind.EXCLUSION:
            participant_leave(
                participant=participant,
                status=Participant.Status.EXCLUDED,
                actor=actor,
                reason=reason,
            )
    return penalty


def _problems(participant: Participant, *, kind: str, reason: str, amount: int) -> list[ErrorItem]:
    errors: list[ErrorItem] = []
    if kind not in Penalty.Kind.values:
        errors.append(
            ErrorItem(
                code="invalid_kind",
                message=_("The kind must be warning, deduction or exclusion."),
                field="kind",
            )
        )
    if not (reason or "").strip():
        errors.append(
            ErrorItem(
                code="reason_required", message=_("A penalty needs a reason."), field="reason"
            )
        )
    if kind == Penalty.Kind.DEDUCTION and (not isinstance(amount, int) or amount <= 0):
        errors.append(
            ErrorItem(
                code="invalid_amount",
                message=_("A deduction needs a positive amount."),
                field="amount",
            )
        )
    if participant.status == Participant.Status.EXCLUDED:
        errors.append(
            ErrorItem(
                code="already_excluded",
                message=_("%(name)s is already excluded.") % {"name": participant.name},
            )
        )
    return errors
