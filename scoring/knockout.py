"""The knockout stage: qualification, the seeding list and the final placement.

Words used here:

- A **qualifier** is a participant who enters the knockout. The **field size**
  K is how many qualify: by default the number of group tables, at least 4.
  First the best-placed player of each group table (the **table winner**)
  qualifies, then the best of the overall standings not yet qualified fill the
  remaining places. Excluded players never qualify.
- A **lot** (``Lot``) is a recorded draw among players who share a rank where
  it matters: who of several table-rank-1 players is the table winner
  (``"table_winner"``), who gets the last qualifying places (``"last_place"``),
  and the order of qualifiers sharing a rank in the seeding list
  (``"seeding"``). Every lot shuffles the candidates in id order with the
  draw algorithm (``docs/draw.md``, purpose ``lot:KIND:N``, N the
  discriminator), so it can be re-run from the recorded seed; draws recorded
  under ``LEGACY_ALGORITHM`` used ``random.Random(f"{seed}:{KIND}:{N}")``.
- The **seeding list** orders the qualifiers: at first by the group standings;
  after each knockout round the players who won a game as the Renegade move to
  the top. It keeps every qualifier, also those out, because the final
  placement needs it. Players pick characters in seeding-list order.
- A **knockout round** is numbered 1, 2, ...; a player's **round reached** is
  the last knockout round they played in. The **champion** is the one player
  left at the end.
- The **final placement** (``FinalRow``) places everyone: the champion, then
  the qualifiers by round reached (later first, ties by the seeding list), one
  place each; then the non-qualifiers in group-standings order, excluded
  players last. Non-qualifiers who share a group rank share a place, and the
  next place skips (1, 2, 2, 4). The **title holder** is the best-placed participant of
  nationality ``DE`` who is not excluded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scoring.lots import ALGORITHM, LEGACY_ALGORITHM, shuffle, shuffle_legacy
from scoring.seating import lazy_format
from scoring.standings import RankedLine

__all__ = [
    "FinalRow",
    "Lot",
    "Qualification",
    "QualificationError",
    "advance_seeding",
    "default_field_size",
    "final_ranking",
    "pick_order",
    "qualify",
    "title_holder",
]

TITLE_NATIONALITY = "DE"
MIN_DEFAULT_FIELD_SIZE = 4


@dataclass(frozen=True)
class Lot:
    """A recorded lot draw, shown to everyone.

    ``purpose`` is ``"table_winner"``, ``"last_place"`` or ``"seeding"``;
    ``candidates`` are the participants who shared the rank, in id order;
    ``order`` is the drawn order (first = picked first); ``places`` is how many
    of them got in (or, for ``"seeding"``, how many were ordered). ``table`` is
    the group table of a ``"table_winner"`` lot, else None.
    """

    purpose: str
    candidates: tuple[int, ...]
    order: tuple[int, ...]
    places: int
    table: int | None = None


@dataclass(frozen=True)
class Qualification:
    """The qualifiers in seeding order and the lots drawn on the way."""

    seeding: list[int]
    lots: list[Lot]


@dataclass(frozen=True)
class FinalRow:
    """One participant's final place; ``knockout_round_reached`` is None for non-qualifiers."""

    participant: int
    place: int
    knockout_round_reached: int | None


class QualificationError(ValueError):
    """The knockout cannot be set up as asked; ``message`` says why."""

    code = "invalid_field_size"

    def __init__(self, message: Promise) -> None:
        self.message = message
        super().__init__(message)


def default_field_size(table_count: int) -> int:
    """The default knockout field size: the number of group tables, at least 4."""
    return max(table_count, MIN_DEFAULT_FIELD_SIZE)


def _draw_lot(
    candidates: Iterable[int],
    *,
    seed: str,
    purpose: str,
    discriminator: int,
    places: int,
    table: int | None = None,
    algorithm: Mapping[str, object] = ALGORITHM,
) -> Lot:
    ordered = tuple(sorted(candidates))
    if dict(algorithm) == LEGACY_ALGORITHM:
        order = shuffle_legacy(ordered, seed=f"{seed}:{purpose}:{discriminator}")
    elif dict(algorithm) == ALGORITHM:
        order = shuffle(ordered, seed=seed, purpose=f"lot:{purpose}:{discriminator}")
    else:
        raise ValueError(f"unknown draw algorithm: {dict(algorithm)!r}")
    return Lot(purpose=purpose, candidates=ordered, order=tuple(order), places=places, table=table)


def qualify(
    ranked: Sequence[RankedLine],
    *,
    field_size: int,
    seed: str,
    algorithm: Mapping[str, object] = ALGORITHM,
) -> Qualification:
    """Choose the knockout field from the group standings (rules.md section 8).

    1. Each group table's best-placed non-excluded player qualifies; if several
       share that table rank, a lot (``"table_winner"``, discriminator = table
       number) picks one.
    2. The remaining places, up to ``field_size``, go to the best non-excluded
       players of the overall standings not yet qualified. If the last places
       fall inside a group sharing a rank, a lot (``"last_place"``,
       discriminator = that rank) picks who gets in.
    3. The seeding list is the qualifiers in standings order; qualifiers who
       share a rank are ordered by a lot (``"seeding"``, discriminator = rank).

    With ``field_size`` at least the number of non-excluded players, all of them
    qualify. Raises QualificationError if ``field_size`` is smaller than the
    number of group tables or than 2, or if fewer than 2 players could qualify.
    """
    table_numbers = sorted({r.line.table for r in ranked})
    if field_size < max(len(table_numbers), 2):
        raise QualificationError(
            lazy_format(
                _(
                    "The knockout field must hold at least one player per group table "
                    "and at least 2 players: at least %(minimum)s, not %(field_size)s."
                ),
                {"minimum": max(len(table_numbers), 2), "field_size": field_size},
            )
        )
    eligible = sorted(
        (r for r in ranked if not r.line.excluded), key=lambda r: (r.rank, r.line.participant)
    )
    if len(eligible) < 2:
        raise QualificationError(
            _("At least 2 players who are not excluded are needed for a knockout.")
        )

    lots: list[Lot] = []
    qualified: set[int] = set()
    for table in table_numbers:
        at_table = [r for r in eligible if r.line.table == table]
        if not at_table:
            continue
        best = min(r.table_rank for r in at_table)
        candidates = [r.line.participant for r in at_table if r.table_rank == best]
        if len(candidates) == 1:
            qualified.add(candidates[0])
        else:
            lot = _draw_lot(
                candidates,
                seed=seed,
                algorithm=algorithm,
                purpose="table_winner",
                discriminator=table,
                places=1,
                table=table,
            )
            lots.append(lot)
            qualified.add(lot.order[0])

    for rank, group in groupby(
        (r for r in eligible if r.line.participant not in qualified), key=lambda r: r.rank
    ):
        needed = field_size - len(qualified)
        if needed <= 0:
            break
        members = [r.line.participant for r in group]
        if len(members) <= needed:
            qualified.update(members)
        else:
            lot = _draw_lot(
                members,
                seed=seed,
                algorithm=algorithm,
                purpose="last_place",
                discriminator=rank,
                places=needed,
            )
            lots.append(lot)
            qualified.update(lot.order[:needed])

    seeding: list[int] = []
    for rank, group in groupby(
        (r for r in eligible if r.line.participant in qualified), key=lambda r: r.rank
    ):
        members = [r.line.participant for r in group]
        if len(members) == 1:
            seeding.extend(members)
        else:
            lot = _draw_lot(
                members,
                seed=seed,
                algorithm=algorithm,
                purpose="seeding",
                discriminator=rank,
                places=len(members),
            )
            lots.append(lot)
            seeding.extend(lot.order)
    return Qualification(seeding=seeding, lots=lots)


def advance_seeding(seeding: Sequence[int], *, renegade_winners: Iterable[int]) -> list[int]:
    """The seeding list after a knockout round.

    Players who won a knockout game as the Renegade move to the top, several in
    their previous order; everyone else keeps their relative order. The list
    keeps every qualifier, also those out (the final placement needs them).
    """
    movers = set(renegade_winners)
    unknown = movers.difference(seeding)
    if unknown:
        raise ValueError(f"not in the seeding list: {sorted(unknown)}")
    return [p for p in seeding if p in movers] + [p for p in seeding if p not in movers]


def pick_order(seeding: Sequence[int], *, players: Iterable[int]) -> list[int]:
    """A knockout table's ``players`` in seeding-list order: who picks a character first."""
    index = {participant: i for i, participant in enumerate(seeding)}
    chosen = list(players)
    unknown = [p for p in chosen if p not in index]
    if unknown:
        raise ValueError(f"not in the seeding list: {unknown}")
    return sorted(chosen, key=index.__getitem__)


def final_ranking(
    *,
    seeding: Sequence[int],
    round_reached: Mapping[int, int],
    champion: int | None,
    group_order: Sequence[int],
    excluded: Iterable[int],
    group_rank: Mapping[int, int] | None = None,
    won_last_round: Iterable[int] = (),
) -> list[FinalRow]:
    """The final placement of every participant (rules.md section 8).

    ``seeding`` is the current seeding list (all qualifiers), ``round_reached``
    maps each qualifier to the last knockout round they played in (missing =
    not played yet), ``champion`` is None until decided, ``group_order`` is every
    participant in group-standings order. ``won_last_round`` are the qualifiers
    who won (by a counting result) the game of the last round they reached.

    Order: the champion; the other qualifiers by round reached (later round
    first), then those who won that round's game above those who lost it (so
    before the champion is named the final's provisional winner comes first),
    ties by position in the seeding list; the non-qualifiers in
    ``group_order``; excluded players last (qualified or not), in
    ``group_order``. Before the knockout ends this is the current order.
    Non-qualifiers with the same ``group_rank`` (and in the same block: not
    excluded, or excluded) share a place; without ``group_rank`` nobody shares.
    """
    out = set(excluded)
    group_index = {participant: i for i, participant in enumerate(group_order)}
    if len(group_index) != len(group_order):
        raise ValueError("a participant appears twice in the group order")
    missing = [p for p in [*seeding, *out] if p not in group_index]
    if missing:
        raise ValueError(f"not in the group order: {missing}")
    if champion is not None and champion not in seeding:
        raise ValueError(f"the champion {champion} is not in the seeding list")
    seeding_index = {participant: i for i, participant in enumerate(seeding)}
    won = set(won_last_round)

    top = [champion] if champion is not None and champion not in out else []
    qualifiers = sorted(
        (p for p in seeding if p not in out and p not in top),
        key=lambda p: (-round_reached.get(p, 0), p not in won, seeding_index[p]),
    )
    others = [p for p in group_order if p not in seeding_index and p not in out]
    last = [p for p in group_order if p in out]
    places = {p: place for place, p in enumerate([*top, *qualifiers], start=1)}
    for block in (others, last):
        offset = len(places)
        for index, participant in enumerate(block):
            previous = block[index - 1] if index else None
            shares = (
                group_rank is not None
                and previous is not None
                and group_rank.get(previous) == group_rank.get(participant)
            )
            places[participant] = places[previous] if shares and previous else offset + index + 1
    return [
        FinalRow(
            participant=participant,
            place=places[participant],
            knockout_round_reached=round_reached.get(participant)
            if participant in seeding_index
            else None,
        )
        for participant in [*top, *qualifiers, *others, *last]
    ]


def title_holder(
    rows: Sequence[FinalRow],
    *,
    nationality: Mapping[int, str],
    excluded: Iterable[int],
    title_nationality: str = TITLE_NATIONALITY,
) -> int | None:
    """The best-placed participant of ``title_nationality`` (``DE`` by default, rules.md
    §14) who is not excluded, or None."""
    out = set(excluded)
    wanted = title_nationality.upper()
    for row in sorted(rows, key=lambda row: row.place):
        if row.participant in out:
            continue
        if nationality.get(row.participant, "").upper() == wanted:
            return row.participant
    return None
