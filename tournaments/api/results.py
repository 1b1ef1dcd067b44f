"""A game's result through the API: record or correct it, its history, its confirmation.

- A **result** is what a referee records for a game from the scoresheet: one
  line per seat, the winner where the seats do not tell it, whether everyone
  signed. Correcting it records a new **version** with a **reason**; the old
  version is kept. The version a client sends is the one it corrects: if the
  game has moved on since, the answer is ``409 version_conflict``. The
  ``seating`` it may send is the table's seating it was filled in against: a
  seat swap since answers ``409 seating_changed``.
- A seat's line comes in as ``SeatIn`` and becomes the rules engine's
  ``scoring.results.SeatReport``; it goes out as ``ResultSeatOutput``.
- With the ``double_check`` setting a result counts only once a second person
  **confirms** it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.report import PROBLEM_CODES
from scoring.results import SeatReport
from scoring.rulesets import Role
from tournaments import selectors, services
from tournaments.http.client import client_address
from tournaments.models import Result

from .common import GameApi, created
from .fields import (
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
    WinnerField,
)
from .permissions import RefereeOnly
from .schema import ErrorCodes
from .serializers import ResultOutput, ResultSeatOutput

__all__ = ["ResultApi", "ResultConfirmApi", "ResultHistoryApi"]


class ResultApi(GameApi):
    """``PUT /api/games/{id}/result/``: record or correct a game's result (referee)."""

    permission_classes = [RefereeOnly]
    error_codes: ClassVar[ErrorCodes] = {
        "put": {
            400: [*sorted(PROBLEM_CODES), "reason_required"],
            409: ["game_not_played", "round_closed", "seating_changed", "version_conflict"],
        }
    }

    class InputSerializer(StrictSerializer):
        class SeatIn(StrictSerializer):
            position = StrictIntegerField(min_value=1, max_value=50)
            role = serializers.ChoiceField(choices=[role.value for role in Role], allow_null=True)
            character = StrictCharField(
                max_length=100, required=False, allow_null=True, allow_blank=True, default=None
            )
            lives = StrictIntegerField(required=False, allow_null=True, default=None)
            eliminated_by = StrictIntegerField(required=False, allow_null=True, default=None)
            final_duel = StrictBooleanField(required=False, default=False)
            last_three = StrictBooleanField(required=False, default=False)

            def validate(self, attrs: dict[str, Any]) -> SeatReport:
                # DRF keeps whatever ``validate`` returns: the rules engine's seat.
                return SeatReport(
                    position=attrs["position"],
                    role=Role(attrs["role"]) if attrs["role"] else None,
                    character=attrs["character"] or None,
                    lives=attrs["lives"],
                    eliminated_by=attrs["eliminated_by"],
                    final_duel=attrs["final_duel"],
                    last_three=attrs["last_three"],
                )

        seats: serializers.ListSerializer[SeatReport] = serializers.ListSerializer(
            child=SeatIn(), allow_empty=False, max_length=50
        )
        winner = WinnerField(required=False, allow_null=True, default=None)
        signed = StrictBooleanField(required=False, default=False)
        reason = StrictCharField(required=False, allow_blank=True, default="", max_length=2000)
        version = StrictIntegerField(required=False, allow_null=True, default=None, min_value=0)
        seating = StrictIntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=0,
            help_text="The table's seating the result was filled in against "
            "(GET /api/games/{id}/); a different one answers 409 seating_changed.",
        )

    class OutputSerializer(serializers.Serializer):
        game = serializers.IntegerField(source="game_id")
        version = serializers.IntegerField()
        winner = WinnerField()
        signed = serializers.BooleanField()
        seats = ResultSeatOutput(many=True)

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer})
    def put(self, request: Request, game_id: int) -> Response:
        game = self.game
        values = self.parse(self.InputSerializer, request.data)
        result = services.result_record(
            game=game,
            seats=values["seats"],
            winner=values["winner"],
            signed=values["signed"],
            reason=values["reason"],
            version=values["version"],
            seating=values["seating"],
            actor=self.actor,
        )
        return Response(self.OutputSerializer(result).data)


class ResultHistoryApi(GameApi):
    """``GET /api/games/{id}/history/``: every version of a game's result, oldest first."""

    permission_classes = [RefereeOnly]

    class OutputSerializer(serializers.Serializer):
        version = serializers.IntegerField()
        recorded_at = serializers.DateTimeField()
        recorded_by = serializers.CharField(source="recorded_by.get_username")
        reason = serializers.CharField()
        current = serializers.BooleanField(source="is_current")
        confirmed_by = serializers.SerializerMethodField()
        result = serializers.SerializerMethodField()

        def get_confirmed_by(self, obj: Result) -> str | None:
            return obj.confirmed_by.get_username() if obj.confirmed_by else None

        def get_result(self, obj: Result) -> dict[str, Any]:
            return ResultOutput(obj).data

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request, game_id: int) -> Response:
        results = [version.result for version in selectors.result_history(self.game)]
        return Response(self.OutputSerializer(results, many=True).data)


class ResultConfirmApi(GameApi):
    """``POST /api/games/{id}/confirm/``: a second person confirms the result."""

    permission_classes = [RefereeOnly]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {
            400: ["version_required"],
            403: ["cannot_confirm_own_entry"],
            409: ["no_result", "version_conflict"],
        }
    }

    class InputSerializer(StrictSerializer):
        version = StrictIntegerField(required=False, allow_null=True, default=None)

    @extend_schema(request=InputSerializer, responses={200: ResultOutput})
    def post(self, request: Request, game_id: int) -> Response:
        game = self.game
        values = self.parse(self.InputSerializer, request.data)  # an empty body is {}
        result = services.result_confirm(game=game, actor=self.actor, **values)
        return Response(ResultOutput(result).data)


class PlayerConfirmationsApi(GameApi):
    """``POST /api/games/{id}/player-confirmations/``: a player confirms with their PIN.

    No login needed; wrong PINs are throttled (``services.signatures``).
    """

    permission_classes = [AllowAny]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {
            400: ["invalid_position"],
            403: ["wrong_pin"],
            409: ["version_conflict"],
            429: ["too_many_attempts"],
        }
    }

    class InputSerializer(StrictSerializer):
        position = StrictIntegerField(min_value=1)
        pin = StrictCharField(max_length=20)
        version = StrictIntegerField(min_value=1)

    @extend_schema(request=InputSerializer, responses={201: ResultOutput})
    def post(self, request: Request, game_id: int) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        result = services.player_confirm(
            game=self.game, **values, address=client_address(request), actor=request.user
        )
        result = selectors.current_result(self.game) or result
        return created(ResultOutput(result).data)
