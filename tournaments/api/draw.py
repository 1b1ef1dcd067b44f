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


def _draw_payload(tournament: Tournament) -> dict[str, Any]:
    """The draw record: everything ``python -S -m scoring.verify_draw`` needs."""
    draw = getattr(tournament, "group_draw", None)
    tables = selectors.group_tables(tournament)
    if draw is None:
        return {
            "seed": "",
            "five_tables": None,
            "tables": tables,
            "algorithm": None,
            "participants": [],
            "commitment": None,
            "corrections": [],
        }
    seated = sorted(seat.participant_id for table in tables for seat in table.seats.all())
    return {
        "seed": draw.seed,
        "five_tables": sum(1 for table in tables if table.size == 5),
        "tables": tables,
        "algorithm": draw.algorithm,
        # Draws recorded before the list was stored seated the active ids in id order.
        "participants": draw.participants or seated,
        "commitment": draw.commitment.commitment if draw.commitment_id else None,
        "corrections": _corrections(tournament),
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
            409: ["draw_locked", "commitment_used", "too_few_characters"],
        }
    }

    class InputSerializer(StrictSerializer):
        seed = StrictCharField(max_length=200, required=False, default=None)
        commitment = StrictCharField(max_length=64, required=False, default=None)
        five_tables = StrictIntegerField(required=False, allow_null=True, default=None, min_value=0)

    @extend_schema(responses={200: DrawOutput})
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(DrawOutput(_draw_payload(self.tournament)).data)

    @extend_schema(request=InputSerializer, responses={201: DrawOutput})
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        values = self.parse(self.InputSerializer, request.data)
        services.group_stage_draw(tournament=tournament, **values, actor=self.actor)
        tournament.refresh_from_db()
        return created(DrawOutput(_draw_payload(tournament)).data)
