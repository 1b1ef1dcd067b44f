"""Games through the API: the games of a tournament, and one game with its result.

A **game** is what is played at one table in one round of a stage (group or
knockout); ``sheriff_position`` is the seat that plays the Sheriff (group
stage), ``status`` is open, recorded or void (not played), and ``version``
counts the recorded versions of its result.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors
from tournaments.models import Stage
from tournaments.selectors import GameView

from .common import GameApi, TournamentApi
from .fields import StrictSerializer
from .serializers import ResultOutput, SeatOutput

__all__ = ["GameDetailApi", "GameDetailOutput", "GameListApi", "GameOutput"]


# Reads a ``selectors.GameView``: the game and the seats of its table. (No docstring:
# it would show in the API schema.)
class GameOutput(serializers.Serializer):
    id = serializers.IntegerField(source="game.id")
    stage = serializers.CharField(source="game.stage")
    round = serializers.IntegerField(source="game.round")
    table = serializers.IntegerField(source="game.table.number")
    size = serializers.IntegerField(source="game.table.size")
    sheriff_position = serializers.IntegerField(source="game.sheriff_position", allow_null=True)
    status = serializers.CharField(source="game.status")
    version = serializers.IntegerField(source="game.version")
    seats = SeatOutput(many=True)


class GameDetailOutput(GameOutput):
    result = serializers.SerializerMethodField()

    def get_result(self, obj: GameView) -> dict[str, Any] | None:
        result = selectors.current_result(obj.game)
        if result is None:
            return None
        return ResultOutput(result).data


class GameListApi(TournamentApi):
    """``GET /api/tournaments/{id}/games/?stage=group&round=2``."""

    class FilterSerializer(StrictSerializer):
        stage = serializers.ChoiceField(choices=Stage.choices, required=False)
        round = serializers.IntegerField(required=False, min_value=1, max_value=1000)

    @extend_schema(parameters=[FilterSerializer], responses={200: GameOutput(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        filters = self.parse(self.FilterSerializer, request.query_params.dict())
        games = selectors.games_list(tournament, **filters)
        return Response(GameOutput(games, many=True).data)


class GameDetailApi(GameApi):
    """``GET /api/games/{id}/``: the game, with its result once recorded."""

    @extend_schema(responses={200: GameDetailOutput})
    def get(self, request: Request, game_id: int) -> Response:
        return Response(GameDetailOutput(selectors.game_view(self.game)).data)
