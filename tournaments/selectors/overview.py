"""The staff start page's overview of a tournament: its phase and its counts.

``StaffOverview`` says where the tournament stands (``Phase``), how many
participants and games it has, and in the knockout how far the current round
is (``KnockoutProgress``). Three queries, four in the knockout and more for
its round's advancers.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from tournaments.models import Game, Knockout, Stage, Tournament
from tournaments.selectors.knockout import KnockoutProgress, knockout_progress
from tournaments.selectors.tournament import Phase, tournament_phase

__all__ = ["StaffOverview", "staff_overview"]


@dataclass(frozen=True)
class StaffOverview:
    """Where a tournament stands, for its staff."""

    phase: Phase
    participants: int
    games_open: int
    games_recorded: int
    group_games_open: int
    knockout: KnockoutProgress | None  # in the knockout and after it


def staff_overview(tournament: Tournament) -> StaffOverview:
    phase = tournament_phase(tournament)
    open_ = Q(status=Game.Status.OPEN)
    counts = Game.objects.filter(tournament=tournament).aggregate(
        open=Count("id", filter=open_),
        recorded=Count("id", filter=Q(status=Game.Status.RECORDED)),
        group_open=Count("id", filter=open_ & Q(stage=Stage.GROUP)),
    )
    progress = None
    if phase in (Phase.KNOCKOUT, Phase.FINISHED):
        knockout = Knockout.objects.get(tournament=tournament)
        progress = knockout_progress(tournament, knockout)
    return StaffOverview(
        phase=phase,
        participants=tournament.participants.count(),
        games_open=counts["open"],
        games_recorded=counts["recorded"],
        group_games_open=counts["group_open"],
        knockout=progress,
    )
