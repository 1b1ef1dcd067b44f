"""The character deal (setting ``deal_characters``; rules.md §11, ``docs/deal.md``).

With the group draw every group game deals two characters to each position
(``Game.dealt``); each knockout round reveals one more character than players
at every table (``Game.revealed``). ``scoring.deal`` deals from the draw's
seed; this module asks it for a whole draw before anything is stored, turning
a pool that is too small into ``409 too_few_characters``, and tells the rules
engine which characters each position may record (``allowed_characters``).
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring import deal
from scoring.rulesets import Ruleset

from ..errors import Conflict
from ..models import Game, Stage, Tournament

__all__ = ["allowed_characters", "deals_characters", "group_deal", "knockout_reveal"]


def deals_characters(tournament: Tournament) -> bool:
    """Whether the tournament deals characters (BANG! with ``deal_characters`` on)."""
    return tournament.ruleset == Ruleset.BANG and tournament.config.deal_characters


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
                )
            )
            for number, members in enumerate(layout, start=1)
        }
    except deal.TooFewCharacters as error:
        raise Conflict.single("too_few_characters", str(error.message)) from None


def _pool(tournament: Tournament) -> list[str]:
    # Imported here: ``services.tournaments`` imports the draw, which deals.
    from .tournaments import tournament_characters

    return list(tournament_characters(tournament))


def allowed_characters(game: Game, *, positions: Sequence[int]) -> dict[int, frozenset[str]] | None:
    """Position -> the characters it may record, or None where nothing was dealt."""
    if not deals_characters(game.tournament):
        return None
    if game.stage == Stage.GROUP and game.dealt:
        return {int(p): frozenset(names) for p, names in game.dealt.items()}
    if game.stage == Stage.KNOCKOUT and game.revealed:
        revealed = frozenset(game.revealed)
        return dict.fromkeys(positions, revealed)
    return None
