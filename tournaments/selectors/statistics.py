"""Statistics of the games that count, per tournament or across the server.

The figures (``scoring.statistics``) come from the games with a Sheriff whose
result *counts* (``Result.objects.counting``): the qualifying stage's games
(every part) and a final table's (rules.md §14); corrections count as their
current version, unconfirmed results of a double-checking tournament and
void games not at all, knockout games never. A game's "round" in the figures
is its Sheriff's position (the German rotation: the round within the part; a
Sheriff by lot: the position drawn). A table of 4 has no Deputy, so none of
its games counts as a Deputy eliminating the Sheriff. One query for one
tournament, two across the server, however many games.
"""

from __future__ import annotations

import functools
import operator
from collections import defaultdict

from django.db.models import QuerySet

from scoring.report import SeatReport
from scoring.rulesets import Role, Ruleset, Side
from scoring.statistics import GameRecord, Statistics, game_statistics
from tournaments.models import Result, ResultSeat, Stage, Tournament

__all__ = ["SHERIFF_STAGES", "ruleset_statistics", "tournament_statistics"]

#: The stages whose games have a Sheriff and sides (a knockout game has neither).
SHERIFF_STAGES = (Stage.GROUP, Stage.FINAL)


def tournament_statistics(tournament: Tournament) -> Statistics:
    """The statistics of one tournament's counted group games."""
    return _statistics(Result.objects.counting(tournament))


def ruleset_statistics(ruleset: Ruleset | str) -> Statistics:
    """The statistics of the counted group games of every tournament of a ruleset."""
    tournaments = list(Tournament.objects.filter(ruleset=str(ruleset)).order_by("pk"))
    if not tournaments:
        return game_statistics([])
    counting = functools.reduce(
        operator.or_, (Result.objects.counting(tournament) for tournament in tournaments)
    )
    return _statistics(counting)


def _statistics(counting: QuerySet[Result]) -> Statistics:
    """The statistics of the group games among the ``counting`` results (one query)."""
    results = counting.filter(game__stage__in=SHERIFF_STAGES).values("pk")
    seats: dict[int, list[SeatReport]] = defaultdict(list)
    games: dict[int, tuple[int, str]] = {}
    for (
        result_id,
        game_round,
        sheriff_position,
        winner,
        position,
        role,
        lives,
        eliminated_by,
        final_duel,
    ) in (
        ResultSeat.objects.filter(result__in=results)
        .order_by("result_id", "position")
        .values_list(
            "result_id",
            "result__game__round",
            "result__game__sheriff_position",
            "result__winner",
            "position",
            "role",
            "lives",
            "eliminated_by",
            "final_duel",
        )
    ):
        # Older games have no stored Sheriff position: the rotation's, the round.
        games[result_id] = (sheriff_position or game_round, winner)
        seats[result_id].append(
            SeatReport(
                position=position,
                role=Role(role) if role else None,
                lives=lives,
                eliminated_by=eliminated_by,
                final_duel=final_duel,
            )
        )
    sides = {side.value: side for side in Side}
    return game_statistics(
        GameRecord(round=game_round, winner=sides[winner], seats=tuple(seats[pk]))
        for pk, (game_round, winner) in games.items()
        if winner in sides  # a group game always has a side; guard against odd data
    )
