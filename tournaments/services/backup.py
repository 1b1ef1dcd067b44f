"""Back up one tournament as JSON and restore it into another database.

The export holds everything a tournament is: settings, expansion characters,
participants, the draw, tables and seats, games, *every* version of every
result, penalties, the knockout, lot draws and the audit log. Users appear by
username; on import, missing users are created inactive (no password), so
history keeps its names without opening a login.

Primary keys are not kept: the import creates new rows and maps participant
ids inside the knockout's seeding list, pick orders and lot draws. Audit
entries keep their before/after snapshots verbatim (they describe the
original database's ids); their ``object_id`` is mapped where the object was
imported.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Model
from django.utils.dateparse import parse_datetime

from ..models import (
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
from .audit import audit_log

M = TypeVar("M", bound=Model)

FORMAT = "bang-tournament"
VERSION = 1


class BackupError(ValueError):
    """The file is not a tournament backup this version can read."""


def _dt(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def _user(user: Any) -> str | None:
    return user.get_username() if user else None


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """Everything about one tournament as JSON-ready data."""
    participants = list(tournament.participants.order_by("id"))
    tables = list(tournament.tables.order_by("id"))
    games = list(tournament.games.order_by("id"))
    results = list(
        Result.objects.filter(game__tournament=tournament)
        .select_related("recorded_by", "confirmed_by")
        .order_by("id")
    )
    seats_by_result: dict[int, list[ResultSeat]] = {}
    for seat in ResultSeat.objects.filter(result__in=results).order_by("result_id", "position"):
        seats_by_result.setdefault(seat.result_id, []).append(seat)
    draw = GroupDraw.objects.filter(tournament=tournament).select_related("drawn_by").first()
    knockout = Knockout.objects.filter(tournament=tournament).first()
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            "id": tournament.pk,
            "name": tournament.name,
            "date": tournament.date.isoformat(),
            "ruleset": tournament.ruleset,
            "language": tournament.language,
            "settings": tournament.settings,
            "created_at": _dt(tournament.created_at),
        },
        "characters": [
            {"name": c.name, "life_points": c.life_points}
            for c in tournament.characters.order_by("id")
        ],
        "participants": [
            {
                "id": p.pk,
                "name": p.name,
                "nationality": str(p.nationality),
                "birth_date": p.birth_date.isoformat() if p.birth_date else None,
                "age_approved": p.age_approved,
                "status": p.status,
                "registered_at": _dt(p.registered_at),
            }
            for p in participants
        ],
        "group_draw": {
            "seed": draw.seed,
            "five_tables": draw.five_tables,
            "drawn_at": _dt(draw.drawn_at),
            "drawn_by": _user(draw.drawn_by),
        }
        if draw
        else None,
        "tables": [
            {
                "id": t.pk,
                "stage": t.stage,
                "round": t.round,
                "number": t.number,
                "size": t.size,
                "pick_order": t.pick_order,
                "seed": t.seed,
                "seats": [
                    {"position": s.position, "participant": s.participant_id}
                    for s in sorted(t.seats.all(), key=lambda s: s.position)
                ],
            }
            for t in Table.objects.filter(pk__in=[t.pk for t in tables])
            .prefetch_related("seats")
            .order_by("id")
        ],
        "games": [
            {
                "id": g.pk,
                "table": g.table_id,
                "stage": g.stage,
                "round": g.round,
                "sheriff_position": g.sheriff_position,
                "status": g.status,
                "version": g.version,
            }
            for g in games
        ],
        "results": [
            {
                "game": r.game_id,
                "version": r.version,
                "is_current": r.is_current,
                "winner": r.winner,
                "signed": r.signed,
                "reason": r.reason,
                "recorded_by": _user(r.recorded_by),
                "recorded_at": _dt(r.recorded_at),
                "confirmed_by": _user(r.confirmed_by),
                "confirmed_at": _dt(r.confirmed_at),
                "seats": [
                    {
                        "participant": s.participant_id,
                        "position": s.position,
                        "role": s.role,
                        "character": s.character,
                        "lives": s.lives,
                        "eliminated_by": s.eliminated_by,
                        "final_duel": s.final_duel,
                        "won": s.won,
                        "bounty": s.bounty,
                    }
                    for s in seats_by_result.get(r.pk, [])
                ],
            }
            for r in results
        ],
        "penalties": [
            {
                "participant": p.participant_id,
                "kind": p.kind,
                "amount": p.amount,
                "reason": p.reason,
                "referee": _user(p.referee),
                "created_at": _dt(p.created_at),
            }
            for p in tournament.penalties.select_related("referee").order_by("id")
        ],
        "knockout": {
            "field_size": knockout.field_size,
            "seed": knockout.seed,
            "seeding": knockout.seeding,
            "current_round": knockout.current_round,
            "champion": knockout.champion_id,
            "started_at": _dt(knockout.started_at),
        }
        if knockout
        else None,
        "lot_draws": [
            {
                "purpose": lot.purpose,
                "seed": lot.seed,
                "candidates": lot.candidates,
                "order": lot.order,
                "places": lot.places,
                "created_at": _dt(lot.created_at),
            }
            for lot in tournament.lot_draws.order_by("id")
        ],
        "audit": [
            {
                "actor": _user(e.actor),
                "action": e.action,
                "object_type": e.object_type,
                "object_id": e.object_id,
                "before": e.before,
                "after": e.after,
                "created_at": _dt(e.created_at),
            }
            for e in tournament.audit_entries.select_related("actor").order_by("id")
        ],
    }


@transaction.atomic
def import_tournament(data: dict[str, Any]) -> Tournament:
    """Restore a tournament exported by :func:`export_tournament` (all or nothing)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError("not a tournament backup")
    if data.get("version") != VERSION:
        raise BackupError(f"unsupported backup version {data.get('version')!r}")
    users = _UserCache()
    t = data["tournament"]
    tournament = Tournament.objects.create(
        name=t["name"],
        date=date.fromisoformat(t["date"]),
        ruleset=t["ruleset"],
        language=t["language"],
        settings=t["settings"],
    )
    _restore_times(Tournament, [tournament], [t["created_at"]], "created_at")
    Character.objects.bulk_create(
        Character(tournament=tournament, name=c["name"], life_points=c["life_points"])
        for c in data["characters"]
    )

    participants = Participant.objects.bulk_create(
        Participant(
            tournament=tournament,
            name=p["name"],
            nationality=p["nationality"],
            birth_date=date.fromisoformat(p["birth_date"]) if p["birth_date"] else None,
            age_approved=p["age_approved"],
            status=p["status"],
        )
        for p in data["participants"]
    )
    pid = {p["id"]: new.pk for p, new in zip(data["participants"], participants, strict=True)}
    _restore_times(
        Participant,
        participants,
        [p["registered_at"] for p in data["participants"]],
        "registered_at",
    )

    if data["group_draw"]:
        draw = GroupDraw.objects.create(
            tournament=tournament,
            seed=data["group_draw"]["seed"],
            five_tables=data["group_draw"]["five_tables"],
            drawn_by=users.get(data["group_draw"]["drawn_by"]),
        )
        _restore_times(GroupDraw, [draw], [data["group_draw"]["drawn_at"]], "drawn_at")

    tables = Table.objects.bulk_create(
        Table(
            tournament=tournament,
            stage=t_["stage"],
            round=t_["round"],
            number=t_["number"],
            size=t_["size"],
            pick_order=[pid[p] for p in t_["pick_order"]],
            seed=t_.get("seed", ""),
        )
        for t_ in data["tables"]
    )
    table_id = {t_["id"]: new.pk for t_, new in zip(data["tables"], tables, strict=True)}
    Seat.objects.bulk_create(
        Seat(
            table_id=table_id[t_["id"]],
            position=s["position"],
            participant_id=pid[s["participant"]],
        )
        for t_ in data["tables"]
        for s in t_["seats"]
    )
    games = Game.objects.bulk_create(
        Game(
            tournament=tournament,
            table_id=table_id[g["table"]],
            stage=g["stage"],
            round=g["round"],
            sheriff_position=g["sheriff_position"],
            status=g["status"],
            version=g["version"],
        )
        for g in data["games"]
    )
    game_id = {g["id"]: new.pk for g, new in zip(data["games"], games, strict=True)}

    results = Result.objects.bulk_create(
        Result(
            game_id=game_id[r["game"]],
            version=r["version"],
            is_current=r["is_current"],
            winner=r["winner"],
            signed=r["signed"],
            reason=r["reason"],
            recorded_by=users.get(r["recorded_by"]),
            confirmed_by=users.get(r["confirmed_by"]),
            confirmed_at=parse_datetime(r["confirmed_at"]) if r["confirmed_at"] else None,
        )
        for r in data["results"]
    )
    _restore_times(Result, results, [r["recorded_at"] for r in data["results"]], "recorded_at")
    ResultSeat.objects.bulk_create(
        ResultSeat(
            result=result,
            participant_id=pid[s["participant"]],
            **{k: v for k, v in s.items() if k != "participant"},
        )
        for r, result in zip(data["results"], results, strict=True)
        for s in r["seats"]
    )
    penalties = Penalty.objects.bulk_create(
        Penalty(
            tournament=tournament,
            participant_id=pid[p["participant"]],
            kind=p["kind"],
            amount=p["amount"],
            reason=p["reason"],
            referee=users.get(p["referee"]),
        )
        for p in data["penalties"]
    )
    _restore_times(Penalty, penalties, [p["created_at"] for p in data["penalties"]], "created_at")

    if data["knockout"]:
        k = data["knockout"]
        knockout = Knockout.objects.create(
            tournament=tournament,
            field_size=k["field_size"],
            seed=k["seed"],
            seeding=[pid[p] for p in k["seeding"]],
            current_round=k["current_round"],
            champion_id=pid[k["champion"]] if k["champion"] else None,
        )
        _restore_times(Knockout, [knockout], [k["started_at"]], "started_at")
    lots = LotDraw.objects.bulk_create(
        LotDraw(
            tournament=tournament,
            purpose=lot["purpose"],
            seed=lot["seed"],
            candidates=[pid[p] for p in lot["candidates"]],
            order=[pid[p] for p in lot["order"]],
            places=lot["places"],
        )
        for lot in data["lot_draws"]
    )
    _restore_times(LotDraw, lots, [lot["created_at"] for lot in data["lot_draws"]], "created_at")

    id_maps: dict[str, Callable[[int], int | None]] = {
        "Participant": pid.get,
        "Game": game_id.get,
        "Tournament": lambda _old: tournament.pk,
    }
    entries = AuditEntry.objects.bulk_create(
        AuditEntry(
            tournament=tournament,
            actor=users.get(e["actor"]),
            action=e["action"],
            object_type=e["object_type"],
            object_id=_map_id(id_maps, e["object_type"], e["object_id"]),
            before=e["before"],
            after=e["after"],
        )
        for e in data["audit"]
    )
    _restore_times(AuditEntry, entries, [e["created_at"] for e in data["audit"]], "created_at")
    audit_log(
        tournament=tournament,
        actor=None,
        action="tournament_imported",
        obj=tournament,
        after={"original_id": t["id"]},
    )
    return tournament


def _map_id(maps: dict[str, Callable[[int], int | None]], kind: str, old: str) -> str:
    if kind in maps and old.isdigit():
        new = maps[kind](int(old))
        return str(new) if new is not None else old
    return old


def _restore_times(model: type[M], objects: list[M], values: list[str | None], field: str) -> None:
    """bulk_create stamps auto_now(_add) fields with "now"; put the original times back."""
    for obj, value in zip(objects, values, strict=True):
        if value:
            setattr(obj, field, parse_datetime(value))
    if objects:
        model._default_manager.bulk_update(objects, [field])


class _UserCache:
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
