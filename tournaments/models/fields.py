"""Field shapes several models share: the tournament a row belongs to, the user who acted.

Both return plain Django fields, so the migrations see exactly the fields they
would see written out.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings as django_settings
from django.db import models
from django.utils.translation import gettext_lazy as _

__all__ = ["done_by", "language_choices", "tournament_link"]


def language_choices() -> list[tuple[str, str]]:
    """The languages of ``settings.LANGUAGES`` (rules.md §15). A callable, so that a
    new language is one settings entry and no migration."""
    return list(django_settings.LANGUAGES)


def tournament_link(related_name: str, *, optional: bool = False, **extra: Any) -> Any:
    """The tournament a row belongs to; the row goes with it.

    ``optional``: a row that may belong to no tournament (an audit entry of a
    user account, a character of the base game).
    """
    if optional:
        extra = {"null": True, "blank": True, **extra}
    return models.ForeignKey(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name=related_name,
        **extra,
    )


def done_by(verbose_name: Any) -> Any:
    """The user who did something; kept as nobody when the account is deleted."""
    return models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        verbose_name=verbose_name,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
