"""Amounts that change after results (rules.md §12).

A game's **bounty** is stored with each seat of a result version when it is
recorded (``services.results``). When an organiser changes a bounty amount
(a cell of the points table, the survivor or Deputy amount; rules.md §14) after
results exist, every stored game bounty of the tournament, every version, is
recomputed with the new amounts in the same transaction, so that the standings
never mix old and new figures. The small-table bonus is read from the settings
when the standings are computed.
"""

from __future__ import annotations

from scoring.formats import ALIASES, AMOUNT_KEYS
from scoring.results import SeatReport
from scoring.rulesets import Role, Side

from ..models import Result, ResultSeat, Stage, Tournament

__all__ = ["BOUNTY_KEYS", "game_bounties_recompute"]

#: The settings that are amounts: the format's, and the German keys naming its cells.
BOUNTY_KEYS = AMOUNT_KEYS | frozenset(ALIASES)


def game_bounties_recompute(tournament: Tournament) -> int:
    """Recompute every stored group-stage game bounty of ``tournament`` with its
    current amounts (call inside the transaction that changed them); the number of
    seats whose bounty changed."""
    fmt = tournament.config.format
    results = (
        Result.objects.filter(
            game__tournament=tournament, game__stage__in=(Stage.GROUP, Stage.FINAL)
        )
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
        reports = [
            SeatReport(
                position=s.position,
                role=Role(s.role) if s.role else None,
                character=s.character or None,
                lives=s.lives,
                eliminated_by=s.eliminated_by,
                final_duel=s.final_duel,
                last_three=s.last_three,
            )
            for s in seats
        ]
        amounts = fmt.game_bounty(seats=reports, side=side, size=result.game.table.size)
        for s in seats:
            new = amounts.get(s.position)
            if new != s.bounty:
                s.bounty = new
                changed.append(s)
    ResultSeat.objects.bulk_update(changed, ["bounty"], batch_size=500)
    return len(changed)
