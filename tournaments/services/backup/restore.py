"""Restore a tournament from a backup into this database (see ``backup``)."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import DateField, ForeignKey, Model

from ...models import Tournament
from ..audit import audit_log
from .export import FORMAT, VERSION, load_value
from .graph import ID_LISTS, OBJECT_IDS, TOURNAMENT, Node, tournament_graph
from .legacy import UserCache, import_v1

__all__ = ["BackupError", "import_tournament"]


class BackupError(ValueError):
    """The file is not a tournament backup this version can read, or it is already here."""


def already_present(present: Tournament) -> BackupError:
    return BackupError(
        f"the tournament “{present.name}” is already present as #{present.pk}; "
        "import it again only as a copy (--copy)"
    )


@transaction.atomic
def import_tournament(data: dict[str, Any], *, copy: bool = False) -> Tournament:
    """Restore a tournament exported by :func:`export_tournament` (all or nothing).

    A tournament already in this database (the original, or an earlier import
    of the same file: the same identity ``uid``) is refused with
    ``BackupError`` unless ``copy`` asks for a second, independent copy (a new
    identity). The identity is unique in the database, so of several imports
    of one file at the same time exactly one succeeds.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError("not a tournament backup")
    if data.get("version") == 1:
        tournament = import_v1(data, copy=copy, present=already_present)
    elif data.get("version") == VERSION:
        try:
            uid = uuid.UUID(str(data["uid"]))
        except (KeyError, ValueError) as error:
            raise BackupError("the backup has no valid identity (uid)") from error
        if not copy and (present := Tournament.objects.filter(uid=uid).first()) is not None:
            raise already_present(present)
        try:
            with transaction.atomic():
                tournament = _Restore(data, uid=uuid.uuid4() if copy else uid, copy=copy).run()
        except IntegrityError as error:
            raise BackupError(f"the backup conflicts with data present here: {error}") from error
    else:
        raise BackupError(f"unsupported backup version {data.get('version')!r}")
    after: dict[str, Any] = {"original_id": data["tournament"]["id"]}
    if copy:
        after["copy"] = True
    audit_log(
        tournament=tournament, actor=None, action="tournament_imported", obj=tournament, after=after
    )
    return tournament


class _Restore:
    """One import: inserts every model's rows in graph order, mapping old ids to new."""

    def __init__(self, data: dict[str, Any], *, uid: uuid.UUID, copy: bool = False) -> None:
        self.data: dict[str, list[dict[str, Any]]] = data.get("models") or {}
        self.uid = uid
        # A copy is a second tournament: the event package stays the original's
        # (one tournament per package, rules.md §16); the package's players come along.
        self.copy = copy
        self.users = UserCache()
        self.ids: dict[str, dict[int, Any]] = {}
        self.objects: dict[str, list[tuple[dict[str, Any], Model]]] = {}

    def run(self) -> Tournament:
        graph = tournament_graph()
        self.labels = {node.label for node in graph}
        self.names = {node.model.__name__: node.label for node in graph}
        unknown = sorted(set(self.data) - self.labels)
        if unknown:
            raise BackupError(f"the backup holds data this version does not know: {unknown}")
        if len(self.data.get(TOURNAMENT, [])) != 1:
            raise BackupError("the backup holds no tournament")
        for node in graph:
            self.insert(node, self.data.get(node.label, []))
        for node in graph:
            self.set_deferred(node)
        return Tournament.objects.get(pk=next(iter(self.ids[TOURNAMENT].values())))

    def insert(self, node: Node, rows: list[dict[str, Any]]) -> None:
        model, label = node.model, node.label
        known = {f.name for f in model._meta.concrete_fields}
        objects: list[Model] = []
        for row in rows:
            unknown = sorted(set(row["fields"]) - known)
            if unknown:
                raise BackupError(f"{label}: fields this version does not know: {unknown}")
            obj = model()
            for f in model._meta.concrete_fields:
                if f.primary_key or f.name not in row["fields"]:
                    continue
                setattr(obj, f.attname, self.value(node, f, row["fields"][f.name], row["fields"]))
            objects.append(obj)
        if label == TOURNAMENT:
            try:
                with transaction.atomic():
                    model._base_manager.bulk_create(objects)
            except IntegrityError as error:
                present = Tournament.objects.filter(uid=self.uid).first()
                if present is None:
                    raise
                raise already_present(present) from error
        else:
            model._base_manager.bulk_create(objects, batch_size=500)
        self.ids[label] = {row["pk"]: obj.pk for row, obj in zip(rows, objects, strict=True)}
        self.objects[label] = list(zip(rows, objects, strict=True))
        # bulk_create stamped auto_now(_add) fields with "now": put the backup's times back.
        stamped = [
            f
            for f in model._meta.concrete_fields
            if isinstance(f, DateField) and (f.auto_now or f.auto_now_add)
        ]
        if stamped and objects:
            for row, obj in self.objects[label]:
                for f in stamped:
                    if f.name in row["fields"]:
                        setattr(obj, f.attname, load_value(f, row["fields"][f.name]))
            model._base_manager.bulk_update(objects, [f.name for f in stamped], batch_size=500)

    def value(self, node: Node, f: Any, value: Any, fields: dict[str, Any]) -> Any:
        label = node.label
        if isinstance(f, ForeignKey):
            if value is None or f.name in node.deferred:
                return None
            target = f.related_model._meta.label
            if target in self.labels:
                return self.ids[target][value]
            return self.reference(f, value)
        if label == TOURNAMENT and f.name == "uid":
            return self.uid
        if label == TOURNAMENT and f.name == "package" and self.copy:
            return None
        if (label, f.name) in ID_LISTS:
            ids = self.ids[ID_LISTS[(label, f.name)]]
            return [ids[v] for v in value or []]
        if (label, f.name) in OBJECT_IDS:
            target_label = self.names.get(str(fields.get(OBJECT_IDS[(label, f.name)])))
            ids = self.ids.get(target_label or "", {})
            if isinstance(value, str) and value.isdigit() and int(value) in ids:
                return str(ids[int(value)])
            return value
        return load_value(f, value)

    def reference(self, key: ForeignKey, value: dict[str, Any]) -> Any:
        """The id in this database of a model outside the graph (see ``graph``)."""
        model = key.related_model
        assert isinstance(model, type)
        manager = model._default_manager
        if "username" in value:
            return self.users.get(value["username"]).pk
        if "natural_key" in value:
            try:
                return manager.get_by_natural_key(*value["natural_key"]).pk  # type: ignore[attr-defined]
            except model.DoesNotExist as error:  # type: ignore[attr-defined]
                raise BackupError(
                    f"{model._meta.label} {value['natural_key']} is missing"
                ) from error
        fields = {
            name: load_value(model._meta.get_field(name), v)  # type: ignore[arg-type]
            for name, v in value["fields"].items()
        }
        found = manager.filter(**fields).order_by("pk").first()
        return (found or manager.create(**fields)).pk

    def set_deferred(self, node: Node) -> None:
        """Foreign keys of a cycle, set once every row exists."""
        if not node.deferred:
            return
        keys = [node.model._meta.get_field(name) for name in sorted(node.deferred)]
        objects = []
        for row, obj in self.objects[node.label]:
            for key in keys:
                value = row["fields"].get(key.name)
                target = key.related_model._meta.label  # type: ignore[union-attr]
                new = None if value is None else self.ids[target][value]
                setattr(obj, key.attname, new)  # type: ignore[union-attr]
            objects.append(obj)
        if objects:
            node.model._base_manager.bulk_update(objects, [k.name for k in keys], batch_size=500)
