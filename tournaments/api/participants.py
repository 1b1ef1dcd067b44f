"""Participants through the API: registration is a list in, a list out, all or nothing.

A **participant** is a player registered for one tournament; ``status`` says
whether they still play (active, withdrawn, excluded).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import services
from tournaments.errors import InvalidInput
from tournaments.permissions import is_referee

from .common import TournamentApi, created
from .fields import StrictBooleanField, StrictCharField, StrictSerializer

__all__ = ["ParticipantListApi", "ParticipantOutput"]


class ParticipantOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    nationality = serializers.CharField()
    birth_date = serializers.DateField(allow_null=True)
    age_approved = serializers.BooleanField()
    status = serializers.CharField()


class StaffParticipantOutput(ParticipantOutput):
    """With the private fields only the tournament's staff see (api.md: the PIN)."""

    pin = serializers.CharField()


class ParticipantListApi(TournamentApi):
    """``GET/POST /api/tournaments/{id}/participants/``: a list in, a list out, all or nothing."""

    class InputSerializer(StrictSerializer):
        name = StrictCharField(max_length=120)
        nationality = StrictCharField(max_length=8)
        birth_date = serializers.DateField(required=False, allow_null=True, default=None)
        age_approved = StrictBooleanField(required=False, default=False)

    @extend_schema(responses={200: ParticipantOutput(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        participants = self.tournament.participants.order_by("id")
        output = StaffParticipantOutput if is_referee(request.user) else ParticipantOutput
        return Response(output(participants, many=True).data)

    @extend_schema(
        request=InputSerializer(many=True), responses={201: ParticipantOutput(many=True)}
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
        return created(StaffParticipantOutput(registered, many=True).data)
