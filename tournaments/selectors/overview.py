"""The staff start page's overview of a tournament: its phase and its counts.

``StaffOverview`` says where the tournament stands (``Phase``), how many
participants it has (by status) and how many games, and in the knockout how far the current round
is (``KnockoutProgress``). Three queries, four in the knockout and more for
its round's advancers.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from tournaments.models import Game, Knockout, Participant, Stage, Tournament
from tournaments.selectors.knockout import KnockoutProgress, knockout_progress
from tournaments.selectors.tournament import Phase, tournament_phase

__all__ = ["StaffOverview", "staff_overview"]


@dataclass(frozen=True)
class StaffOverview:
    """Where a tournament stands, for its staff."""

    phase: Phase
    participants: int  # everyone registered
    participants_active: int
    participants_withdrawn: int
    participants_excluded: int
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
    status = Participant.Status
    people = tournament.participants.aggregate(
        n_all=Count("id"),
        n_active=Count("id", filter=Q(status=status.ACTIVE)),
        n_withdrawn=Count("id", filter=Q(status=status.WITHDRAWN)),
        n_excluded=Count("id", filter=Q(status=status.EXCLUDED)),
    )
    progress = None
    if phase in (Phase.KNOCKOUT, Phase.FINISHED):
        knockout = Knockout.objects.get(tournament=tournament)
        progress = knockout_progress(tournament, knockout)
    return StaffOverview(
        phase=phase,
        participants=people["n_all"],
        participants_active=people["n_active"],
        participants_withdrawn=people["n_withdrawn"],
        participants_excluded=people["n_excluded"],
        games_open=counts["open"],
        games_recorded=counts["recorded"],
        group_games_open=counts["group_open"],
        knockout=progress,
    )
