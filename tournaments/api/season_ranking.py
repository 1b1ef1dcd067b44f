"""The season ranking through the API: ``GET /api/seasons/{id}/ranking/`` (rules.md §13).

The answer is computed once per state of the season (``tournaments.live.seasons``:
its version and its tournaments' live versions) and kept as JSON bytes, gzipped
once; its ETag is that state and the language, so a client that sends it back
(``If-None-Match``) gets ``304 Not Modified`` after the one query that loads the
season with its state.
Django's ``condition`` decorator answers the ``304``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.http import HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils.decorators import method_decorator
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors
from tournaments.live import StateBody, no_cache, serve, state_body
from tournaments.live.seasons import SeasonState, season_standing, season_state, with_state
from tournaments.live.store import STATE_RENDER_SECONDS
from tournaments.models import Season

from .seasons import RATING_NOTE, SeasonApi, two_decimals

__all__ = ["SeasonRankingApi", "SeasonRankingOutput"]


class SeasonResultOutput(serializers.Serializer):
    tournament = serializers.IntegerField()
    place = serializers.IntegerField()
    points = serializers.SerializerMethodField()
    counted = serializers.BooleanField()

    def get_points(self, result: selectors.SeasonResult) -> float:
        return two_decimals(result.points)


class SeasonRowOutput(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    player = serializers.IntegerField(allow_null=True)
    participant = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    nationality = serializers.CharField()
    score = serializers.SerializerMethodField()
    events = serializers.IntegerField()
    best = serializers.SerializerMethodField()
    qualified = serializers.BooleanField()
    rating = serializers.SerializerMethodField(help_text=RATING_NOTE)
    results = SeasonResultOutput(many=True)

    def get_score(self, row: selectors.SeasonRow) -> float:
        return two_decimals(row.score)

    def get_best(self, row: selectors.SeasonRow) -> float:
        return two_decimals(row.best)

    def get_rating(self, row: selectors.SeasonRow) -> float | None:
        return None if row.rating is None else round(row.rating, 2)


class SeasonTournamentLineOutput(serializers.Serializer):
    tournament = serializers.IntegerField()
    weight = serializers.SerializerMethodField()
    counted = serializers.BooleanField()
    participants = serializers.IntegerField()

    def get_weight(self, line: selectors.SeasonTournamentLine) -> float:
        return float(line.weight)


class SeasonRankingOutput(serializers.Serializer):
    season = serializers.IntegerField(source="season.pk")
    tournaments = SeasonTournamentLineOutput(many=True)
    rows = SeasonRowOutput(many=True)
    unranked = SeasonRowOutput(many=True)
    qualifiers = serializers.IntegerField()
    extra_qualifiers = serializers.IntegerField()
    rating_note = serializers.SerializerMethodField()

    def get_rating_note(self, standing: selectors.SeasonStanding) -> str:
        return _(
            "The rating is unofficial (OpenSkill, μ − 3σ): it decides no rank and no qualification."
        )


#: Where the ETag's function leaves the season and its state for the view.
_FOUND = "season_ranking_found"


def _ranking_etag(request: Request, season_id: int) -> str:
    """The ranking's ETag: the season's state (``tournaments.live.seasons``) and the
    language (the rating's note is translated). Kept on the request for the view."""
    season = get_object_or_404(with_state(Season.objects.all()), pk=season_id)
    state = season_state(season)
    setattr(request, _FOUND, (season, state))
    return f"{state.tag}-{get_language()}"


def _found(request: Request) -> tuple[Season, SeasonState]:
    found: tuple[Season, SeasonState] = getattr(request, _FOUND)
    return found


def _revalidated(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """``condition`` by the ranking's ETag (a repeat answers ``304`` after the season's
    one query); every answer, ``304`` included, is revalidated on each request."""
    conditional = condition(etag_func=_ranking_etag)(view)

    @wraps(view)
    def answer(request: Request, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = conditional(request, *args, **kwargs)
        if isinstance(response, HttpResponse):
            no_cache(response)
        return response

    return answer


class SeasonRankingApi(SeasonApi):
    """``GET /api/seasons/{id}/ranking/`` (anyone): the season ranking (rules.md §13).

    Computed once per state of the season; a client that sends back the ETag gets
    ``304`` while the state is the same.
    """

    @extend_schema(responses={200: SeasonRankingOutput}, description=RATING_NOTE)
    @method_decorator(_revalidated)
    def get(self, request: Request, season_id: int) -> HttpResponseBase:
        season, state = _found(request)
        key = f"live:season-ranking-api:{state.tag}:{get_language()}"
        data: dict[str, Any] | None = cache.get_or_set(
            f"{key}:data",
            lambda: dict(SeasonRankingOutput(season_standing(season, state=state)).data),
            timeout=STATE_RENDER_SECONDS,
        )
        if not isinstance(request.accepted_renderer, JSONRenderer):
            return Response(data)
        body: StateBody | None = cache.get_or_set(
            f"{key}:json",
            lambda: state_body(json.dumps(data, ensure_ascii=False, separators=(",", ":"))),
            timeout=STATE_RENDER_SECONDS,
        )
        assert body is not None
        return serve(request, body, content_type="application/json")
