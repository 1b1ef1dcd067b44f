"""A tournament's characters through the API: anyone reads them, an organiser adds one.

The **characters** of a tournament are the base game's (every tournament has
them) and the expansion characters its organisers added before the draw.
"""

from __future__ import annotations

from typing import ClassVar

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import services
from tournaments.models import Character

from .common import TournamentApi, created
from .fields import StrictCharField, StrictIntegerField, StrictSerializer
from .permissions import ReadOnlyOrOrganiser
from .schema import ErrorCodes

__all__ = ["CharacterListApi"]


class CharacterOutput(serializers.Serializer):
    name = serializers.CharField()
    life_points = serializers.IntegerField()


class CharacterListApi(TournamentApi):
    """``GET/POST /api/tournaments/{id}/characters/`` (adding one: organiser, before the draw)."""

    permission_classes = [ReadOnlyOrOrganiser]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {400: ["duplicate_character"], 409: ["draw_locked"]}
    }

    class InputSerializer(StrictSerializer):
        name = StrictCharField(max_length=100)
        life_points = StrictIntegerField(min_value=1, max_value=9)

    @extend_schema(responses={200: CharacterOutput(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        characters = (
            Character.objects.filter(tournament__isnull=True)
            | Character.objects.filter(tournament=tournament)
        ).order_by("name", "id")
        return Response(CharacterOutput(characters, many=True).data)

    @extend_schema(request=InputSerializer, responses={201: CharacterOutput})
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        values = self.parse(self.InputSerializer, request.data)
        character = services.character_add(tournament=tournament, actor=self.actor, **values)
        return created(CharacterOutput(character).data)
