"""API tokens end with the password they were issued under.

A token (``Authorization: Token <key>``) is deleted when its user's password
changes, by whatever door (the admin, ``changepassword``, a password form):
the next request with it answers ``401``. Sessions need nothing of this:
Django ends them itself when the password hash changes.

Leaving a tournament's staff needs no revocation either: rights are checked
against the staff table on every request (``tournaments.permissions``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token


def revoke_tokens_on_password_change(
    sender: type[User], instance: User, update_fields: Any = None, **kwargs: Any
) -> None:
    """``pre_save`` of a user: ``set_password`` was called and the password is being saved."""
    if instance.pk is None or getattr(instance, "_password", None) is None:
        return
    if update_fields is not None and "password" not in update_fields:
        return
    Token.objects.filter(user_id=instance.pk).delete()
