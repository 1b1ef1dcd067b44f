"""Games through the API: the games of a tournament, and one game with its result.

A **game** is what is played at one table in one round of a stage (group or
knockout); ``sheriff_position`` is the seat that plays the Sheriff (group
stage), ``status`` is open, recorded or void (not played), and ``version``
counts the recorded versions of its result. With the character deal a group
game carries ``dealt`` (two characters per position) and a knockout game
``revealed`` (one more than players): staff see them at once, everyone else
once the game's result is recorded. One game also shows its time
(``started_at``) and its ``time_rule`` (rules.md §14); the staff mark a game
started with ``POST /api/games/{id}/start/``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors, services
from tournaments.models import Game, Stage, Tournament
from tournaments.permissions import is_staff_of
from tournaments.selectors import GameView

from .common import GameApi, TournamentApi
from .fields import StrictSerializer
from .permissions import RefereeOnly
from .schema import ErrorCodes
from .serializers import ResultOutput, SeatOutput

__all__ = ["GameDetailApi", "GameDetailOutput", "GameListApi", "GameOutput", "GameStartApi"]


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


class TimeRuleOutput(serializers.Serializer):
    in_force = serializers.BooleanField()
    since = serializers.DateTimeField(
        allow_null=True, help_text="When the rule came into force; null while it is not."
    )


class GameDetailOutput(GameOutput):
    seating = serializers.IntegerField(
        source="game.table.seating",
        help_text="Goes up whenever a seat at the game's table is swapped after the draw; "
        "send it with the result.",
    )
    started_at = serializers.DateTimeField(
        source="game.started_at",
        allow_null=True,
        help_text="When the game's time began (its round's clock or a referee); null before.",
    )
    time_rule = serializers.SerializerMethodField()
    result = serializers.SerializerMethodField()

    @extend_schema_field(TimeRuleOutput)
    def get_time_rule(self, obj: GameView) -> dict[str, Any]:
        game = obj.game
        rule = selectors.time_rule_of(game, selectors.time_limit_of(game.tournament))
        return dict(TimeRuleOutput(rule).data)

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


class GameStartApi(GameApi):
    """``POST /api/games/{id}/start/``: the game's time begins now (the tournament's staff)."""

    permission_classes = [RefereeOnly]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {409: ["already_started", "game_not_played", "game_closed"]}
    }

    @extend_schema(request=None, responses={200: GameDetailOutput})
    def post(self, request: Request, game_id: int) -> Response:
        game = services.game_start(game=self.game, actor=self.actor)
        view = selectors.game_view(game)
        return Response(GameDetailOutput(view, context=deal_context(request, game.tournament)).data)


def deal_context(request: Request, tournament: Tournament) -> dict[str, bool]:
    """Whether the games carry their character deal, and whether the viewer is staff."""
    return {
        "deals": selectors.deals_characters(tournament),
        "staff": is_staff_of(request.user, tournament),
    }
