"""A tournament's archive document (rules.md §13, ``docs/archive.md``).

The **archive document** is one JSON object: the tournament with its format
and the format's effective settings (rules.md §14), its participants
(names and nationalities; no birth date, PIN or age approval), every draw
record with its commitment and seed (each part of the qualifying stage,
knockout or final tables, lots),
every counted result, the penalties, the group standings and the final
ranking. ``archive_bytes`` is the exact text stored and served: UTF-8, keys
sorted, no spaces, so that its SHA-256 can be checked by anyone.
"""

from __future__ import annotations

import json
from typing import Any

from scoring.formats import FormatKey
from tournaments.models import (
    DrawCommitment,
    GroupDraw,
    Knockout,
    LotDraw,
    Penalty,
    ResultSeat,
    Seat,
    Table,
    Tournament,
)
from tournaments.preferences import effective_config
from tournaments.selectors.knockout import final_ranking
from tournaments.selectors.standings import group_standings

__all__ = ["FORMAT", "FORMAT_VERSION", "archive_bytes", "archive_document", "upgrade_archive"]

FORMAT = "bang-tournament-archive"
#: 2 added the tournament's ``uid``, ``format`` and effective settings, every part's
#: draw (``group_draws``), ``part`` on tables and results, a result's
#: ``sheriff_position`` and each participant's ``federation_player`` (rules.md §14,
#: §16); a reader of version 1 finds every key it knew. Version 1 documents stay
#: stored and served as they are.
FORMAT_VERSION = 2


def _dt(value: Any) -> str | None:
    return value.isoformat() if value else None


def archive_document(tournament: Tournament, *, version: int) -> dict[str, Any]:
    """Archive version ``version`` of ``tournament`` as JSON-ready data."""
    commitments = {
        c.pk: c for c in DrawCommitment.objects.filter(tournament=tournament).order_by("id")
    }
    draws = list(GroupDraw.objects.filter(tournament=tournament).order_by("part"))
    knockout = Knockout.objects.filter(tournament=tournament).first()
    seats: dict[int, list[dict[str, int]]] = {}
    for table_seat in Seat.objects.filter(table__tournament=tournament).order_by(
        "table_id", "position"
    ):
        seats.setdefault(table_seat.table_id, []).append(
            {"position": table_seat.position, "participant": table_seat.participant_id}
        )
    tables = [
        {
            "stage": t.stage,
            "part": t.part,
            "round": t.round,
            "number": t.number,
            "size": t.size,
            "seed": t.seed,
            "algorithm": t.algorithm,
            "seats": seats.get(t.pk, []),
        }
        for t in Table.objects.filter(tournament=tournament).order_by(
            "stage", "part", "round", "number"
        )
    ]
    results: dict[int, dict[str, Any]] = {}
    for seat in (
        ResultSeat.objects.counting(tournament)
        .select_related("result__game__table")
        .order_by("result__game_id", "position")
    ):
        game = seat.result.game
        entry = results.setdefault(
            game.pk,
            {
                "game": game.pk,
                "stage": game.stage,
                "part": game.part,
                "round": game.round,
                "table": game.table.number,
                "sheriff_position": game.sheriff_position,
                "version": seat.result.version,
                "winner": seat.result.winner,
                "recorded_at": _dt(seat.result.recorded_at),
                "seats": [],
            },
        )
        entry["seats"].append(
            {
                "position": seat.position,
                "participant": seat.participant_id,
                "role": seat.role,
                "character": seat.character,
                "lives": seat.lives,
                "eliminated_by": seat.eliminated_by,
                "final_duel": seat.final_duel,
                "last_three": seat.last_three,
                "won": seat.won,
                "bounty": seat.bounty,
            }
        )
    standings = group_standings(tournament)
    ranking = final_ranking(tournament)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "archive_version": version,
        "tournament": {
            "id": tournament.pk,
            "uid": str(tournament.uid),
            "name": tournament.name,
            "date": tournament.date.isoformat(),
            "ruleset": tournament.ruleset,
            "format": tournament.format,
            "settings": tournament.settings,
            "effective_settings": dict(tournament.config.values),
        },
        "participants": [
            {
                "id": p.pk,
                "name": p.name,
                "nationality": str(p.nationality),
                "status": p.status,
                "player": p.player_id,
                # The season server's player id from an event package (rules.md §16).
                "federation_player": p.federation_player,
            }
            for p in tournament.participants.order_by("id")
        ],
        "commitments": [
            {
                "commitment": c.commitment,
                "committed_at": _dt(c.committed_at),
                # The seed only once a draw used (revealed) it.
                "seed": c.secret if c.used_for else None,
                "used_for": c.used_for or None,
            }
            for c in commitments.values()
        ],
        # Part 1's draw under its version-1 key; every part's in ``group_draws``.
        "group_draw": _draw_record(draws[0], commitments) if draws else None,
        "group_draws": [_draw_record(draw, commitments) for draw in draws],
        "tables": tables,
        "knockout": None
        if knockout is None
        else {
            "field_size": knockout.field_size,
            "seed": knockout.seed,
            "algorithm": knockout.algorithm,
            "seeding": knockout.seeding,
            "champion": knockout.champion_id,
        },
        "lot_draws": [
            {
                "purpose": lot.purpose,
                "seed": lot.seed,
                "algorithm": lot.algorithm,
                "candidates": lot.candidates,
                "order": lot.order,
                "places": lot.places,
            }
            for lot in LotDraw.objects.filter(tournament=tournament).order_by("id")
        ],
        "results": list(results.values()),
        "penalties": [
            {
                "participant": p.participant_id,
                "kind": p.kind,
                "amount": p.amount,
                "reason": p.reason,
                "created_at": _dt(p.created_at),
            }
            for p in Penalty.objects.filter(tournament=tournament).order_by("id")
        ],
        "standings": [
            {
                "rank": row.rank,
                "participant": row.participant.pk,
                "bounty": row.bounty,
                "wins": row.wins,
                "lives": row.lives,
                "games_played": row.games_played,
                "excluded": row.excluded,
                "withdrawn": row.withdrawn,
            }
            for row in standings.rows
        ],
        "final_ranking": {
            "final": ranking.final,
            "champion": ranking.champion.pk if ranking.champion else None,
            "title_holder": ranking.title_holder.pk if ranking.title_holder else None,
            "rows": [
                {
                    "place": row.place,
                    "participant": row.participant.pk,
                    "knockout_round_reached": row.knockout_round_reached,
                    "excluded": row.excluded,
                }
                for row in ranking.rows
            ],
        },
    }


def _draw_record(draw: GroupDraw, commitments: dict[int, DrawCommitment]) -> dict[str, Any]:
    return {
        "part": draw.part,
        "seed": draw.seed,
        "five_tables": draw.five_tables,
        "algorithm": draw.algorithm,
        "participants": draw.participants,
        "commitment": commitments[draw.commitment_id].commitment
        if draw.commitment_id in commitments
        else None,
    }


def archive_bytes(document: dict[str, Any]) -> bytes:
    """The exact bytes stored and served: UTF-8 JSON, sorted keys, no spaces."""
    return json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode(
        "utf-8"
    )


def upgrade_archive(document: dict[str, Any]) -> dict[str, Any]:
    """An archive document of any format version in the current shape (``docs/archive.md``).

    A version-1 document (made before formats) is the German championship's
    single part: its draw is part 1's, every table and game part 1, the
    Sheriff of game r at position r, ``last_three`` false where absent. The
    stored bytes are never changed; this reads them.
    """
    if document.get("format") != FORMAT or document.get("format_version") not in (1, 2):
        raise ValueError("not a tournament archive this version can read")
    if document["format_version"] == FORMAT_VERSION:
        return document
    upgraded = json.loads(json.dumps(document))
    upgraded["format_version"] = FORMAT_VERSION
    tournament = upgraded["tournament"]
    tournament.setdefault("format", FormatKey.GERMAN_CHAMPIONSHIP.value)
    tournament.setdefault(
        "effective_settings",
        dict(effective_config(tournament["settings"], tournament["format"]).values),
    )
    draw = upgraded.get("group_draw")
    if draw is not None:
        draw.setdefault("part", 1)
    upgraded["group_draws"] = [draw] if draw is not None else []
    for table in upgraded["tables"]:
        table.setdefault("part", 1)
    for result in upgraded["results"]:
        result.setdefault("part", 1)
        result.setdefault(
            "sheriff_position", result["round"] if result["stage"] == "group" else None
        )
        for seat in result["seats"]:
            seat.setdefault("last_three", False)
    return upgraded
