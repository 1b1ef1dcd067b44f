"""Amounts that change after results (rules.md §12).

A game's **bounty** is stored with each seat of a result version when it is
recorded (``services.results``). When an organiser changes a bounty amount
(``bounty_*``, ``five_table_bonus``) after results exist, every stored game
bounty of the tournament, every version, is recomputed with the new amounts in
the same transaction, so that the standings never mix old and new figures. The
5-table bonus is read from the settings when the standings are computed.
"""

from __future__ import annotations

from dataclasses import fields

from scoring.bounty import BountyTable, game_bounty
from scoring.results import SeatReport
from scoring.rulesets import Role, Side

from ..models import Result, ResultSeat, Stage, Tournament

__all__ = ["BOUNTY_KEYS", "game_bounties_recompute"]

#: The settings that are bounty amounts.
BOUNTY_KEYS = frozenset(
    f.name if f.name == "five_table_bonus" else f"bounty_{f.name}" for f in fields(BountyTable)
)


def game_bounties_recompute(tournament: Tournament) -> int:
    """Recompute every stored group-stage game bounty of ``tournament`` with its
    current amounts (call inside the transaction that changed them); the number of
    seats whose bounty changed."""
    table = tournament.config.bounty_table
    results = (
        Result.objects.filter(game__tournament=tournament, game__stage=Stage.GROUP)
        .select_related("game__table")
        .prefetch_related("seats")
    )
    changed: list[ResultSeat] = []
    for result in results:
        seats = sorted(result.seats.all(), key=lambda s: s.position)
        try:
            side = Side(result.winner)
        except ValueError:
            continue  # no side won (nothing was priced when it was recorded either)
        if result.game.table.size not in (5, 6):
            continue
        reports = [
            SeatReport(
                position=s.position,
                role=Role(s.role) if s.role else None,
                character=s.character or None,
                lives=s.lives,
                eliminated_by=s.eliminated_by,
                final_duel=s.final_duel,
            )
            for s in seats
        ]
        amounts = game_bounty(
            seats=reports, side=side, size_category=result.game.table.size, table=table
        )
        for s in seats:
            new = amounts.get(s.position)
            if new != s.bounty:
                s.bounty = new
                changed.append(s)
    ResultSeat.objects.bulk_update(changed, ["bounty"], batch_size=500)
    return len(changed)
