"""Statistics through the API (``docs/api.md``, "Statistics"; rules.md §11).

Per **size** (players who played the game): wins per **side** with the rate
(four decimals) and its 95 % Wilson interval (``ci95``, three decimals), the
final duels, the Deputies who eliminated their own Sheriff and the Law's wins
by round (the Sheriff's position). Group games whose result counts only.
Readable by anyone.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.rulesets import Ruleset
from scoring.statistics import SideCount, SizeStatistics, Statistics
from tournaments import selectors

from .common import BaseApi, TournamentApi
from .fields import StrictSerializer

__all__ = ["ServerStatisticsApi", "StatisticsOutput", "TournamentStatisticsApi"]


class SideOutput(serializers.Serializer):
    wins = serializers.IntegerField()
    rate = serializers.SerializerMethodField()
    ci95 = serializers.SerializerMethodField()

    def get_rate(self, obj: SideCount) -> float:
        return round(obj.rate, 4)

    def get_ci95(self, obj: SideCount) -> list[float]:
        low, high = obj.ci95
        return [round(low, 3), round(high, 3)]


class RoundOutput(serializers.Serializer):
    round = serializers.IntegerField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()


class SizeOutput(serializers.Serializer):
    size = serializers.IntegerField()
    games = serializers.IntegerField()
    sides = serializers.SerializerMethodField()
    final_duels = serializers.IntegerField()
    deputy_killed_sheriff = serializers.IntegerField()
    law_by_round = RoundOutput(many=True)

    @extend_schema_field(serializers.DictField(child=SideOutput()))
    def get_sides(self, obj: SizeStatistics) -> dict[str, Any]:
        return {count.side.value: SideOutput(count).data for count in obj.sides}


class StatisticsOutput(serializers.Serializer):
    ruleset = serializers.CharField()
    games = serializers.IntegerField()
    tables = SizeOutput(many=True)


def statistics_data(statistics: Statistics, *, ruleset: str) -> dict[str, Any]:
    """The API's JSON of ``statistics`` (also what the web page's numbers follow)."""
    return dict(
        StatisticsOutput(
            {"ruleset": ruleset, "games": statistics.games, "tables": statistics.tables}
        ).data
    )


class ServerStatisticsApi(BaseApi):
    """``GET /api/statistics/?ruleset=bang``: every tournament of the server."""

    permission_classes = [AllowAny]

    class FilterSerializer(StrictSerializer):
        ruleset = serializers.ChoiceField(choices=Ruleset.choices(), default=Ruleset.BANG.value)

    @extend_schema(parameters=[FilterSerializer], responses={200: StatisticsOutput})
    def get(self, request: Request) -> Response:
        filters = self.parse(self.FilterSerializer, request.query_params.dict())
        statistics = selectors.ruleset_statistics(filters["ruleset"])
        return Response(statistics_data(statistics, ruleset=filters["ruleset"]))


class TournamentStatisticsApi(TournamentApi):
    """``GET /api/tournaments/{id}/statistics/``: one tournament."""

    @extend_schema(responses={200: StatisticsOutput})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        statistics = selectors.tournament_statistics(tournament)
        return Response(statistics_data(statistics, ruleset=tournament.ruleset))
