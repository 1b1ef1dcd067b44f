"""Players across tournaments through the API (rules.md §13, api.md "Players and seasons").

A **player** is a person known across tournaments; participants link to one.
Anyone reads the list (searchable, ignoring case and accents) and one player;
members of ``organisers`` and site administrators create players; site
administrators merge and erase them. No birth date is ever shown here.
"""

from __future__ import annotations

from typing import ClassVar

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors, services
from tournaments.errors import InvalidInput
from tournaments.models import Player
from tournaments.permissions import is_site_admin

from .common import BaseApi, created
from .fields import StrictCharField, StrictIntegerField, StrictSerializer
from .permissions import ReadOnlyOrCreator
from .schema import ErrorCodes

__all__ = ["PlayerDetailApi", "PlayerEraseApi", "PlayerListApi", "PlayerMergeApi"]


class PlayerOutput(serializers.Serializer):
    id = serializers.IntegerField()
    # An erased player's placeholder in the answer's language (``Player.shown_name``).
    name = serializers.CharField(source="shown_name")
    nationality = serializers.CharField()
    tournaments = serializers.SerializerMethodField()

    def get_tournaments(self, player: Player) -> list[int]:
        return sorted({p.tournament_id for p in player.participants.all()})


def _players(search: str = "") -> QuerySet[Player]:
    return selectors.players_search(search).prefetch_related("participants")


class SiteAdminOnly(BasePermission):
    def has_permission(self, request: object, view: object) -> bool:
        return is_site_admin(getattr(request, "user", None))


class PlayerListApi(BaseApi):
    """``GET /api/players/?search=`` (anyone), ``POST /api/players/`` (organisers, superusers)."""

    permission_classes = [ReadOnlyOrCreator]
    error_codes: ClassVar[ErrorCodes] = {
        "get": {400: ["invalid_search"]},
        "post": {400: ["required", "unknown_nationality"]},
    }

    class InputSerializer(StrictSerializer):
        name = StrictCharField(max_length=120)
        nationality = StrictCharField(max_length=8, required=False, allow_blank=True, default="")

    @extend_schema(
        parameters=[OpenApiParameter("search", str, description="Part of the name.")],
        responses={200: PlayerOutput(many=True)},
    )
    def get(self, request: Request) -> Response:
        search = request.query_params.get("search", "")
        if "\x00" in search:  # no name holds it, and PostgreSQL refuses it in a query
            raise InvalidInput.single(
                "invalid_search", _("The search may not contain a NUL character."), field="search"
            )
        return Response(PlayerOutput(_players(search), many=True).data)

    @extend_schema(request=InputSerializer, responses={201: PlayerOutput})
    def post(self, request: Request) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        player = services.player_create(**values, actor=self.actor)
        return created(PlayerOutput(player).data)


class PlayerDetailApi(BaseApi):
    """``GET /api/players/{id}/`` (anyone)."""

    @extend_schema(responses={200: PlayerOutput})
    def get(self, request: Request, player_id: int) -> Response:
        return Response(PlayerOutput(get_object_or_404(_players(), pk=player_id)).data)


class PlayerMergeApi(BaseApi):
    """``POST /api/players/{id}/merge/`` ``{"into": 5}`` (site administrators): the
    surviving player; the merged one then answers 404."""

    permission_classes = [SiteAdminOnly]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {400: ["same_player", "unknown_player"], 409: ["same_tournament"]}
    }

    class InputSerializer(StrictSerializer):
        into = StrictIntegerField(min_value=1)

    @extend_schema(request=InputSerializer, responses={200: PlayerOutput})
    def post(self, request: Request, player_id: int) -> Response:
        player = get_object_or_404(Player, pk=player_id)
        values = self.parse(self.InputSerializer, request.data)
        into = services.player_get(values["into"])
        assert into is not None
        survivor = services.player_merge(player=player, into=into, actor=self.actor)
        return Response(PlayerOutput(get_object_or_404(_players(), pk=survivor.pk)).data)


class PlayerEraseApi(BaseApi):
    """``POST /api/players/{id}/erase/`` ``{"confirm": "<the player's current name>"}``
    (site administrators): the player under its placeholder name; its participants
    keep their places, without birth date or PIN. Without the name, or another one:
    ``400 confirmation_required`` and nothing is erased."""

    permission_classes = [SiteAdminOnly]
    error_codes: ClassVar[ErrorCodes] = {"post": {400: ["confirmation_required"]}}

    class InputSerializer(StrictSerializer):
        confirm = StrictCharField(required=False, allow_blank=True, default="")

    @extend_schema(request=InputSerializer, responses={200: PlayerOutput})
    def post(self, request: Request, player_id: int) -> Response:
        player = get_object_or_404(Player, pk=player_id)
        values = self.parse(self.InputSerializer, request.data)
        erased = services.player_erase(player=player, confirm=values["confirm"], actor=self.actor)
        return Response(PlayerOutput(get_object_or_404(_players(), pk=erased.pk)).data)
