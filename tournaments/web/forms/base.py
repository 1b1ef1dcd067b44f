"""What every staff form shares: a service's errors put on the form, a random seed."""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from django import forms

from tournaments.errors import DomainError, ErrorItem


def add_domain_errors(
    form: forms.BaseForm, error: DomainError, *, field_map: Mapping[str, str] | None = None
) -> list[ErrorItem]:
    """Put a service's error items on ``form``; return the items it could not place.

    An item whose ``field`` is a field of the form goes to that field (renamed by
    ``field_map`` first), anything else becomes a form-wide error. Items that name
    a seat ``position`` are returned untouched for the caller to place.
    """
    field_map = field_map or {}
    left: list[ErrorItem] = []
    for item in error.errors:
        if item.position is not None:
            left.append(item)
            continue
        name = field_map.get(item.field or "", item.field)
        if name and name in form.fields:
            form.add_error(name, str(item.message))
        else:
            form.add_error(None, str(item.message))
    return left


def random_seed() -> str:
    """A readable random seed to prefill the draw forms (the organiser may change it)."""
    return f"{secrets.randbelow(10**6):06d}-{secrets.token_hex(2)}"
