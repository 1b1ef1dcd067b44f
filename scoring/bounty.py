"""The points of a game: a format's points table (rules.md §4 and §14).

Words (see also ``scoring.rulesets``, ``scoring.results`` and ``scoring.formats``):

- The **points table** gives the points of one game by table **size**, winning
  **side** and **role**. A **cell** is one amount, or a **split** of two amounts
  by a condition on the seat: ``alive``/``dead`` (lives at the end),
  ``final_duel``/``else`` (the Renegade lost the final duel),
  ``last_three``/``else`` (a Deputy among the last three players). A cell the
  table does not name is 0.
- A game's **bounty** (the German word *Kopfgeld*; "points" in other formats) is
  what each seat earns in one game: its cell, plus the **survivor bonus** if it
  is alive at the end, plus the **Deputy amount** for a Deputy who eliminated
  their own Sheriff.
- The **size** of a table is the size it was drawn with: a table that lost a
  player keeps it. A table of the smallest size of a format with several sizes
  is a **small table**: each of its players gets the **small-table bonus** once.
- The **tournament total** of a participant is the sum of their game bounties,
  plus the small-table bonus if they sat at a small table, minus referee
  **deductions**.

Knockout games earn no bounty.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from scoring.report import SeatReport
from scoring.rulesets import Role, Side

__all__ = [
    "CONDITIONS",
    "MAX_AMOUNT",
    "MIN_AMOUNT",
    "Amount",
    "PointsError",
    "PointsTable",
    "Split",
    "game_bounty",
    "has_condition",
    "merge_points",
    "points_from_json",
    "points_to_json",
    "seat_amount",
    "tournament_total",
]

MIN_AMOUNT, MAX_AMOUNT = -100_000, 100_000
TABLE_SIZES = range(3, 8)

#: A split's condition and the key of its other amount, as the API writes them.
CONDITIONS: dict[str, str] = {"alive": "dead", "final_duel": "else", "last_three": "else"}


@dataclass(frozen=True)
class Split:
    """Two amounts by a condition on the seat: ``then`` when it holds, else ``otherwise``."""

    condition: str
    then: int
    otherwise: int

    def __post_init__(self) -> None:
        if self.condition not in CONDITIONS:
            raise ValueError(f"unknown condition: {self.condition}")

    def holds(self, seat: SeatReport) -> bool:
        if self.condition == "alive":
            return seat.lives is not None and seat.lives > 0
        if self.condition == "final_duel":
            return seat.final_duel
        return seat.last_three

    def amount(self, seat: SeatReport) -> int:
        return self.then if self.holds(seat) else self.otherwise

    def as_json(self) -> dict[str, int]:
        return {self.condition: self.then, CONDITIONS[self.condition]: self.otherwise}


Amount: TypeAlias = int | Split
#: size -> winning side -> role -> amount; what it leaves out is 0.
PointsTable: TypeAlias = Mapping[int, Mapping[Side, Mapping[Role, Amount]]]


def has_condition(points: PointsTable, *, size: int, condition: str) -> bool:
    """Whether a cell of ``points`` for tables of ``size`` is split by ``condition``
    (a scoresheet asks for ``last_three`` only where it counts)."""
    return any(
        isinstance(cell, Split) and cell.condition == condition
        for cells in points.get(size, {}).values()
        for cell in cells.values()
    )


def seat_amount(points: PointsTable, *, size: int, side: Side, seat: SeatReport) -> int:
    """The cell of ``seat`` when ``side`` won at a table of ``size`` (0 where none)."""
    if seat.role is None:
        return 0
    cell = points.get(size, {}).get(side, {}).get(Role(seat.role), 0)
    return cell.amount(seat) if isinstance(cell, Split) else cell


def game_bounty(
    *,
    seats: Sequence[SeatReport],
    side: Side,
    size: int,
    points: PointsTable,
    survivor_bonus: int = 0,
    deputy_kills_sheriff: int = 0,
) -> dict[int, int]:
    """Position -> bounty of one scoring game of a valid result.

    Each seat's cell of the points table; ``survivor_bonus`` for every seat with
    lives left; ``deputy_kills_sheriff`` for a Deputy named in the Sheriff's
    "eliminated by". The result must have been validated
    (``scoring.results.evaluate_result``).
    """
    bounty = {seat.position: seat_amount(points, size=size, side=side, seat=seat) for seat in seats}
    roles = {seat.position: seat.role for seat in seats}
    for seat in seats:
        if seat.lives is not None and seat.lives > 0:
            bounty[seat.position] += survivor_bonus
        if (
            seat.role == Role.SHERIFF
            and seat.eliminated_by is not None
            and roles.get(seat.eliminated_by) == Role.DEPUTY
        ):
            bounty[seat.eliminated_by] += deputy_kills_sheriff
    return bounty


def tournament_total(
    *,
    game_bounties: Iterable[int],
    small_table: bool,
    small_table_bonus: int,
    deductions: int = 0,
) -> int:
    """A participant's total: game bounties + small-table bonus - deductions.

    ``deductions`` is the sum of the referees' bounty deductions, a positive amount.
    """
    if deductions < 0:
        raise ValueError("Deductions are a positive amount to subtract.")
    bonus = small_table_bonus if small_table else 0
    return sum(game_bounties) + bonus - deductions


# --- the JSON form (api.md "Formats") ----------------------------------------------------


def points_to_json(points: PointsTable) -> dict[str, dict[str, dict[str, Any]]]:
    """The API's form: ``{"5": {"law": {"sheriff": 2500, "renegade": {...}}}}``."""
    return {
        str(size): {
            side.value: {
                role.value: cell.as_json() if isinstance(cell, Split) else cell
                for role, cell in cells.items()
            }
            for side, cells in sides.items()
        }
        for size, sides in sorted(points.items())
    }


class PointsError(ValueError):
    """A points table in JSON that is not one; ``path`` names the bad place."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")


def _amount(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PointsError(path, "amount")
    if not MIN_AMOUNT <= value <= MAX_AMOUNT:
        raise PointsError(path, "amount")
    return value


def _cell(value: Any, path: str) -> Amount:
    if not isinstance(value, Mapping):
        return _amount(value, path)
    keys = set(value)
    for condition, other in CONDITIONS.items():
        if keys == {condition, other}:
            return Split(
                condition,
                _amount(value[condition], f"{path}.{condition}"),
                _amount(value[other], f"{path}.{other}"),
            )
    raise PointsError(path, "split")


def points_from_json(raw: Any) -> dict[int, dict[Side, dict[Role, Amount]]]:
    """Parse (and check) the API's form of a points table, or of some of its cells.

    Raises ``PointsError``: ``size`` for a size outside 3..7, ``side``/``role``
    for an unknown one, ``split`` for a condition without both of its keys, and
    ``amount`` for anything but an integer from -100000 to 100000.
    """
    if not isinstance(raw, Mapping):
        raise PointsError("points", "object")
    points: dict[int, dict[Side, dict[Role, Amount]]] = {}
    for size_key, sides in raw.items():
        path = f"points.{size_key}"
        if not (isinstance(size_key, str | int) and str(size_key).isdigit()):
            raise PointsError(path, "size")
        size = int(size_key)
        if size not in TABLE_SIZES:
            raise PointsError(path, "size")
        if not isinstance(sides, Mapping):
            raise PointsError(path, "object")
        for side_key, roles in sides.items():
            if side_key not in Side.__members__.values():
                raise PointsError(f"{path}.{side_key}", "side")
            if not isinstance(roles, Mapping):
                raise PointsError(f"{path}.{side_key}", "object")
            for role_key, value in roles.items():
                if role_key not in Role.__members__.values():
                    raise PointsError(f"{path}.{side_key}.{role_key}", "role")
                cell = _cell(value, f"{path}.{side_key}.{role_key}")
                points.setdefault(size, {}).setdefault(Side(side_key), {})[Role(role_key)] = cell
    return points


def merge_points(
    base: PointsTable, cells: PointsTable
) -> dict[int, dict[Side, dict[Role, Amount]]]:
    """``base`` with the cells that ``cells`` names replaced (a ``PATCH``)."""
    merged = {
        size: {side: dict(roles) for side, roles in sides.items()} for size, sides in base.items()
    }
    for size, sides in cells.items():
        for side, roles in sides.items():
            merged.setdefault(size, {}).setdefault(side, {}).update(roles)
    return merged
