"""Bounty ("Kopfgeld"): the points of the group stage (rules.md §4).

Words (see also ``scoring.rulesets`` and ``scoring.results``):

- A game's **bounty** is what each seat earns in one group-stage game: the amount
  of its role if its side won, plus the additions (final duel, survivor, Deputy
  who eliminated the Sheriff).
- The **size category** of a group table is 5 or 6: the size it was drawn with.
  A table that lost a player keeps its category.
- The **tournament total** of a participant is the sum of their game bounties,
  plus the **5-table bonus** if they sat at a 5-table, minus referee
  **deductions**.
- The ``BountyTable`` holds all amounts; they are tournament settings, with the
  championship's defaults.

Knockout games earn no bounty.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.results import SeatReport
from scoring.rulesets import Role, Side


@dataclass(frozen=True)
class BountyTable:
    """The amounts of rules.md §4, by role and size category (5 or 6)."""

    sheriff_5: int = 2500
    sheriff_6: int = 3000
    deputy_5: int = 1500
    deputy_6: int = 2000
    outlaw_5: int = 2000
    outlaw_6: int = 1500
    renegade_5: int = 4000
    renegade_6: int = 4000
    final_duel: int = 1500
    survivor: int = 150
    deputy_kills_sheriff: int = -1000
    five_table_bonus: int = 1400

    def win_amount(self, *, role: Role, side: Side, size_category: int) -> int:
        """What ``role`` earns when ``side`` wins at a table of ``size_category``."""
        if size_category not in (5, 6):
            raise ValueError(f"The size category is 5 or 6, not {size_category}.")
        winners = {
            Side.LAW: (Role.SHERIFF, Role.DEPUTY),
            Side.OUTLAWS: (Role.OUTLAW,),
            Side.RENEGADE: (Role.RENEGADE,),
        }[side]
        if role not in winners:
            return 0
        return int(getattr(self, f"{Role(role).value}_{size_category}"))


DEFAULT_BOUNTY_TABLE = BountyTable()


def game_bounty(
    *,
    seats: Sequence[SeatReport],
    side: Side,
    size_category: int,
    table: BountyTable = DEFAULT_BOUNTY_TABLE,
) -> dict[int, int]:
    """Position -> bounty of one group-stage game of a valid result.

    The winning side's amounts; ``final_duel`` for the Renegade who claimed the
    final duel; ``survivor`` for every seat with lives left; and
    ``deputy_kills_sheriff`` for a Deputy named in the Sheriff's "eliminated by".
    The result must have been validated (``scoring.results.evaluate_result``).
    """
    if size_category not in (5, 6):
        raise ValueError(f"The size category is 5 or 6, not {size_category}.")
    bounty = {
        seat.position: (
            0
            if seat.role is None
            else table.win_amount(role=seat.role, side=side, size_category=size_category)
        )
        for seat in seats
    }
    roles = {seat.position: seat.role for seat in seats}
    for seat in seats:
        if seat.final_duel and seat.role == Role.RENEGADE:
            bounty[seat.position] += table.final_duel
        if seat.lives is not None and seat.lives > 0:
            bounty[seat.position] += table.survivor
        if (
            seat.role == Role.SHERIFF
            and seat.eliminated_by is not None
            and roles.get(seat.eliminated_by) == Role.DEPUTY
        ):
            bounty[seat.eliminated_by] += table.deputy_kills_sheriff
    return bounty


def tournament_total(
    *,
    game_bounties: Iterable[int],
    five_table: bool,
    deductions: int = 0,
    table: BountyTable = DEFAULT_BOUNTY_TABLE,
) -> int:
    """A participant's total: game bounties + 5-table bonus - deductions.

    ``deductions`` is the sum of the referees' bounty deductions, a positive amount.
    """
    if deductions < 0:
        raise ValueError("Deductions are a positive amount to subtract.")
    bonus = table.five_table_bonus if five_table else 0
    return sum(game_bounties) + bonus - deductions
