"""Participants through the API: registration is a list in, a list out, all or nothing.

A **participant** is a player registered for one tournament; ``status`` says
whether they still play (active, withdrawn, excluded).
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

from .common import TournamentApi, created
from .fields import StrictBooleanField, StrictCharField, StrictSerializer
from .schema import ErrorCodes

__all__ = ["ParticipantListApi", "ParticipantOutput"]


class ParticipantOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    nationality = serializers.CharField()
    birth_date = serializers.DateField(allow_null=True)
    age_approved = serializers.BooleanField()
    status = serializers.CharField()


class ParticipantListApi(TournamentApi):
    """``GET/POST /api/tournaments/{id}/participants/``: a list in, a list out, all or nothing."""

    error_codes: ClassVar[ErrorCodes] = {
        "post": {
            400: [
                "unknown_nationality",
                "too_many_participants",
                "invalid_birth_date",
                "too_young",
            ],
            409: ["draw_locked"],
        }
    }

    class InputSerializer(StrictSerializer):
        name = StrictCharField(max_length=120)
        nationality = StrictCharField(max_length=8)
        birth_date = serializers.DateField(required=False, allow_null=True, default=None)
        age_approved = StrictBooleanField(required=False, default=False)

    @extend_schema(responses={200: ParticipantOutput(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        participants = self.tournament.participants.order_by("id")
        return Response(ParticipantOutput(participants, many=True).data)

    @extend_schema(
        request=InputSerializer(many=True, allow_empty=False),
        responses={201: ParticipantOutput(many=True)},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        if not isinstance(request.data, list) or not request.data:
            raise InvalidInput.single(
                "invalid", _("Send a non-empty JSON list of participants."), field="participants"
            )
        items = self.parse(self.InputSerializer, request.data, many=True)
        registered = services.participants_register(
            tournament=tournament,
            items=[services.ParticipantInput(**item) for item in items],
            actor=self.actor,
        )
        return created(ParticipantOutput(registered, many=True).data)
