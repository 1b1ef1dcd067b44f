"""Games through the API: the games of a tournament, and one game with its result.

A **game** is what is played at one table in one round of a stage (group or
knockout); ``sheriff_position`` is the seat that plays the Sheriff (group
stage), ``status`` is open, recorded or void (not played), and ``version``
counts the recorded versions of its result. With the character deal a group
game carries ``dealt`` (two characters per position) and a knockout game
``revealed`` (one more than players): staff see them at once, everyone else
once the game's result is recorded.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors
from tournaments.models import Game, Stage, Tournament
from tournaments.permissions import is_staff_of
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
    part = serializers.IntegerField(source="game.part")
    round = serializers.IntegerField(source="game.round")
    table = serializers.IntegerField(source="game.table.number")
    size = serializers.IntegerField(source="game.table.size")
    sheriff_position = serializers.IntegerField(source="game.sheriff_position", allow_null=True)
    status = serializers.CharField(source="game.status")
    version = serializers.IntegerField(source="game.version")
    seats = SeatOutput(many=True)

    def to_representation(self, instance: GameView) -> dict[str, Any]:
        """With the character deal (context ``deals``), a group game's ``dealt`` or a
        knockout game's ``revealed``: for staff (context ``staff``) always, for
        everyone else once the result is recorded (``null`` before)."""
        data = dict(super().to_representation(instance))
        game = instance.game
        if self.context.get("deals"):
            visible = self.context.get("staff") or game.status == Game.Status.RECORDED
            if game.stage == Stage.GROUP:
                data["dealt"] = dict(game.dealt) if visible else None
            else:
                data["revealed"] = list(game.revealed) if visible else None
        return data


class GameDetailOutput(GameOutput):
    seating = serializers.IntegerField(
        source="game.table.seating",
        help_text="Goes up whenever a seat at the game's table is swapped after the draw; "
        "send it with the result.",
    )
    result = serializers.SerializerMethodField()

    def get_result(self, obj: GameView) -> dict[str, Any] | None:
        result = selectors.current_result(obj.game)
        if result is None:
            return None
        return ResultOutput(result).data


class GameListApi(TournamentApi):
    """``GET /api/tournaments/{id}/games/?stage=group&part=1&round=2``."""

    class FilterSerializer(StrictSerializer):
        stage = serializers.ChoiceField(choices=Stage.choices, required=False)
        part = serializers.IntegerField(required=False, min_value=1, max_value=100)
        round = serializers.IntegerField(required=False, min_value=1, max_value=1000)

    @extend_schema(parameters=[FilterSerializer], responses={200: GameOutput(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        filters = self.parse(self.FilterSerializer, request.query_params.dict())
        games = selectors.games_list(tournament, **filters)
        return Response(
            GameOutput(games, many=True, context=deal_context(request, tournament)).data
        )


class GameDetailApi(GameApi):
    """``GET /api/games/{id}/``: the game, with its result once recorded."""

    @extend_schema(responses={200: GameDetailOutput})
    def get(self, request: Request, game_id: int) -> Response:
        view = selectors.game_view(self.game)
        context = deal_context(request, view.game.tournament)
        return Response(GameDetailOutput(view, context=context).data)


def deal_context(request: Request, tournament: Tournament) -> dict[str, bool]:
    """Whether the games carry their character deal, and whether the viewer is staff."""
    return {
        "deals": selectors.deals_characters(tournament),
        "staff": is_staff_of(request.user, tournament),
    }
