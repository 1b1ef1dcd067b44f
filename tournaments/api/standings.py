"""The live group standings through the API.

A standings **row** is one participant's group-stage line: where they sit,
their rank, the value of every tie-break **metric** (``scoring.standings``:
bounty, placement at the table, games won, lives left), the parts of their
bounty (the games' bounties, the 5-table bonus, referee deductions) and whether
they still play. ``missing`` lists the group games still without a result
that counts.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.standings import METRICS
from tournaments import selectors
from tournaments.live import once_per_state, serve, state_body, state_version
from tournaments.selectors import StandingRow

from .common import TournamentApi

__all__ = ["MetricField", "StandingsApi"]

# A metric's value is nullable where the row's field is (a player without a
# group seat has no table rank).
_NULLABLE = {f.name for f in dataclasses.fields(StandingRow) if "None" in str(f.type)}


class MetricField(serializers.IntegerField):
    """The value of a tie-break metric in a standings row (``StandingRow.metric``)."""

    def __init__(self, key: str, **kwargs: Any) -> None:
        self.metric_key = key
        super().__init__(allow_null=key in _NULLABLE, **kwargs)

    def get_attribute(self, instance: StandingRow) -> int | None:
        return instance.metric(self.metric_key)


class StandingsApi(TournamentApi):
    """``GET /api/tournaments/{id}/standings/``: live group standings."""

    class OutputSerializer(serializers.Serializer):
        class RowOut(serializers.Serializer):
            rank = serializers.IntegerField()
            participant = serializers.IntegerField(source="participant.pk")
            name = serializers.CharField(source="participant.name")
            nationality = serializers.CharField(source="participant.nationality")
            table = serializers.IntegerField(allow_null=True)
            position = serializers.IntegerField(allow_null=True)
            # Here: one field per tie-break metric, named by its key (``get_fields``).
            game_bounty = serializers.IntegerField()
            bonus = serializers.IntegerField()
            deductions = serializers.IntegerField()
            games_played = serializers.IntegerField()
            excluded = serializers.BooleanField()
            withdrawn = serializers.BooleanField()

            def get_fields(self) -> dict[str, serializers.Field]:
                fields = super().get_fields()
                where = list(fields).index("position") + 1
                items = list(fields.items())
                metrics = [(key, MetricField(key)) for key in METRICS]
                return dict(items[:where] + metrics + items[where:])

        class MissingOut(serializers.Serializer):
            id = serializers.IntegerField()
            round = serializers.IntegerField()
            table = serializers.IntegerField(source="table.number")

        complete = serializers.BooleanField()
        games_recorded = serializers.IntegerField()
        games_total = serializers.IntegerField()
        missing = MissingOut(many=True, source="missing_games")
        rows = RowOut(many=True)

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        """Computed once per state of the tournament (one query when it is).

        JSON answers are served as cached bytes (gzipped once per state: the
        answer is the same for everyone and holds no secret); the browsable
        API renders the cached data.
        """
        version = state_version(tournament_id)
        data = once_per_state(
            kind="standings-api",
            tournament_id=tournament_id,
            variant="data",
            version=version,
            render=lambda: dict(self.OutputSerializer(self._standings()).data),
        )
        if not isinstance(request.accepted_renderer, JSONRenderer):
            return Response(data)
        state = once_per_state(
            kind="standings-api",
            tournament_id=tournament_id,
            variant="json",
            version=version,
            render=lambda: state_body(json.dumps(data, ensure_ascii=False, separators=(",", ":"))),
        )
        return serve(request, state, content_type="application/json")

    def _standings(self) -> selectors.Standings:
        return selectors.group_standings(self.tournament, with_missing=True)
