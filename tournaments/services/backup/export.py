"""Write one tournament, every model of its graph, as JSON-ready data (see ``backup``)."""

from __future__ import annotations

import base64
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any
from uuid import UUID

from django.contrib.auth import get_user_model
from django.db.models import DurationField, Field, ForeignKey, JSONField, Model

from ...models import Tournament
from .graph import EXCLUDED, Node, tournament_graph

FORMAT = "bang-tournament"
VERSION = 2


def dump_value(field: Field[Any, Any], obj: Model) -> Any:
    """A non-relational field's value as JSON (read back with :func:`load_value`)."""
    value = field.value_from_object(obj)
    if value is None or isinstance(field, JSONField):
        return value
    if isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, timedelta):
        return value.total_seconds()
    if isinstance(value, Decimal | UUID):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return base64.b64encode(bytes(value)).decode("ascii")
    return field.value_to_string(obj)


def load_value(field: Field[Any, Any], value: Any) -> Any:
    """The Python value of what :func:`dump_value` wrote.

    A duration is written as seconds (a number), which ``to_python`` does not
    read: a paused round clock's time left would not restore.
    """
    if value is None or isinstance(field, JSONField):
        return value
    if isinstance(field, DurationField) and isinstance(value, int | float):
        return timedelta(seconds=value)
    return field.to_python(value)


def reference(key: ForeignKey, obj: Model) -> Any:
    """What a foreign key to a model outside the graph points at, independent of ids."""
    target = getattr(obj, key.name)
    if target is None:
        return None
    if key.related_model is get_user_model():
        return {"username": target.get_username()}
    if hasattr(target, "natural_key"):
        return {"natural_key": list(target.natural_key())}
    return {
        "fields": {
            f.name: dump_value(f, target)
            for f in target._meta.concrete_fields
            if not f.primary_key and not f.is_relation
        }
    }


def _rows(node: Node, tournament: Tournament, labels: set[str]) -> list[dict[str, Any]]:
    manager = node.model._base_manager
    queryset = (
        manager.filter(pk=tournament.pk)
        if not node.path
        else manager.filter(**{node.path: tournament})
    )
    rows = []
    for obj in queryset.order_by("pk"):
        fields: dict[str, Any] = {}
        for f in obj._meta.concrete_fields:
            if f.primary_key:
                continue
            if isinstance(f, ForeignKey):
                if f.related_model._meta.label in labels:
                    fields[f.name] = getattr(obj, f.attname)
                else:
                    fields[f.name] = reference(f, obj)
            else:
                fields[f.name] = dump_value(f, obj)
        rows.append({"pk": obj.pk, "fields": fields})
    return rows


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """Everything about one tournament as JSON-ready data (``backup``)."""
    graph = tournament_graph()
    labels = {node.label for node in graph}
    return {
        "format": FORMAT,
        "version": VERSION,
        "uid": str(tournament.uid),
        "tournament": {
            "id": tournament.pk,
            "name": tournament.name,
            "date": tournament.date.isoformat(),
            "created_at": tournament.created_at.isoformat(),
        },
        "excluded": sorted(EXCLUDED),
        "models": {node.label: _rows(node, tournament, labels) for node in graph},
    }
