"""What a referee's phone has not sent yet (rules.md §12): its reports for the progress board.

A phone reports the games it holds an unsent result for (``outbox_report``);
a result that arrives is no longer pending: ``result_record`` clears its
sender's report of that game (``outbox_sent``) in its own transaction,
whichever door the result came through (the result page, the API).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction

from ..models import Game, OutboxReport, Tournament


def outbox_report(
    *, tournament: Tournament, actor: User, pending: Mapping[int, datetime]
) -> list[OutboxReport]:
    """Replace what ``actor``'s phone reported for ``tournament``: the games it holds an
    unsent submission for (game id → when it was entered). Unknown games are ignored."""
    with transaction.atomic():
        OutboxReport.objects.filter(game__tournament=tournament, reported_by=actor).delete()
        games = Game.objects.filter(tournament=tournament, pk__in=list(pending)).only("pk")
        return OutboxReport.objects.bulk_create(
            OutboxReport(game=game, reported_by=actor, entered_at=pending[game.pk])
            for game in games
        )


def outbox_sent(*, game: Game, actor: User) -> None:
    """``actor``'s phone has sent its result of ``game``: no longer pending (call inside
    the transaction that records it)."""
    if actor.is_authenticated:
        OutboxReport.objects.filter(game=game, reported_by=actor).delete()
