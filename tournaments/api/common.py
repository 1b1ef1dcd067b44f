"""What every API view shares, said once.

- An **API view** (``BaseApi``) is one DRF ``APIView`` per operation. It parses
  its input with ``parse`` (a validation error becomes the API's error shape in
  ``errors.py``) and attributes every write to ``actor``, the signed-in user.
- A **tournament endpoint** (``TournamentApi``) lives under
  ``/api/tournaments/{id}/``; ``tournament`` is the tournament of the URL.
- A **game endpoint** (``GameApi``) lives under ``/api/games/{id}/``; ``game``
  is the game of the URL, with its table and tournament.

Both look the object up after DRF has checked authentication, permissions and
throttles, so an anonymous write to a missing tournament is refused before it
can learn that the tournament does not exist. A missing object is 404
(``not_found``). Lists are plain JSON arrays, never paginated.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, ClassVar

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.models import Game, Tournament
from tournaments.services.imports import imported_guard

__all__ = ["BaseApi", "GameApi", "TournamentApi", "created"]


class BaseApi(APIView):
    """An API operation: input parsing and the acting user."""

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        """A method the operation does not have is ``405`` for everyone, before any
        permission check (which would answer 401/403 for a method that cannot exist)."""
        method = request.method or ""
        if not hasattr(self, method.lower()):
            raise exceptions.MethodNotAllowed(method)
        super().initial(request, *args, **kwargs)

    @staticmethod
    def parse(serializer_class: type[serializers.BaseSerializer], data: Any, **kwargs: Any) -> Any:
        """The validated ``data`` (``kwargs`` go to the serializer, e.g. ``many=True``)."""
        serializer = serializer_class(data=data, **kwargs)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    @property
    def actor(self) -> User:
        """The signed-in user a write is attributed to.

        Every writing view's permission class admits signed-in staff only, so the
        anonymous case never reaches a handler; it is refused here all the same.
        """
        user = self.request.user
        if not isinstance(user, User):
            raise exceptions.NotAuthenticated()
        return user


class TournamentApi(BaseApi):
    """An operation under ``/api/tournaments/{id}/``.

    Every write is refused on an imported tournament (``409 imported_read_only``,
    rules.md §16), except a change of nothing but ``player`` where the view
    ``links_players``.
    """

    links_players: ClassVar[bool] = False

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        if request.method not in SAFE_METHODS:
            # The body is read only where it may decide (a link of players): every other
            # write is refused before its body is parsed, and a body the operation does
            # not take keeps its own answer (a 404 for another tournament's id, say).
            links_players = False
            if self.links_players:
                data = request.data if isinstance(request.data, dict) else {}
                links_players = set(data) == {"player"}
            imported_guard(kwargs.get("tournament_id"), links_players=links_players)

    @cached_property
    def tournament(self) -> Tournament:
        return get_object_or_404(Tournament, pk=self.kwargs["tournament_id"])


class GameApi(BaseApi):
    """An operation under ``/api/games/{id}/``."""

    games: ClassVar[QuerySet[Game]] = Game.objects.select_related("table", "tournament")

    @cached_property
    def game(self) -> Game:
        return get_object_or_404(self.games, pk=self.kwargs["game_id"])


def created(data: Any) -> Response:
    """A ``201 Created`` answer."""
    return Response(data, status=status.HTTP_201_CREATED)
