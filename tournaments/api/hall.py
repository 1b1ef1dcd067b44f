"""The hall through the API (rules.md §12, api.md "Clock, calls, corrections, presence").

- **clock**: ``GET/POST /api/tournaments/{id}/clock/``: the round clock as
  everyone sees it (``remaining_s`` whole seconds at ``server_time``), and the
  organiser's actions ``start``, ``pause``, ``resume``, ``add``, ``stop``.
- **call**: a player calls a referee from a seat of a game with their PIN
  (``POST /api/games/{id}/calls/``); anyone reads one call without its note
  (``GET /api/calls/{id}/``); the tournament's staff list the calls with their
  notes and take or close them.
- **seat swap**: an organiser swaps two seated players of the current stage
  before either table has a result (``POST /api/tournaments/{id}/seat-swaps/``).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, ClassVar

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors, services
from tournaments.errors import InvalidInput
from tournaments.http.client import client_address
from tournaments.models import CALL_NOTE_LENGTH, RefereeCall
from tournaments.services.clock import CLOCK_ACTIONS

from .common import BaseApi, GameApi, TournamentApi, created
from .fields import StrictCharField, StrictIntegerField, StrictSerializer
from .permissions import ReadOnlyOrOrganiser, RefereeOnly
from .schema import ErrorCodes

__all__ = [
    "CallCloseApi",
    "CallDetailApi",
    "CallTakeApi",
    "ClockApi",
    "GameCallsApi",
    "SeatSwapsApi",
    "TournamentCallsApi",
]


class ClockOutput(serializers.Serializer):
    state = serializers.ChoiceField(choices=["idle", "running", "paused", "expired"])
    label = serializers.CharField(allow_null=True)  # type: ignore[assignment]
    ends_at = serializers.DateTimeField(allow_null=True)
    remaining_s = serializers.IntegerField(help_text="Whole seconds left, rounded up.")
    server_time = serializers.DateTimeField()


class ClockApi(TournamentApi):
    """``GET/POST /api/tournaments/{id}/clock/``: the round clock (organisers run it)."""

    permission_classes = [ReadOnlyOrOrganiser]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {400: ["invalid_minutes", "invalid_action"], 409: ["clock_state"]}
    }

    class InputSerializer(StrictSerializer):
        action = serializers.ChoiceField(choices=list(CLOCK_ACTIONS))
        # The range (1..600) is checked after the state (api.md): by the service.
        minutes = StrictIntegerField(required=False, default=None)
        label = StrictCharField(max_length=100, required=False, allow_blank=True, default="")  # type: ignore[assignment]

    @extend_schema(responses={200: ClockOutput})
    def get(self, request: Request, tournament_id: int) -> Response:
        response = Response(ClockOutput(selectors.clock_view(self.tournament)).data)
        response["Cache-Control"] = "no-store"
        return response

    @extend_schema(request=InputSerializer, responses={200: ClockOutput})
    def post(self, request: Request, tournament_id: int) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        services.clock_apply(tournament=self.tournament, **values, actor=self.actor)
        return Response(ClockOutput(selectors.clock_view(self.tournament)).data)


class PublicCallOutput(serializers.Serializer):
    """A call as anyone sees it: without the note."""

    id = serializers.IntegerField()
    game = serializers.IntegerField(source="game_id")
    table = serializers.IntegerField(source="table.number")
    position = serializers.IntegerField()
    name = serializers.CharField(source="participant.name")
    status = serializers.ChoiceField(choices=RefereeCall.Status.choices)
    created_at = serializers.DateTimeField()
    taken_by = serializers.CharField(
        source="taken_by.username", allow_null=True, default=None, help_text="Who is coming."
    )


class CallOutput(PublicCallOutput):
    """A call as the caller and the staff see it (with the note)."""

    note = serializers.CharField()


def _call_queryset() -> Any:
    return RefereeCall.objects.select_related("table", "participant", "taken_by", "game")


class GameCallsApi(GameApi):
    """``POST /api/games/{id}/calls/``: the player at ``position`` calls a referee (PIN)."""

    permission_classes = [AllowAny]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {
            400: ["invalid_position"],
            403: ["wrong_pin"],
            409: ["call_open"],
            429: ["too_many_attempts"],
        }
    }

    class InputSerializer(StrictSerializer):
        position = StrictIntegerField(min_value=1, max_value=50)
        pin = StrictCharField(max_length=20)
        note = StrictCharField(
            max_length=CALL_NOTE_LENGTH, required=False, allow_blank=True, default=""
        )

    @extend_schema(request=InputSerializer, responses={201: CallOutput})
    def post(self, request: Request, game_id: int) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        call = services.call_create(
            game=self.game, **values, address=client_address(request), actor=request.user
        )
        return created(CallOutput(_call_queryset().get(pk=call.pk)).data)


class CallApi(BaseApi):
    """An operation under ``/api/calls/{id}/``."""

    @cached_property
    def call(self) -> RefereeCall:
        return get_object_or_404(_call_queryset(), pk=self.kwargs["call_id"])


class CallDetailApi(CallApi):
    """``GET /api/calls/{id}/``: one call, without the note (anyone: the caller's phone)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: PublicCallOutput})
    def get(self, request: Request, call_id: int) -> Response:
        response = Response(PublicCallOutput(self.call).data)
        response["Cache-Control"] = "no-store"
        return response


class TournamentCallsApi(TournamentApi):
    """``GET /api/tournaments/{id}/calls/?status=open``: the calls, oldest first (staff)."""

    permission_classes = [RefereeOnly]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "status",
                OpenApiTypes.STR,
                enum=[s.value for s in RefereeCall.Status],
                description="Only calls of this status (omitted: all).",
            )
        ],
        responses={200: CallOutput(many=True)},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        status = request.query_params.get("status")
        if status is not None and status not in RefereeCall.Status.values:
            raise InvalidInput.single(
                "invalid_status", _("The status is open, taken or closed."), field="status"
            )
        calls = selectors.calls_of(self.tournament, status=status)
        return Response(CallOutput(calls, many=True).data)


class CallTakeApi(CallApi):
    """``POST /api/calls/{id}/take/``: a referee is on the way (staff)."""

    permission_classes = [RefereeOnly]
    error_codes: ClassVar[ErrorCodes] = {"post": {409: ["call_closed"]}}

    @extend_schema(request=None, responses={200: CallOutput})
    def post(self, request: Request, call_id: int) -> Response:
        call = services.call_take(call=self.call, actor=self.actor)
        return Response(CallOutput(_call_queryset().get(pk=call.pk)).data)


class CallCloseApi(CallApi):
    """``POST /api/calls/{id}/close/``: the call is dealt with (staff; keeps ``taken_by``)."""

    permission_classes = [RefereeOnly]
    error_codes: ClassVar[ErrorCodes] = {"post": {409: ["call_closed"]}}

    @extend_schema(request=None, responses={200: CallOutput})
    def post(self, request: Request, call_id: int) -> Response:
        call = services.call_close(call=self.call, actor=self.actor)
        return Response(CallOutput(_call_queryset().get(pk=call.pk)).data)


class SeatSwapOutput(serializers.Serializer):
    a = serializers.IntegerField(source="a_id")
    b = serializers.IntegerField(source="b_id")
    stage = serializers.CharField(help_text='"group" or "knockout-N".')
    at = serializers.DateTimeField()


class SeatSwapsApi(TournamentApi):
    """``POST /api/tournaments/{id}/seat-swaps/``: swap two seated players (organiser)."""

    permission_classes = [ReadOnlyOrOrganiser]
    error_codes: ClassVar[ErrorCodes] = {"post": {400: ["not_seated"], 409: ["table_started"]}}

    class InputSerializer(StrictSerializer):
        a = StrictIntegerField(min_value=1)
        b = StrictIntegerField(min_value=1)

    @extend_schema(request=InputSerializer, responses={201: SeatSwapOutput})
    def post(self, request: Request, tournament_id: int) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        swap = services.seat_swap(tournament=self.tournament, **values, actor=self.actor)
        return created(SeatSwapOutput(swap).data)
