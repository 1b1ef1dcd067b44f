"""Penalties through the API: anyone reads them, a referee gives one.

A **penalty** is a referee's decision about a participant: a ``warning``, a
bounty ``deduction`` of ``amount`` points, or an ``exclusion``; it always
has a reason.
"""

from __future__ import annotations

from typing import ClassVar

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import services
from tournaments.errors import InvalidInput
from tournaments.models import Penalty

from .common import TournamentApi, created
from .fields import StrictCharField, StrictIntegerField, StrictSerializer
from .permissions import ReadOnlyOrReferee
from .schema import ErrorCodes

__all__ = ["PenaltyListApi"]


class PenaltyListApi(TournamentApi):
    """``GET/POST /api/tournaments/{id}/penalties/`` (giving one: referee)."""

    permission_classes = [ReadOnlyOrReferee]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {
            400: [
                "unknown_participant",
                "invalid_kind",
                "reason_required",
                "invalid_amount",
                "already_excluded",
            ]
        }
    }

    class InputSerializer(StrictSerializer):
        participant = StrictIntegerField()
        kind = serializers.ChoiceField(choices=Penalty.Kind.values)
        amount = StrictIntegerField(required=False, default=0, min_value=0, max_value=1_000_000)
        reason = StrictCharField(max_length=2000)

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        participant = serializers.IntegerField(source="participant_id")
        name = serializers.CharField(source="participant.name")
        kind = serializers.CharField()
        amount = serializers.IntegerField()
        reason = serializers.CharField()
        referee = serializers.CharField(source="referee.get_username")
        created_at = serializers.DateTimeField()

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        penalties = self.tournament.penalties.select_related("participant", "referee")
        return Response(self.OutputSerializer(penalties.order_by("id"), many=True).data)

    @extend_schema(request=InputSerializer, responses={201: OutputSerializer})
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        values = self.parse(self.InputSerializer, request.data)
        participant = tournament.participants.filter(pk=values.pop("participant")).first()
        if participant is None:
            raise InvalidInput.single(
                "unknown_participant",
                _("No such participant in this tournament."),
                field="participant",
            )
        penalty = services.penalty_give(participant=participant, actor=self.actor, **values)
        return created(self.OutputSerializer(penalty).data)
