"""The staff: who may act as a referee.

A **referee** records results and gives penalties; being one means belonging
to the Django group ``referees`` (``tournaments.permissions``). Organisers
appoint and dismiss referees; the change applies to every tournament.
"""

from __future__ import annotations

from django.contrib.auth.models import Group, User
from django.db import transaction

from ..permissions import REFEREES
from .audit import audit_log


def referee_appoint(*, user: User, actor: User | None = None) -> None:
    """Make ``user`` a referee (the Django group ``referees``)."""
    with transaction.atomic():
        Group.objects.get(name=REFEREES).user_set.add(user)
        audit_log(
            tournament=None,
            actor=actor,
            action="referee_added",
            obj=user,
            after={"username": user.get_username()},
        )


def referee_dismiss(*, user: User, actor: User | None = None) -> None:
    """``user`` is no longer a referee."""
    with transaction.atomic():
        Group.objects.get(name=REFEREES).user_set.remove(user)
        audit_log(
            tournament=None,
            actor=actor,
            action="referee_removed",
            obj=user,
            before={"username": user.get_username()},
        )
