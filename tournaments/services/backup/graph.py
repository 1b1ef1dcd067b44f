"""Which models a backup holds: every model with a foreign-key path to ``Tournament``.

The backup is generic over Django's model graph (``apps.get_models()``): a
model whose foreign keys lead, directly or through other models, to
``Tournament`` is tournament data and is exported with all its concrete
fields, unless ``EXCLUDED`` names it with the reason. A model added later is
therefore backed up without anyone listing its fields; the round-trip test
(``tests/tournaments/services/test_backup.py``) fails for a model that is
neither backed up nor excluded.

Two kinds of references need words, because Django cannot see them:

- ``ID_LISTS``: JSON fields holding lists of another backed-up model's ids
  (the knockout's seeding list, a table's pick order, ...). The import maps
  them to the new ids.
- ``OBJECT_IDS``: a text field naming an object by the class name in a
  sibling field (the audit log's ``object_type``/``object_id``).

Foreign keys to models outside the graph are references, not data: users by
user name (created inactive, without a password, where missing), models with a
natural key by it, anything else by its field values (found or created).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from django.apps import apps
from django.db.models import ForeignKey, Model

__all__ = ["EXCLUDED", "ID_LISTS", "OBJECT_IDS", "TOURNAMENT", "Node", "tournament_graph"]

TOURNAMENT = "tournaments.Tournament"

#: Models with a foreign-key path to ``Tournament`` that are not tournament data.
EXCLUDED: dict[str, str] = {
    # Who may change the tournament is a decision of the site it is imported
    # into: a user name in a backup may belong to someone else there.
    "tournaments.TournamentStaff": "roles are given on the staff page of the site imported into",
    # A throttle's memory of the last ten minutes, not part of the tournament.
    "tournaments.PinMistake": "the PIN throttle's count of the last ten minutes",
    # Where a season server's tournament came from (rules.md §16): it belongs to
    # that server's season, and an import is made again from the signed archive.
    "tournaments.ArchiveImport": "a season server's record of a signed archive it imported",
}

#: (model, JSON field) → the backed-up model whose ids the field lists.
ID_LISTS: dict[tuple[str, str], str] = {
    ("tournaments.GroupDraw", "participants"): "tournaments.Participant",
    ("tournaments.Table", "pick_order"): "tournaments.Participant",
    ("tournaments.EarlierSeating", "participants"): "tournaments.Participant",
    ("tournaments.Knockout", "seeding"): "tournaments.Participant",
    ("tournaments.LotDraw", "candidates"): "tournaments.Participant",
    ("tournaments.LotDraw", "order"): "tournaments.Participant",
}

#: (model, id field) → the field naming the object's class (``Participant``, ``Game``...).
OBJECT_IDS: dict[tuple[str, str], str] = {
    ("tournaments.AuditEntry", "object_id"): "object_type",
}


@dataclass
class Node:
    """A model of the graph: the lookup from it to its tournament, and what it needs first."""

    model: type[Model]
    path: str  # "" for Tournament itself, else e.g. "game__tournament"
    needs: set[str] = field(default_factory=set)  # labels inserted before this one
    deferred: set[str] = field(default_factory=set)  # FK names set after every insert

    @property
    def label(self) -> str:
        return self.model._meta.label


def _forward_keys(model: type[Model]) -> list[ForeignKey]:
    return [f for f in model._meta.concrete_fields if isinstance(f, ForeignKey)]


def _path_to_tournament(model: type[Model], tournament: type[Model]) -> str | None:
    """The shortest foreign-key lookup from ``model`` to ``Tournament`` (BFS), or None."""
    if model is tournament:
        return ""
    queue: deque[tuple[type[Model], str]] = deque([(model, "")])
    seen = {model}
    while queue:
        current, prefix = queue.popleft()
        for key in _forward_keys(current):
            target = key.related_model
            assert isinstance(target, type)
            lookup = f"{prefix}__{key.name}" if prefix else key.name
            if target is tournament:
                return lookup
            if target not in seen:
                seen.add(target)
                queue.append((target, lookup))
    return None


def tournament_graph(*, include_excluded: bool = False) -> list[Node]:
    """Every model with a path to ``Tournament``, in an order the import can insert them."""
    tournament = apps.get_model(TOURNAMENT)
    nodes: dict[str, Node] = {}
    for model in apps.get_models():
        meta = model._meta
        if meta.proxy or not meta.managed:
            continue
        path = _path_to_tournament(model, tournament)
        if path is None:
            continue
        if meta.label in EXCLUDED and not include_excluded:
            continue
        nodes[meta.label] = Node(model=model, path=path)
    for node in nodes.values():
        for key in _forward_keys(node.model):
            target = key.related_model._meta.label
            if target in nodes:
                node.needs.add(target)
        for (label, _field), target in ID_LISTS.items():
            if label == node.label and target in nodes:
                node.needs.add(target)
        if any(label == node.label for label, _field in OBJECT_IDS):
            # It may name any object: everything else comes first.
            node.needs |= set(nodes) - {node.label}
    return _ordered(nodes)


def _ordered(nodes: dict[str, Node]) -> list[Node]:
    """Topological order; a cycle is broken at a nullable foreign key (set afterwards)."""
    done: list[Node] = []
    placed: set[str] = set()
    remaining = dict(sorted(nodes.items()))
    while remaining:
        ready = [n for n in remaining.values() if n.needs - {n.label} <= placed]
        if not ready:
            node = next(
                n
                for n in remaining.values()
                if any(
                    f.null
                    for f in _forward_keys(n.model)
                    if f.related_model._meta.label in remaining
                )
            )
            ready = [node]
        for node in ready:
            for key in _forward_keys(node.model):
                target = key.related_model._meta.label
                if target in nodes and (target not in placed or target == node.label):
                    if not key.null:
                        raise RuntimeError(
                            f"{node.label}.{key.name}: a cycle without a nullable key"
                        )
                    node.deferred.add(key.name)
            placed.add(node.label)
            done.append(node)
            del remaining[node.label]
    return done
