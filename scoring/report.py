"""What a scoresheet reports, and what the rules engine answers (rules.md §3, §5, §8).

Words (see also ``scoring.rulesets``):

- A **result** is what the scoresheet of one game reports: one ``SeatReport``
  per seat, and optionally the **winner** the table names.
- A **seat report** gives a seat's **position**, its role, its character (BANG!),
  its **lives** left at the end (0 = out), optionally the position of the player
  who **eliminated** it, whether the Renegade lost a **final duel** against
  the Sheriff (eliminated second to last, leaving only the Sheriff alive), and
  whether a Deputy was among the **last three** players in a game the Renegade
  won (rules.md §14).
- The **game spec** is what the software knows before the result: the ruleset,
  the positions that play this game (a table that lost a player plays on with
  the others), in the group stage the **round position** that must hold the
  Sheriff, the characters the tournament allows and, with the character deal,
  the characters **dealt** to each position.
- The **number of players** of a game is the number of its positions: 4 to 7
  play with the normal roles, 3 is the three-player knockout game (Deputy,
  Outlaw, Renegade) and 2 is the knockout duel without roles.
- A **problem** is one broken rule, with a stable ``code``, a translated message
  naming the seat and the rule, and the seat (``position``) and ``field`` at fault.
- The **outcome** of a valid result is who won.

Problem codes (``PROBLEM_CODES``): ``missing_seat``, ``unknown_seat``,
``duplicate_seat``, ``wrong_role_count``, ``sheriff_not_at_round_position``,
``lives_out_of_range``, ``unknown_character``, ``duplicate_character``,
``missing_character``, ``character_not_allowed``, ``character_not_dealt``, ``game_not_finished``,
``winner_mismatch``, ``winner_required``, ``final_duel_not_possible``,
``last_three_not_possible``, ``invalid_eliminated_by``, and for endings no game
can reach (rules.md §5.9, §5.10, §8): ``impossible_ending``, ``eliminator_out``,
``eliminated_by_cycle``, ``eliminated_by_required``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias, TypeGuard

from scoring.rulesets import Role, Ruleset, Side, max_lives
from scoring.text import lazy_format

if TYPE_CHECKING:
    from scoring.text import StrOrPromise, StrPromise

PROBLEM_CODES: frozenset[str] = frozenset(
    {
        "missing_seat",
        "unknown_seat",
        "duplicate_seat",
        "wrong_role_count",
        "sheriff_not_at_round_position",
        "lives_out_of_range",
        "unknown_character",
        "duplicate_character",
        "missing_character",
        "character_not_allowed",
        "character_not_dealt",
        "game_not_finished",
        "winner_mismatch",
        "winner_required",
        "final_duel_not_possible",
        "last_three_not_possible",
        "invalid_eliminated_by",
        # An end state that no sequence of eliminations reaches (rules.md §5 Decision):
        "impossible_ending",  # e.g. everybody out, or a three-player game that went on too long
        "eliminator_out",  # eliminated by a player who had to be alive at the end
        "eliminated_by_cycle",  # players named as eliminating each other in a circle
        "eliminated_by_required",  # three-player game, one out: who eliminated them decides
    }
)

#: A translated message: a lazy string (``gettext_lazy`` or ``message(...)``), or text.
Message: TypeAlias = "StrOrPromise"


@dataclass(frozen=True)
class SeatReport:
    """One seat's line on the scoresheet."""

    position: int
    role: Role | None  # None only in a two-player duel
    character: str | None = None  # BANG!: required (optional in a duel); Showdown: None
    lives: int | None = None  # lives left; required except in a duel
    eliminated_by: int | None = None  # the position of the player who eliminated this one
    final_duel: bool = False  # the Renegade lost the final duel against the Sheriff
    # Among the last three players in the game (rules.md §14): taken as reported, a
    # Deputy's claim when the Renegade won; only a points table's condition reads it.
    last_three: bool = False


@dataclass(frozen=True)
class GameSpec:
    """What is known about a game before its result is reported."""

    ruleset: Ruleset
    positions: tuple[int, ...]  # the seats that play this game
    sheriff_position: int | None  # group stage: the round's Sheriff; None in the knockout
    characters: Mapping[str, int] = field(default_factory=dict)  # name -> life points (BANG!)
    tougher_sheriff: bool = False
    # With the character deal: position -> the characters it may play (a group
    # seat's two, or a knockout table's revealed ones); None without a deal.
    dealt: Mapping[int, frozenset[str]] | None = None

    @property
    def player_count(self) -> int:
        return len(self.positions)


@dataclass(frozen=True)
class Problem:
    """One broken rule of a reported result."""

    code: str  # stable snake_case code, see the module docstring
    message: Message  # lazily translated; str() it in the right language
    position: int | None = None  # the seat at fault, None for the whole table
    field: str | None = None  # "role", "lives", "character", "eliminated_by", ...


@dataclass(frozen=True)
class Outcome:
    """Who won a valid result.

    ``winner`` is a ``Side`` value for 4 to 7 players, the winning ``Role`` value
    in the three-player game and the winning position in a duel.
    ``winning_positions`` holds everyone on the winning side, alive or not.
    """

    winner: str | int
    winning_positions: frozenset[int]
    side: Side | None  # 4 to 7 players only


class ResultInvalid(Exception):
    """A reported result broke at least one rule; ``problems`` lists them all."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: list[Problem] = list(problems)
        super().__init__(", ".join(problem.code for problem in self.problems))


def message(template: Message, **params: object) -> StrPromise:
    """``template % params``, translated and formatted only when shown."""
    return lazy_format(template, params)


def is_whole_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def is_alive(seat: SeatReport) -> bool:
    """Whether the seat reports lives left (missing or malformed lives count as out)."""
    return isinstance(seat.lives, int) and not isinstance(seat.lives, bool) and seat.lives > 0


def as_role(value: object) -> Role | None:
    """The role named by ``value``, or None if it is not a role."""
    if isinstance(value, Role):
        return value
    if isinstance(value, str):
        try:
            return Role(value)
        except ValueError:
            return None
    return None


def character_of(seat: SeatReport) -> str | None:
    return seat.character or None  # an empty string means no character


def seat_max_lives(spec: GameSpec, *, role: Role | None, character: str | None) -> int | None:
    """The most lives a seat can have in this game, or None if nothing tells.

    A duel (two players) has no maximum: each player may run two characters
    (rules.md §8, "no maximum is checked in the duel"). Otherwise the maximum
    of one character (``character_max_lives``).
    """
    if spec.player_count == 2:
        return None
    return character_max_lives(spec, role=role, character=character)


def character_max_lives(spec: GameSpec, *, role: Role | None, character: str | None) -> int | None:
    """The most lives one character gives a seat, or None if nothing tells.

    BANG! without a known character (a duel may omit it, or the name is unknown)
    falls back to the highest life points among the tournament's characters.
    """
    life_points = None
    if spec.ruleset == Ruleset.BANG:
        life_points = spec.characters.get(character) if character else None
        if life_points is None:
            life_points = max(spec.characters.values(), default=None)
            if life_points is None:
                return None
    return max_lives(
        ruleset=spec.ruleset,
        role=role,
        life_points=life_points,
        player_count=spec.player_count,
        tougher_sheriff=spec.tougher_sheriff,
    )


def derive_side(seats: Sequence[SeatReport]) -> Side | None:
    """The winning side of a game of 4 to 7 players, None if it is not finished.

    The Sheriff out: the Renegade wins if they are the only player left alive,
    otherwise the Outlaws win (also if nobody is alive). The Sheriff alive and all
    Outlaws and the Renegade out: the Sheriff and the Deputies win. The seats must
    hold exactly one Sheriff; missing lives count as out. Whether a game can end
    that way at all is ``scoring.results.validate_result``'s question.
    """
    sheriffs = [seat for seat in seats if as_role(seat.role) == Role.SHERIFF]
    if len(sheriffs) != 1:
        raise ValueError("derive_side needs exactly one Sheriff.")
    alive = [seat for seat in seats if is_alive(seat)]
    if not is_alive(sheriffs[0]):
        if len(alive) == 1 and as_role(alive[0].role) == Role.RENEGADE:
            return Side.RENEGADE
        return Side.OUTLAWS
    if any(as_role(seat.role) in (Role.OUTLAW, Role.RENEGADE) for seat in alive):
        return None
    return Side.LAW


def winning_positions(seats: Sequence[SeatReport], side: Side) -> frozenset[int]:
    """Everyone on ``side``, alive or not."""
    roles = {
        Side.LAW: (Role.SHERIFF, Role.DEPUTY),
        Side.OUTLAWS: (Role.OUTLAW,),
        Side.RENEGADE: (Role.RENEGADE,),
    }[side]
    return frozenset(seat.position for seat in seats if as_role(seat.role) in roles)
