"""Read backups of format version 1 (written before the generic export; see ``backup``).

Version 1 listed its sections by hand; it is read as before. Its identity
(``uid``) is derived from the name, date and creation time, so concurrent
imports of one version-1 file also make one copy.

Why it stays: the first and the second released versions (commits d5f3af2 and
61b504b) wrote only version 1, so such files exist on organisers' disks. They
name no lot algorithm; what made them says it. The first version dealt no
characters (its games have no ``dealt`` key) and drew with Python's random
(``LEGACY_ALGORITHM``); the second drew with ``sha256-fisher-yates`` and dealt
with ``LEGACY_DEAL_ALGORITHM``. The restored records carry those, so that
their draws and deals still verify and re-run."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Model
from django.utils.dateparse import parse_datetime

from scoring.deal import LEGACY_DEAL_ALGORITHM
from scoring.lots import ALGORITHM, LEGACY_ALGORITHM

from ...models import (
    AuditEntry,
    Character,
    Game,
    GroupDraw,
    Knockout,
    LotDraw,
    Participant,
    Penalty,
    Result,
    ResultSeat,
    Seat,
    Table,
    Tournament,
)


def import_v1(
    data: dict[str, Any],
    *,
    copy: bool,
    present: Callable[[Tournament], ValueError],
) -> Tournament:
    """Restore a version-1 backup (inside the caller's transaction)."""
    if not copy and (found := _already_present(data["tournament"])) is not None:
        raise present(found)
    t = data["tournament"]
    uid = (
        uuid.uuid4()
        if copy
        else uuid.uuid5(_V1_NAMESPACE, f"{t['name']}|{t['date']}|{t['created_at']}")
    )
    if Tournament.objects.filter(uid=uid).exists():
        raise present(Tournament.objects.get(uid=uid))
    try:
        with transaction.atomic():
            return _Restore(data, uid=uid).run()
    except IntegrityError as integrity:
        found = Tournament.objects.filter(uid=uid).first()
        if found is None:
            raise
        raise present(found) from integrity


_V1_NAMESPACE = uuid.UUID("0b5e4a8e-6d0f-4c1b-9f59-3f1a2c7d9e10")


def _already_present(t: dict[str, Any]) -> Tournament | None:
    """The tournament of this backup, if this database holds it already."""
    created_at = parse_datetime(t["created_at"]) if t.get("created_at") else None
    if created_at is None:
        return None
    return (
        Tournament.objects.filter(
            name=t["name"], date=date.fromisoformat(t["date"]), created_at=created_at
        )
        .order_by("pk")
        .first()
    )


class _Restore:
    """One import: creates the rows section by section and maps the old ids to new ones."""

    def __init__(self, data: dict[str, Any], *, uid: uuid.UUID) -> None:
        self.data = data
        self.uid = uid
        self.users = UserCache()
        self.participant: dict[int, int] = {}
        self.table: dict[int, int] = {}
        self.game: dict[int, int] = {}
        # Only the second version's files carry the deal (see the module's docstring).
        second = any("dealt" in g for g in data["games"])
        self.algorithm = dict(ALGORITHM if second else LEGACY_ALGORITHM)
        self.deal_algorithm = dict(LEGACY_DEAL_ALGORITHM)

    def run(self) -> Tournament:
        t = self.data["tournament"]
        self.tournament = Tournament.objects.create(
            name=t["name"],
            date=date.fromisoformat(t["date"]),
            ruleset=t["ruleset"],
            language=t["language"],
            settings=t["settings"],
            uid=self.uid,
        )
        _restore_times([self.tournament], [t], "created_at")
        Character.objects.bulk_create(
            Character(tournament=self.tournament, name=c["name"], life_points=c["life_points"])
            for c in self.data["characters"]
        )
        self.participants()
        self.group_draw()
        self.tables()
        self.games()
        self.results()
        self.penalties()
        self.knockout()
        self.lot_draws()
        self.audit()
        return self.tournament

    def participants(self) -> None:
        rows = self.data["participants"]
        participants = Participant.objects.bulk_create(
            Participant(
                tournament=self.tournament,
                name=p["name"],
                nationality=p["nationality"],
                birth_date=date.fromisoformat(p["birth_date"]) if p["birth_date"] else None,
                age_approved=p["age_approved"],
                status=p["status"],
            )
            for p in rows
        )
        self.participant = {p["id"]: new.pk for p, new in zip(rows, participants, strict=True)}
        _restore_times(participants, rows, "registered_at")

    def group_draw(self) -> None:
        d = self.data["group_draw"]
        if d:
            draw = GroupDraw.objects.create(
                tournament=self.tournament,
                seed=d["seed"],
                five_tables=d["five_tables"],
                drawn_by=self.users.get(d["drawn_by"]),
                algorithm=self.algorithm,
            )
            _restore_times([draw], [d], "drawn_at")

    def tables(self) -> None:
        pid, rows = self.participant, self.data["tables"]
        tables = Table.objects.bulk_create(
            Table(
                tournament=self.tournament,
                stage=t["stage"],
                round=t["round"],
                number=t["number"],
                size=t["size"],
                pick_order=[pid[p] for p in t["pick_order"]],
                seed=t.get("seed", ""),
                algorithm=self.algorithm,
            )
            for t in rows
        )
        self.table = {t["id"]: new.pk for t, new in zip(rows, tables, strict=True)}
        Seat.objects.bulk_create(
            Seat(
                table_id=self.table[t["id"]],
                position=s["position"],
                participant_id=pid[s["participant"]],
            )
            for t in rows
            for s in t["seats"]
        )

    def games(self) -> None:
        rows = self.data["games"]
        games = Game.objects.bulk_create(
            Game(
                tournament=self.tournament,
                table_id=self.table[g["table"]],
                stage=g["stage"],
                round=g["round"],
                sheriff_position=g["sheriff_position"],
                status=g["status"],
                version=g["version"],
                # The character deal; absent in backups made before it existed.
                dealt=g.get("dealt") or {},
                revealed=g.get("revealed") or [],
                deal_algorithm=self.deal_algorithm,
            )
            for g in rows
        )
        self.game = {g["id"]: new.pk for g, new in zip(rows, games, strict=True)}

    def results(self) -> None:
        rows = self.data["results"]
        results = Result.objects.bulk_create(
            Result(
                game_id=self.game[r["game"]],
                version=r["version"],
                is_current=r["is_current"],
                winner=r["winner"],
                signed=r["signed"],
                reason=r["reason"],
                recorded_by=self.users.get(r["recorded_by"]),
                confirmed_by=self.users.get(r["confirmed_by"]),
                confirmed_at=parse_datetime(r["confirmed_at"]) if r["confirmed_at"] else None,
            )
            for r in rows
        )
        _restore_times(results, rows, "recorded_at")
        ResultSeat.objects.bulk_create(
            ResultSeat(
                result=result,
                participant_id=self.participant[s["participant"]],
                **{k: v for k, v in s.items() if k != "participant"},
            )
            for r, result in zip(rows, results, strict=True)
            for s in r["seats"]
        )

    def penalties(self) -> None:
        rows = self.data["penalties"]
        penalties = Penalty.objects.bulk_create(
            Penalty(
                tournament=self.tournament,
                participant_id=self.participant[p["participant"]],
                kind=p["kind"],
                amount=p["amount"],
                reason=p["reason"],
                referee=self.users.get(p["referee"]),
            )
            for p in rows
        )
        _restore_times(penalties, rows, "created_at")

    def knockout(self) -> None:
        k, pid = self.data["knockout"], self.participant
        if k:
            knockout = Knockout.objects.create(
                tournament=self.tournament,
                field_size=k["field_size"],
                seed=k["seed"],
                seeding=[pid[p] for p in k["seeding"]],
                current_round=k["current_round"],
                champion_id=pid[k["champion"]] if k["champion"] else None,
                algorithm=self.algorithm,
            )
            _restore_times([knockout], [k], "started_at")

    def lot_draws(self) -> None:
        pid, rows = self.participant, self.data["lot_draws"]
        lots = LotDraw.objects.bulk_create(
            LotDraw(
                tournament=self.tournament,
                purpose=lot["purpose"],
                seed=lot["seed"],
                candidates=[pid[p] for p in lot["candidates"]],
                order=[pid[p] for p in lot["order"]],
                places=lot["places"],
                algorithm=self.algorithm,
            )
            for lot in rows
        )
        _restore_times(lots, rows, "created_at")

    def audit(self) -> None:
        """The history as it was: entries keep their snapshots, actors and times."""
        rows = self.data["audit"]
        entries = AuditEntry.objects.bulk_create(
            AuditEntry(
                tournament=self.tournament,
                actor=self.users.get(e["actor"]),
                action=e["action"],
                object_type=e["object_type"],
                object_id=self._object_id(e["object_type"], e["object_id"]),
                before=e["before"],
                after=e["after"],
            )
            for e in rows
        )
        _restore_times(entries, rows, "created_at")

    def _object_id(self, kind: str, old: str) -> str:
        """An audit entry's object id in this database, where the object was imported."""
        if kind == "Tournament" and old.isdigit():
            return str(self.tournament.pk)
        new = {"Participant": self.participant, "Game": self.game}.get(kind, {})
        return str(new.get(int(old), old)) if old.isdigit() else old


def _restore_times(objects: Sequence[Model], rows: Sequence[dict[str, Any]], field: str) -> None:
    """bulk_create stamps auto_now(_add) fields with "now"; put the original times back."""
    for obj, row in zip(objects, rows, strict=True):
        if row[field]:
            setattr(obj, field, parse_datetime(row[field]))
    if objects:
        type(objects[0])._default_manager.bulk_update(objects, [field])


class UserCache:
    """Usernames to users; a missing user is created inactive with no password."""

    def __init__(self) -> None:
        self.cache: dict[str, Any] = {}

    def get(self, username: str | None) -> Any:
        if not username:
            return None
        if username not in self.cache:
            user_model = get_user_model()
            user = user_model.objects.filter(username=username).first()
            if user is None:
                user = user_model(username=username, is_active=False)
                user.set_unusable_password()
                user.save()
            self.cache[username] = user
        return self.cache[username]
