"""The group-stage draw through the API.

The **draw** splits the active participants into tables of 5 and 6 and seats
them by lot from a **seed** (any text: same participants and same seed, same
seating); ``five_tables`` fixes the number of 5-tables (None: the usual split).
A **table** has a number, a size and its seats. A draw may be redone until the
first group result is recorded.
"""

from __future__ import annotations

from typing import Any, ClassVar

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors, services
from tournaments.models import Tournament

from .common import TournamentApi, created
from .fields import StrictCharField, StrictIntegerField, StrictSerializer
from .schema import ErrorCodes
from .serializers import SeatOutput

__all__ = ["DrawOutput", "GroupDrawApi"]


class CorrectionOut(serializers.Serializer):
    """A seat swap after the draw (rules.md §12): the two participants exchanged."""

    swap = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2)
    at = serializers.DateTimeField()


def _corrections(tournament: Tournament) -> list[dict[str, Any]]:
    return [
        {"swap": [swap.a_id, swap.b_id], "at": swap.at}
        for swap in selectors.seat_corrections(tournament, stage="group")
    ]


class DrawOutput(serializers.Serializer):
    class TableOut(serializers.Serializer):
        number = serializers.IntegerField()
        size = serializers.IntegerField()
        # ``Seat`` is ordered by position; ``group_tables`` prefetches the seats.
        seats = SeatOutput(many=True)
        sheriff_positions = serializers.ListField(
            child=serializers.IntegerField(),
            help_text="The Sheriff's position in each game of the part, game 1 first.",
        )

    class AlgorithmOut(serializers.Serializer):
        name = serializers.CharField()
        version = serializers.IntegerField()

    seed = serializers.CharField()
    five_tables = serializers.IntegerField(
        allow_null=True, help_text="The number of 5-tables drawn (null before the draw)."
    )
    tables = TableOut(many=True)
    algorithm = AlgorithmOut(allow_null=True)
    participants = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Participant ids in registration order, as the draw shuffled them.",
    )
    commitment = serializers.CharField(allow_null=True)
    corrections = CorrectionOut(
        many=True,
        help_text="Seat swaps after the draw, oldest first; ``tables`` shows them applied.",
    )
    part = serializers.IntegerField(help_text="The part of the qualifying stage (rules.md §14).")
    table_sizes = serializers.ListField(
        child=serializers.IntegerField(), help_text="The size of each table, table 1 first."
    )
    games = serializers.IntegerField(
        allow_null=True, help_text="Games per table in the part (null: one per player)."
    )
    sheriff = serializers.ChoiceField(choices=["rotation", "lot"])
    earlier = serializers.ListField(
        child=serializers.ListField(child=serializers.ListField(child=serializers.IntegerField())),
        help_text="The tables of each earlier part as played (participant ids by position).",
    )


def _draw_payload(tournament: Tournament, part: int | None = None) -> dict[str, Any]:
    """The draw record of ``part`` (the latest when None): everything
    ``python -S -m scoring.verify_draw`` needs."""
    draws = {draw.part: draw for draw in tournament.group_draws.select_related("commitment")}
    if part is None:
        part = max(draws, default=1)
    draw = draws.get(part)
    fmt = tournament.config.format
    tables = selectors.group_tables(tournament, part=part) if draw is not None else []
    games = fmt.parts[part - 1].games if part <= len(fmt.parts) else None
    structure = {"part": part, "games": games, "sheriff": fmt.sheriff.value}
    if draw is None:
        return {
            "seed": "",
            "five_tables": None,
            "tables": tables,
            "algorithm": None,
            "participants": [],
            "commitment": None,
            "corrections": [],
            "table_sizes": [],
            "earlier": [],
            **structure,
        }
    sheriffs = selectors.sheriff_positions(tournament, part=part)
    seated = sorted(seat.participant_id for table in tables for seat in table.seats.all())
    return {
        "seed": draw.seed,
        "five_tables": sum(1 for table in tables if table.size == 5),
        "tables": [
            {
                "number": table.number,
                "size": table.size,
                "seats": table.seats.all(),
                "sheriff_positions": sheriffs.get(table.pk, []),
            }
            for table in tables
        ],
        "algorithm": draw.algorithm,
        # Draws recorded before the list was stored seated the active ids in id order.
        "participants": draw.participants or seated,
        "commitment": draw.commitment.commitment if draw.commitment is not None else None,
        "corrections": _corrections(tournament) if part == 1 else [],
        "table_sizes": [table.size for table in tables],
        "earlier": selectors.earlier_parts(tournament, part=part),
        **structure,
    }


class GroupDrawApi(TournamentApi):
    """``GET/POST /api/tournaments/{id}/group-stage/draw/``."""

    error_codes: ClassVar[ErrorCodes] = {
        "post": {
            400: [
                "invalid_seed",
                "not_splittable",
                "invalid_five_tables",
                "seed_and_commitment",
                "unknown_commitment",
            ],
            409: ["draw_locked", "part_open", "commitment_used", "too_few_characters"],
        }
    }

    class InputSerializer(StrictSerializer):
        seed = StrictCharField(max_length=200, required=False, default=None)
        commitment = StrictCharField(max_length=64, required=False, default=None)
        five_tables = StrictIntegerField(required=False, allow_null=True, default=None, min_value=0)
        part = StrictIntegerField(required=False, allow_null=True, default=None, min_value=1)

    class QuerySerializer(StrictSerializer):
        part = serializers.IntegerField(required=False, min_value=1, max_value=100)

    @extend_schema(parameters=[QuerySerializer], responses={200: DrawOutput})
    def get(self, request: Request, tournament_id: int) -> Response:
        query = self.parse(self.QuerySerializer, request.query_params.dict())
        return Response(DrawOutput(_draw_payload(self.tournament, query.get("part"))).data)

    @extend_schema(request=InputSerializer, responses={201: DrawOutput})
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        values = self.parse(self.InputSerializer, request.data)
        tables = services.group_stage_draw(tournament=tournament, **values, actor=self.actor)
        tournament.refresh_from_db()
        return created(DrawOutput(_draw_payload(tournament, tables[0].part)).data)
