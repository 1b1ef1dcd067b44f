"""Write one tournament, with its whole history, as JSON-ready data (see ``backup``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ...models import GroupDraw, Knockout, Result, ResultSeat, Table, Tournament

FORMAT = "bang-tournament"
VERSION = 1


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
                "player": p.player_id,  # the link to the player across tournaments (§13)
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
                "dealt": g.dealt,
                "revealed": g.revealed,
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
