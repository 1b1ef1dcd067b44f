"""When a game's time begins (rules.md §14 "Time limit", api.md "Formats").

A game's ``started_at`` is set once, by whichever comes first: the start of
the round clock (``clock_apply`` with ``start`` calls ``round_games_start``
for the open games of the current round that have not started yet) or a
referee's "game started" (``game_start``). It is recorded with or without a
time limit; the time rule applies only with one (``selectors.time_rule``).
"""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import Conflict
from ..models import Game, Tournament
from ..selectors.time_rule import current_round_games
from .audit import audit_log

__all__ = ["game_start", "round_games_start"]


def round_games_start(*, tournament: Tournament, now: datetime.datetime) -> list[int]:
    """Start, at ``now``, every open game of the current round that has not started yet
    (call inside the clock's transaction, whose audit entry covers it); their ids."""
    games = current_round_games(tournament).filter(started_at__isnull=True)
    ids = sorted(games.values_list("pk", flat=True))
    Game.objects.filter(pk__in=ids).update(started_at=now)
    return ids


def game_start(*, game: Game, actor: User | None = None) -> Game:
    """A referee marks ``game`` as started now.

    ``409 already_started`` if it has started (by the clock or a referee), ``409
    game_not_played`` for a void game and ``409 game_closed`` once its result is in.
    """
    with transaction.atomic():
        game = (
            Game.objects.select_for_update().select_related("tournament", "table").get(pk=game.pk)
        )
        if game.status == Game.Status.VOID:
            raise Conflict.single("game_not_played", _("This game is not played."))
        if game.status == Game.Status.RECORDED:
            raise Conflict.single("game_closed", _("This game has ended: its result is in."))
        if game.started_at is not None:
            raise Conflict.single(
                "already_started",
                _("This game started at %(time)s already.")
                % {"time": timezone.localtime(game.started_at).strftime("%H:%M:%S")},
            )
        game.started_at = timezone.now()
        game.save(update_fields=["started_at"])
        audit_log(
            tournament=game.tournament,
            actor=actor,
            action="game_started",
            obj=game,
            after={"started_at": game.started_at.isoformat()},
        )
    return game
