"""The final table of a format (rules.md §14): who sits at it, where, and the places after it.

Words used here (see also ``scoring.knockout``):

- The **finalists** are the K best of the standings after the qualifying stage
  (K = the format's ``final.size``), excluded and withdrawn players left out.
  Where the cut falls inside a shared rank, a recorded lot (``"last_place"``,
  discriminator = that rank) picks who sits down; finalists who share a rank
  are put in order by a lot (``"seeding"``), as the knockout's seeding list is
  (rules.md §§6, 8). That order is the **seeding**: the finalists' place in the
  standings.
- The **positions** at the final table are drawn by lot from the seed (purpose
  ``final:positions``, the finalists in id order shuffled as ``docs/draw.md``
  says); the player at position r is Sheriff in game r.
- The **final placement**: the finalists take places 1..K by their points at
  the final table, then by the seeding; everyone else follows from place K+1
  in standings order, sharing a place where they share a rank; excluded
  players come last.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import groupby

from scoring.knockout import FinalRow, Lot, Qualification, _draw_lot, final_ranking
from scoring.lots import shuffle
from scoring.standings import RankedLine

__all__ = ["final_placement", "qualify_best", "seat_positions", "sheriff_positions"]


def qualify_best(ranked: Sequence[RankedLine], *, size: int, seed: str) -> Qualification:
    """The ``size`` best eligible players of the standings, in seeding order, with the lots."""
    eligible = sorted(
        (r for r in ranked if not r.line.excluded), key=lambda r: (r.rank, r.line.participant)
    )
    lots: list[Lot] = []
    qualified: list[RankedLine] = []
    for rank, group in groupby(eligible, key=lambda r: r.rank):
        needed = size - len(qualified)
        if needed <= 0:
            break
        members = list(group)
        if len(members) > needed:
            lot = _draw_lot(
                (r.line.participant for r in members),
                seed=seed,
                purpose="last_place",
                discriminator=rank,
                places=needed,
            )
            lots.append(lot)
            chosen = set(lot.order[:needed])
            members = [r for r in members if r.line.participant in chosen]
        qualified.extend(members)
    seeding: list[int] = []
    for rank, group in groupby(qualified, key=lambda r: r.rank):
        members_ids = [r.line.participant for r in group]
        if len(members_ids) == 1:
            seeding.extend(members_ids)
            continue
        lot = _draw_lot(
            members_ids, seed=seed, purpose="seeding", discriminator=rank, places=len(members_ids)
        )
        lots.append(lot)
        seeding.extend(lot.order)
    return Qualification(seeding=seeding, lots=lots)


def seat_positions(finalists: Iterable[int], *, seed: str) -> list[int]:
    """The finalists in position order (position 1 first), drawn by lot."""
    return shuffle(sorted(finalists), seed=seed, purpose="final:positions")


def sheriff_positions(*, size: int, games: int) -> list[int]:
    """The Sheriff's position in games 1..``games``: the player at position r in game r."""
    return [(r - 1) % size + 1 for r in range(1, games + 1)]


def final_placement(
    *,
    seeding: Sequence[int],
    points: Mapping[int, int],
    group_order: Sequence[int],
    group_rank: Mapping[int, int],
    excluded: Iterable[int],
) -> list[FinalRow]:
    """Every participant's place after a final table (``knockout_round_reached`` is None).

    ``seeding``: the finalists in standings order; ``points``: their points at
    the final table (missing = 0); ``group_order``: everyone in standings order.
    """
    index = {participant: i for i, participant in enumerate(seeding)}
    by_points = sorted(seeding, key=lambda p: (-points.get(p, 0), index[p]))
    rows = final_ranking(
        seeding=by_points,
        round_reached={},
        champion=None,
        group_order=group_order,
        excluded=excluded,
        group_rank=group_rank,
    )
    return [FinalRow(row.participant, row.place, None) for row in rows]
