"""Statistics of recorded games: does chance treat the sides fairly? (rules.md §11).

Words used here:

- A **game record** is what the statistics need of one finished group game:
  its **round** (the Sheriff's position), the winning **side** and the seats
  as the scoresheet reported them (roles, lives, "eliminated by", final duel).
- The **size** of a game is the number of players who played it (its seats):
  5 or 6, or fewer at a table that lost a player.
- A **rate** is wins / games; its **interval** is the 95 % Wilson score
  interval at z = 1.96: the range of true win rates that these results do not
  contradict. 25 wins in 60 games: rate 0.4167, interval [0.301, 0.543].
- A **final duel** is a game in which the Renegade lost the duel against the
  Sheriff; a **Deputy who eliminated the Sheriff** is a game whose Sheriff
  seat was eliminated by the position of a Deputy.
- **Law by round**: the Law's (Sheriff and Deputies') wins and games per round,
  i.e. per Sheriff position at the table (a record's ``round`` is the Sheriff's
  position: the round's under rotation, the drawn one under a lot, rules.md §14).
  At 4 players the Law is the Sheriff alone.

Everything is pure: ``game_statistics(records)`` takes plain dataclasses and
returns frozen ones, so the simulation can report the same figures for what it
generated ("what chance alone looks like").
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.report import SeatReport, as_role
from scoring.rulesets import ROLES_BY_PLAYER_COUNT, Role, Side

__all__ = [
    "Z95",
    "GameRecord",
    "RoundCount",
    "SideCount",
    "SizeStatistics",
    "Statistics",
    "game_statistics",
    "wilson_interval",
]

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.96


def wilson_interval(wins: int, games: int, *, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` in ``games`` (unrounded).

    With no games, nothing is known: ``(0.0, 1.0)``.
    """
    if games < 0 or not 0 <= wins <= games:
        raise ValueError(f"{wins} wins in {games} games is impossible.")
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denominator
    # Rounding may leave the bounds a hair outside [0, 1] or past the rate.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


@dataclass(frozen=True)
class GameRecord:
    """One finished group game with a Sheriff, as the statistics read it."""

    round: int
    winner: Side
    seats: tuple[SeatReport, ...]

    @property
    def size(self) -> int:
        return len(self.seats)

    @property
    def final_duel(self) -> bool:
        return any(seat.final_duel for seat in self.seats)

    @property
    def deputy_killed_sheriff(self) -> bool:
        deputies = {seat.position for seat in self.seats if as_role(seat.role) == Role.DEPUTY}
        return any(
            as_role(seat.role) == Role.SHERIFF and seat.eliminated_by in deputies
            for seat in self.seats
        )


class _WinRate:
    """``wins`` of ``games`` as a rate and its 95 % Wilson interval."""

    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


@dataclass(frozen=True)
class SideCount(_WinRate):
    """How often one side won: wins, rate and its 95 % Wilson interval."""

    side: Side
    wins: int
    games: int


@dataclass(frozen=True)
class RoundCount(_WinRate):
    """The Law's wins in the games of one round (Sheriff position)."""

    round: int
    games: int
    wins: int


@dataclass(frozen=True)
class SizeStatistics:
    """The figures of the games of one size."""

    size: int
    games: int
    sides: tuple[SideCount, ...]  # law, outlaws, renegade
    final_duels: int
    deputy_killed_sheriff: int
    law_by_round: tuple[RoundCount, ...]  # rounds that have games, ascending

    def side(self, side: Side) -> SideCount:
        return next(count for count in self.sides if count.side == side)

    @property
    def has_deputy(self) -> bool:
        """Whether a Deputy plays at this size (not at 4 players: S, R, O, O)."""
        return Role.DEPUTY in ROLES_BY_PLAYER_COUNT.get(self.size, ())


@dataclass(frozen=True)
class Statistics:
    """The figures of a set of games, one entry per size (ascending)."""

    games: int
    tables: tuple[SizeStatistics, ...]


def game_statistics(records: Iterable[GameRecord]) -> Statistics:
    """Count wins per side, final duels, Deputies' Sheriff kills and the Law by round."""
    by_size: dict[int, list[GameRecord]] = defaultdict(list)
    for record in records:
        by_size[record.size].append(record)
    tables = tuple(_size_statistics(size, by_size[size]) for size in sorted(by_size))
    return Statistics(games=sum(t.games for t in tables), tables=tables)


def _size_statistics(size: int, records: Sequence[GameRecord]) -> SizeStatistics:
    games = len(records)
    wins = {side: sum(1 for r in records if r.winner == side) for side in Side}
    rounds: dict[int, list[GameRecord]] = defaultdict(list)
    for record in records:
        rounds[record.round].append(record)
    return SizeStatistics(
        size=size,
        games=games,
        sides=tuple(SideCount(side=side, wins=wins[side], games=games) for side in Side),
        final_duels=sum(1 for r in records if r.final_duel),
        deputy_killed_sheriff=sum(1 for r in records if r.deputy_killed_sheriff),
        law_by_round=tuple(
            RoundCount(
                round=n,
                games=len(rounds[n]),
                wins=sum(1 for r in rounds[n] if r.winner == Side.LAW),
            )
            for n in sorted(rounds)
        ),
    )
