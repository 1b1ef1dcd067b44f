"""What the rules engine (``scoring``) needs to know about a stored game.

- ``game_spec``: the engine's view of a game (who plays, the Sheriff's seat,
  the characters allowed and, with the character deal, dealt to each position).
- ``allowed_characters``: position -> the characters it may record, where
  the tournament deals them.
- ``seat_reports``: a stored result's seats as the engine reads them.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.results import GameSpec, SeatReport
from scoring.rulesets import Role, Ruleset
from tournaments.models import Game, Participant, Result, ResultSeat, Seat, Stage
from tournaments.selectors.tournament import deals_characters, tournament_characters

__all__ = ["allowed_characters", "game_spec", "seat_reports"]


def game_spec(game: Game, *, seats: Sequence[Seat] | None = None) -> GameSpec:
    """The rules engine's view of a game: who plays, the Sheriff's seat, characters
    (with the character deal: those dealt to each position)."""
    tournament = game.tournament
    seats = (
        list(seats) if seats is not None else list(game.table.seats.select_related("participant"))
    )
    if game.status == Game.Status.RECORDED or game.version:
        # A recorded game keeps the players who played it.
        positions = tuple(
            ResultSeat.objects.current()
            .filter(result__game=game)
            .order_by("position")
            .values_list("position", flat=True)
        ) or tuple(s.position for s in seats)
    else:
        positions = tuple(
            s.position for s in seats if s.participant.status == Participant.Status.ACTIVE
        )
    return GameSpec(
        ruleset=Ruleset(tournament.ruleset),
        positions=positions,
        # The knockout deals every role; the qualifying stage and a final table seat the Sheriff.
        sheriff_position=game.sheriff_position if game.stage != Stage.KNOCKOUT else None,
        characters=tournament_characters(tournament) if tournament.ruleset == Ruleset.BANG else {},
        tougher_sheriff=bool(tournament.config.tougher_sheriff),
        dealt=allowed_characters(game, positions=positions),
    )


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


def seat_reports(result: Result) -> list[SeatReport]:
    """The seats of a stored result as the rules engine reads them (e.g. to resubmit)."""
    return [
        SeatReport(
            position=seat.position,
            role=Role(seat.role) if seat.role else None,
            character=seat.character or None,
            lives=seat.lives,
            eliminated_by=seat.eliminated_by,
            final_duel=seat.final_duel,
            last_three=seat.last_three,
        )
        for seat in result.seats.order_by("position")
    ]
