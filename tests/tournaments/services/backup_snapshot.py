"""Every model's rows of one tournament, with ids replaced by each row's place (tests only).

The models are discovered here from ``apps.get_models()`` on their own, not
from the backup's graph: a model with a foreign-key path to ``Tournament``
that the backup neither holds nor excludes makes the round-trip test fail.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db.models import ForeignKey, Model

from tournaments.models import Tournament
from tournaments.services.backup.graph import ID_LISTS, OBJECT_IDS


def tournament_models() -> dict[str, str]:
    """Every concrete model with a foreign-key path to Tournament: label → lookup."""
    found: dict[str, str] = {}
    for model in apps.get_models():
        if model._meta.proxy or not model._meta.managed:
            continue
        if model is Tournament:
            found[model._meta.label] = ""
            continue
        queue: deque[tuple[type[Model], str]] = deque([(model, "")])
        seen = {model}
        while queue and model._meta.label not in found:
            current, prefix = queue.popleft()
            for f in current._meta.concrete_fields:
                if not isinstance(f, ForeignKey):
                    continue
                lookup = f"{prefix}__{f.name}" if prefix else f.name
                if f.related_model is Tournament:
                    found[model._meta.label] = lookup
                    break
                if f.related_model not in seen:
                    seen.add(f.related_model)
                    queue.append((f.related_model, lookup))
    return found


def snapshot(tournament: Tournament, labels: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Each model's rows in pk order; ids (keys, JSON lists, audit object ids) as ordinals."""
    paths = tournament_models()
    rows: dict[str, list[Model]] = {}
    for label in labels:
        model = apps.get_model(label)
        manager = model._base_manager
        path = paths[label]
        queryset = (
            manager.filter(pk=tournament.pk) if not path else manager.filter(**{path: tournament})
        )
        rows[label] = list(queryset.order_by("pk"))
    place = {label: {obj.pk: i for i, obj in enumerate(objs)} for label, objs in rows.items()}
    names = {apps.get_model(label).__name__: label for label in labels}
    user_model = get_user_model()
    result: dict[str, list[dict[str, Any]]] = {}
    for label, objs in rows.items():
        out = []
        for obj in objs:
            values: dict[str, Any] = {}
            for f in obj._meta.concrete_fields:
                if f.primary_key or (
                    label == "tournaments.Tournament"
                    and f.name in {"uid", "live_version", "live_what"}  # a restore is a change
                ):
                    continue
                value = getattr(obj, f.attname)
                if isinstance(f, ForeignKey):
                    target = f.related_model._meta.label
                    if value is None:
                        pass
                    elif target in place:
                        value = (target, place[target][value])
                    elif f.related_model is user_model:
                        value = getattr(obj, f.name).get_username()
                    else:
                        value = (target, str(getattr(obj, f.name)))
                elif (label, f.name) in ID_LISTS:
                    value = [place[ID_LISTS[(label, f.name)]][v] for v in value]
                elif (label, f.name) in OBJECT_IDS:
                    target = names.get(getattr(obj, OBJECT_IDS[(label, f.name)]))
                    if target and value.isdigit() and int(value) in place[target]:
                        value = (target, place[target][int(value)])
                values[f.name] = value
            out.append(values)
        result[label] = out
    return result
