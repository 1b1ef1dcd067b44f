"""Optimistic concurrency for staff forms that edit a whole object (issue 25 item 9).

A form that shows an object's values and saves them all back (tournament
settings, a participant's details) must not silently
undo what someone else saved since the form was opened. The form carries the
object's **edit version**, a short fingerprint of its stored values at the time
it was opened; the service compares it, under the row lock, with the stored
values now and refuses a stale form with ``409 version_conflict``. Nothing is
overwritten; the page shows the other person's values beside the submitted
ones, and saving again (with the new version) is a deliberate choice.

A tournament has a stored ``version`` (api.md: it grows with every change of
name, date, language, ruleset or settings; ``PATCH /api/tournaments/{id}/``
takes it as ``version``). A participant uses a fingerprint of its stored
values (``edit_version``):
it covers every concrete field, so any change (through a form, the API or a
service) makes the old one stale, and no column is needed.
"""

from __future__ import annotations

import hashlib
import json

from django.db.models import Model
from django.utils.translation import gettext as _

from ..errors import Conflict

__all__ = ["edit_version", "edit_version_check"]


def _values(obj: Model) -> list[object]:
    return [
        [f.attname, f.value_to_string(obj)] for f in obj._meta.concrete_fields if not f.primary_key
    ]


def edit_version(obj: Model) -> str:
    """The fingerprint of ``obj``'s stored values (16 hex digits)."""
    data = json.dumps(_values(obj), sort_keys=True, default=str).encode()
    return hashlib.sha256(data).hexdigest()[:16]


def edit_version_check(current: str | int, expected: str | int | None) -> None:
    """Refuse (``409 version_conflict``) when the form's version is not the current one.

    ``expected`` None means the client sent no version: it is not checked.
    """
    if expected is not None and str(expected).strip().strip('"') != str(current):
        raise Conflict.single(
            "version_conflict",
            _(
                "Someone else has changed this since you opened it. Their values are "
                "shown beside yours; nothing has been saved."
            ),
            field="version",
        )
