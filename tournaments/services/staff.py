"""The staff of a tournament, and the accounts staff members sign in with.

A tournament's **organisers** (its creator, and those they appoint) may do
everything on it; its **referees** record results and give penalties on it
(rules.md §7, ``tournaments.permissions``). A tournament always keeps at least
one organiser. Leaving a tournament's staff takes the rights away at once: every
request checks the staff table.

An **account** created here has no right at all until it is appointed.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import Conflict, DomainError, ErrorItem, InvalidInput
from ..models import Tournament, TournamentStaff
from .audit import audit_log

Role = TournamentStaff.Role


def _snapshot(entry: TournamentStaff) -> dict[str, str]:
    return {"user": entry.user.get_username(), "role": entry.role}


def _last_organiser() -> DomainError:
    return Conflict.single("last_organiser", _("A tournament always keeps at least one organiser."))


def staff_appoint(
    *, tournament: Tournament, user: User, role: str, actor: User | None = None
) -> TournamentStaff:
    """Make ``user`` an organiser or referee of ``tournament`` (or change their role)."""
    if role not in Role.values:
        raise InvalidInput.single("invalid_role", _("Unknown role."), field="role")
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        entry = TournamentStaff.objects.filter(tournament=tournament, user=user).first()
        before = _snapshot(entry) if entry else None
        if entry is None:
            entry = TournamentStaff.objects.create(tournament=tournament, user=user, role=role)
        elif entry.role != role:
            if entry.role == Role.ORGANISER and _organisers(tournament) == 1:
                raise _last_organiser()
            entry.role = role
            entry.save(update_fields=["role"])
        else:
            return entry
        audit_log(
            tournament=tournament,
            actor=actor,
            action="staff_appointed",
            obj=entry,
            before=before,
            after=_snapshot(entry),
        )
    return entry


def staff_dismiss(*, tournament: Tournament, user: User, actor: User | None = None) -> None:
    """``user`` leaves the staff of ``tournament``; their rights there end at once."""
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        entry = TournamentStaff.objects.filter(tournament=tournament, user=user).first()
        if entry is None:
            raise InvalidInput.single(
                "not_staff", _("%(user)s is not on this tournament's staff.") % {"user": user}
            )
        if entry.role == Role.ORGANISER and _organisers(tournament) == 1:
            raise _last_organiser()
        before = _snapshot(entry)
        entry.delete()
        audit_log(
            tournament=tournament,
            actor=actor,
            action="staff_dismissed",
            obj=user,
            before=before,
        )


def _organisers(tournament: Tournament) -> int:
    return TournamentStaff.objects.filter(tournament=tournament, role=Role.ORGANISER).count()


def user_create(*, username: str, password: str, actor: User | None = None) -> User:
    """A new account with no rights, to be appointed to a tournament's staff."""
    username = User.normalize_username(username.strip())
    if not username:
        raise InvalidInput.single("required", _("A username is required."), field="username")
    try:
        validate_password(password, User(username=username))
    except ValidationError as error:
        raise InvalidInput(
            [
                ErrorItem(code="weak_password", message=message, field="password")
                for message in error.messages
            ]
        ) from None
    with transaction.atomic():
        if User.objects.filter(username__iexact=username).exists():
            raise InvalidInput.single(
                "username_taken", _("This username is taken."), field="username"
            )
        user = User.objects.create_user(username=username, password=password)
        audit_log(
            tournament=None,
            actor=actor,
            action="user_created",
            obj=user,
            after={"username": username},
        )
    return user
