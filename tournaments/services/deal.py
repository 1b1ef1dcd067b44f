"""The character deal (setting ``deal_characters``; rules.md §11, ``docs/deal.md``).

With the group draw every group game deals two characters to each position
(``Game.dealt``); each knockout round reveals one more character than players
at every table (``Game.revealed``). ``scoring.deal`` deals from the draw's
seed with ``scoring.deal.DEAL_ALGORITHM`` (each game records it in
``Game.deal_algorithm``); this module asks it for a whole draw before anything is stored, turning
a pool that is too small into ``409 too_few_characters``. Which characters a
position may record is a read: ``selectors.allowed_characters``.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring import deal

from ..errors import Conflict
from ..models import Tournament
from ..selectors.tournament import deals_characters, tournament_characters

__all__ = ["group_deal", "knockout_reveal"]


def group_deal(
    tournament: Tournament, *, layout: Sequence[Sequence[int]], seed: str
) -> dict[tuple[int, int], dict[str, list[str]]]:
    """(table number, round) -> {position: [two characters]} for every group game
    of ``layout``; empty where the tournament does not deal."""
    if not deals_characters(tournament):
        return {}
    pool = _pool(tournament)
    deals: dict[tuple[int, int], dict[str, list[str]]] = {}
    try:
        for number, members in enumerate(layout, start=1):
            positions = range(1, len(members) + 1)
            for round in positions:
                dealt = deal.deal_group_game(
                    pool,
                    positions=positions,
                    seed=seed,
                    label=deal.group_label(table=number, round=round),
                    algorithm=deal.DEAL_ALGORITHM,
                )
                deals[number, round] = {str(p): list(pair) for p, pair in dealt.items()}
    except deal.TooFewCharacters as error:
        raise Conflict.single("too_few_characters", str(error.message)) from None
    return deals


def knockout_reveal(
    tournament: Tournament, *, layout: Sequence[Sequence[int]], seed: str, round: int
) -> dict[int, list[str]]:
    """Table number -> the characters revealed there; empty where the tournament
    does not deal."""
    if not deals_characters(tournament):
        return {}
    pool = _pool(tournament)
    try:
        return {
            number: list(
                deal.reveal_knockout(
                    pool,
                    players=len(members),
                    seed=seed,
                    label=deal.knockout_label(round=round, table=number),
                    algorithm=deal.DEAL_ALGORITHM,
                )
            )
            for number, members in enumerate(layout, start=1)
        }
    except deal.TooFewCharacters as error:
        raise Conflict.single("too_few_characters", str(error.message)) from None


def _pool(tournament: Tournament) -> list[str]:
    return list(tournament_characters(tournament))
