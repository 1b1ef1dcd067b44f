"""Check a reported game result and derive who won (rules.md §3, §5, §8).

Words (see also ``scoring.rulesets``):

- A **result** is what the scoresheet of one game reports: one ``SeatReport``
  per seat, and optionally the **winner** the table names.
- A **seat report** gives a seat's **position**, its role, its character (BANG!),
  its **lives** left at the end (0 = out), optionally the position of the player
  who **eliminated** it, and whether the Renegade lost a **final duel** against
  the Sheriff (eliminated second to last, leaving only the Sheriff alive).
- The **game spec** is what the software knows before the result: the ruleset,
  the positions that play this game (a table that lost a player plays on with
  the others), in the group stage the **round position** that must hold the
  Sheriff, and the characters the tournament allows.
- The **number of players** of a game is the number of its positions: 4 to 7
  play with the normal roles, 3 is the three-player knockout game (Deputy,
  Outlaw, Renegade) and 2 is the knockout duel without roles.
- A **problem** is one broken rule, with a stable ``code``, a translated message
  naming the seat and the rule, and the seat (``position``) and ``field`` at fault.

``validate_result`` reports every problem at once, but not follow-up noise: a
check that needs something another check already rejected is skipped (with the
roles wrong, for instance, nobody can tell whether the game is finished).
``evaluate_result`` validates and returns the ``Outcome``.

Problem codes: ``missing_seat``, ``unknown_seat``, ``duplicate_seat``,
``wrong_role_count``, ``sheriff_not_at_round_position``, ``lives_out_of_range``,
``unknown_character``, ``duplicate_character``, ``missing_character``,
``character_not_allowed``, ``game_not_finished``, ``winner_mismatch``,
``winner_required``, ``final_duel_not_possible``, ``invalid_eliminated_by``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from scoring.rulesets import (
    ROLES_BY_PLAYER_COUNT,
    THREE_PLAYER_ROLES,
    THREE_PLAYER_TARGET,
    Role,
    Ruleset,
    Side,
    max_lives,
)

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
        "game_not_finished",
        "winner_mismatch",
        "winner_required",
        "final_duel_not_possible",
        "invalid_eliminated_by",
    }
)


@dataclass(frozen=True)
class SeatReport:
    """One seat's line on the scoresheet."""

    position: int
    role: Role | None  # None only in a two-player duel
    character: str | None = None  # BANG!: required (optional in a duel); Showdown: None
    lives: int | None = None  # lives left; required except in a duel
    eliminated_by: int | None = None  # the position of the player who eliminated this one
    final_duel: bool = False  # the Renegade lost the final duel against the Sheriff


@dataclass(frozen=True)
class GameSpec:
    """What is known about a game before its result is reported."""

    ruleset: Ruleset
    positions: tuple[int, ...]  # the seats that play this game
    sheriff_position: int | None  # group stage: the round's Sheriff; None in the knockout
    characters: Mapping[str, int] = field(default_factory=dict)  # name -> life points (BANG!)
    tougher_sheriff: bool = False

    @property
    def player_count(self) -> int:
        return len(self.positions)


@dataclass(frozen=True)
class Problem:
    """One broken rule of a reported result."""

    code: str  # stable snake_case code, see the module docstring
    message: str  # lazily translated (a Django lazy string); str() it in the right language
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


def _format_now(template: Any, params: dict[str, Any]) -> str:
    return str(template) % params


_format_lazy = lazy(_format_now, str)


def _message(template: Any, **params: Any) -> str:
    """``template % params``, translated and formatted only when shown."""
    return _format_lazy(template, params)


_ROLE_COUNT_MESSAGES = {
    2: _("A duel has no roles."),
    3: _("A three-player game needs 1 Deputy, 1 Outlaw and 1 Renegade."),
    4: _("A table of 4 needs 1 Sheriff, 1 Renegade and 2 Outlaws."),
    5: _("A table of 5 needs 1 Sheriff, 1 Renegade, 2 Outlaws and 1 Deputy."),
    6: _("A table of 6 needs 1 Sheriff, 1 Renegade, 3 Outlaws and 1 Deputy."),
    7: _("A table of 7 needs 1 Sheriff, 1 Renegade, 3 Outlaws and 2 Deputies."),
}


def _is_whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _alive(seat: SeatReport) -> bool:
    return _is_whole_number(seat.lives) and seat.lives > 0


def _as_role(value: object) -> Role | None:
    """The role named by ``value``, or None if it is not a role."""
    if isinstance(value, Role):
        return value
    if isinstance(value, str):
        try:
            return Role(value)
        except ValueError:
            return None
    return None


def _character(seat: SeatReport) -> str | None:
    return seat.character or None  # an empty string means no character


def seat_max_lives(spec: GameSpec, *, role: Role | None, character: str | None) -> int | None:
    """The most lives a seat can have in this game, or None if nothing tells.

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
    hold exactly one Sheriff; missing lives count as out.
    """
    sheriffs = [seat for seat in seats if _as_role(seat.role) == Role.SHERIFF]
    if len(sheriffs) != 1:
        raise ValueError("derive_side needs exactly one Sheriff.")
    alive = [seat for seat in seats if _alive(seat)]
    if not _alive(sheriffs[0]):
        if len(alive) == 1 and _as_role(alive[0].role) == Role.RENEGADE:
            return Side.RENEGADE
        return Side.OUTLAWS
    if any(_as_role(seat.role) in (Role.OUTLAW, Role.RENEGADE) for seat in alive):
        return None
    return Side.LAW


def _three_player_winner(seats: Sequence[SeatReport]) -> Role | None:
    """The winning role of a three-player game, None if it is not finished."""
    out = [seat for seat in seats if not _alive(seat)]
    alive = [seat for seat in seats if _alive(seat)]
    if len(alive) == 1:
        return _as_role(alive[0].role)
    if len(out) == 1:
        victim_role = _as_role(out[0].role)
        hunter = next(
            seat for seat in seats if THREE_PLAYER_TARGET.get(_as_role(seat.role)) == victim_role
        )
        if out[0].eliminated_by == hunter.position:
            return _as_role(hunter.role)
    return None


def _duel_winner(seats: Sequence[SeatReport]) -> int | None:
    """The duel's winner if the lives tell (both given, exactly one alive)."""
    if any(seat.lives is None for seat in seats):
        return None
    alive = [seat for seat in seats if _alive(seat)]
    if len(alive) == 1:
        return alive[0].position
    return None


def _winning_positions(seats: Sequence[SeatReport], side: Side) -> frozenset[int]:
    roles = {
        Side.LAW: (Role.SHERIFF, Role.DEPUTY),
        Side.OUTLAWS: (Role.OUTLAW,),
        Side.RENEGADE: (Role.RENEGADE,),
    }[side]
    return frozenset(seat.position for seat in seats if _as_role(seat.role) in roles)


def _check_spec(spec: GameSpec) -> None:
    """Programming errors in the spec raise; they are not a referee's problem."""
    count = spec.player_count
    if not 2 <= count <= 7:
        raise ValueError(f"A game has 2 to 7 players, not {count}.")
    if len(set(spec.positions)) != count:
        raise ValueError(f"Positions repeat: {spec.positions}.")
    if spec.sheriff_position is not None and (
        count < 4 or spec.sheriff_position not in spec.positions
    ):
        raise ValueError(
            f"Sheriff position {spec.sheriff_position} is impossible for {spec.positions}."
        )


class _Check:
    """One run of the checks over a result; collects problems and the outcome."""

    def __init__(
        self, spec: GameSpec, seats: Sequence[SeatReport], winner: str | int | None
    ) -> None:
        _check_spec(spec)
        self.spec = spec
        self.count = spec.player_count
        self.winner = winner
        self.problems: list[Problem] = []
        self.by_position: dict[int, SeatReport] = {}
        self.outcome: Outcome | None = None
        self._check_seats(seats)
        self.seats = [self.by_position[p] for p in spec.positions if p in self.by_position]
        roles_ok = self._check_roles()
        self._check_characters()
        lives_ok = self._check_lives()
        self._check_eliminated_by()
        self._check_end(roles_ok=roles_ok, lives_ok=lives_ok)

    def add(self, code: str, message: str, *, position: int | None, field: str) -> None:
        self.problems.append(Problem(code=code, message=message, position=position, field=field))

    def _check_seats(self, seats: Sequence[SeatReport]) -> None:
        # Report in the order the seats were given, then the missing ones in table order.
        self.input_order: list[SeatReport] = []
        for seat in seats:
            if seat.position not in self.spec.positions:
                self.add(
                    "unknown_seat",
                    _message(_("Seat %(position)s is not at this table."), position=seat.position),
                    position=seat.position,
                    field="seats",
                )
            elif seat.position in self.by_position:
                self.add(
                    "duplicate_seat",
                    _message(
                        _("Seat %(position)s has more than one entry."), position=seat.position
                    ),
                    position=seat.position,
                    field="seats",
                )
            else:
                self.by_position[seat.position] = seat
                self.input_order.append(seat)
        for position in self.spec.positions:
            if position not in self.by_position:
                self.add(
                    "missing_seat",
                    _message(_("Seat %(position)s has no entry."), position=position),
                    position=position,
                    field="seats",
                )
        self.table_complete = not self.problems

    def _check_roles(self) -> bool:
        """Whether the roles are right, so that the winner can be derived."""
        if not self.table_complete:
            return False  # the role count of an incomplete table is follow-up noise
        if self.count == 2:
            expected: Counter[Role | None] = Counter({None: 2})
            found: Counter[Role | None] = Counter(seat.role for seat in self.seats)
        else:
            roles = THREE_PLAYER_ROLES if self.count == 3 else ROLES_BY_PLAYER_COUNT[self.count]
            expected = Counter(roles)
            found = Counter(_as_role(seat.role) for seat in self.seats)
        if found != expected:
            self.add(
                "wrong_role_count", _ROLE_COUNT_MESSAGES[self.count], position=None, field="role"
            )
            return False
        sheriff_position = self.spec.sheriff_position
        if sheriff_position is not None and (
            _as_role(self.by_position[sheriff_position].role) != Role.SHERIFF
        ):
            self.add(
                "sheriff_not_at_round_position",
                _message(
                    _(
                        "Seat %(position)s must be the Sheriff in this round "
                        "(the Sheriff sits at the position equal to the round number)."
                    ),
                    position=sheriff_position,
                ),
                position=sheriff_position,
                field="role",
            )
        return True

    def _check_characters(self) -> None:
        seen: dict[str, int] = {}
        for seat in self.input_order:
            character = _character(seat)
            if self.spec.ruleset == Ruleset.SHOWDOWN:
                if character is not None:
                    self.add(
                        "character_not_allowed",
                        _message(
                            _("Seat %(position)s: Showdown is played without characters."),
                            position=seat.position,
                        ),
                        position=seat.position,
                        field="character",
                    )
                continue
            if character is None:
                if self.count >= 3:
                    self.add(
                        "missing_character",
                        _message(
                            _("Seat %(position)s: the character is missing."),
                            position=seat.position,
                        ),
                        position=seat.position,
                        field="character",
                    )
            elif character not in self.spec.characters:
                self.add(
                    "unknown_character",
                    _message(
                        _('Seat %(position)s: "%(character)s" is not a character of this game.'),
                        position=seat.position,
                        character=character,
                    ),
                    position=seat.position,
                    field="character",
                )
            elif character in seen:
                self.add(
                    "duplicate_character",
                    _message(
                        _(
                            "Seat %(position)s: %(character)s is already played at seat "
                            "%(other)s; a character appears at most once at a table."
                        ),
                        position=seat.position,
                        character=character,
                        other=seen[character],
                    ),
                    position=seat.position,
                    field="character",
                )
            else:
                seen[character] = seat.position

    def _check_lives(self) -> bool:
        ok = True
        for seat in self.input_order:
            if seat.lives is None:
                if self.count == 2:
                    continue
                ok = False
                self.add(
                    "lives_out_of_range",
                    _message(
                        _("Seat %(position)s: the lives left are missing."),
                        position=seat.position,
                    ),
                    position=seat.position,
                    field="lives",
                )
                continue
            maximum = seat_max_lives(
                self.spec, role=_as_role(seat.role), character=_character(seat)
            )
            if (
                not _is_whole_number(seat.lives)
                or seat.lives < 0
                or (maximum is not None and seat.lives > maximum)
            ):
                ok = False
                self.add(
                    "lives_out_of_range",
                    _message(
                        _("Seat %(position)s: lives must be a whole number from 0 to %(max)s."),
                        position=seat.position,
                        max=maximum,
                    ),
                    position=seat.position,
                    field="lives",
                )
        return ok

    def _check_eliminated_by(self) -> None:
        for seat in self.input_order:
            other = seat.eliminated_by
            if other is None:
                continue
            message = None
            if not _is_whole_number(other) or other not in self.spec.positions:
                message = _message(
                    _(
                        'Seat %(position)s: "eliminated by" names seat %(other)s, '
                        "which is not at this table."
                    ),
                    position=seat.position,
                    other=other,
                )
            elif other == seat.position:
                message = _message(
                    _('Seat %(position)s: "eliminated by" must name another seat.'),
                    position=seat.position,
                )
            elif _alive(seat):
                message = _message(
                    _(
                        'Seat %(position)s still has lives left, so "eliminated by" '
                        "must stay empty."
                    ),
                    position=seat.position,
                )
            if message is not None:
                self.add(
                    "invalid_eliminated_by",
                    message,
                    position=seat.position,
                    field="eliminated_by",
                )

    def _winner_mismatch(self, derived: Any) -> None:
        self.add(
            "winner_mismatch",
            _message(
                _("The reported winner (%(reported)s) does not match the result: %(derived)s won."),
                reported=self.winner,
                derived=derived,
            ),
            position=None,
            field="winner",
        )

    def _unknown_winner(self) -> None:
        self.add(
            "winner_mismatch",
            _message(
                _('"%(reported)s" is not a possible winner of this game.'), reported=self.winner
            ),
            position=None,
            field="winner",
        )

    def _check_end(self, *, roles_ok: bool, lives_ok: bool) -> None:
        derivable = roles_ok and lives_ok
        if self.count >= 4:
            self._check_end_with_sheriff(roles_ok=roles_ok, derivable=derivable)
        elif self.count == 3:
            self._check_end_three_players(derivable=derivable)
        else:
            self._check_end_duel(derivable=derivable)

    def _check_end_with_sheriff(self, *, roles_ok: bool, derivable: bool) -> None:
        valid_winners = {side.value for side in Side}
        if self.winner is not None and self.winner not in valid_winners:
            self._unknown_winner()
        side = derive_side(self.seats) if derivable else None
        if derivable and side is None:
            self.add(
                "game_not_finished",
                _(
                    "The game is not finished: the Sheriff is alive, and so is an Outlaw "
                    "or the Renegade."
                ),
                position=None,
                field="lives",
            )
        if side is not None and self.winner in valid_winners and self.winner != side:
            self._winner_mismatch(side.label)
        only_sheriff_alive = side == Side.LAW and all(
            _as_role(seat.role) == Role.SHERIFF for seat in self.seats if _alive(seat)
        )
        for seat in self.input_order:
            if not seat.final_duel or not roles_ok:
                continue
            if _as_role(seat.role) != Role.RENEGADE:
                message = _("Seat %(position)s: only the Renegade can claim the final duel.")
            elif _alive(seat):
                message = _(
                    "Seat %(position)s: a Renegade who is still alive cannot claim the final duel."
                )
            elif side is not None and not only_sheriff_alive:
                message = _(
                    "Seat %(position)s: a final duel needs the Sheriff's side to win with "
                    "only the Sheriff left alive."
                )
            else:
                continue
            self._final_duel_problem(seat, message)
        if side is not None and not self.problems:
            self.outcome = Outcome(
                winner=side.value,
                winning_positions=_winning_positions(self.seats, side),
                side=side,
            )

    def _final_duel_problem(self, seat: SeatReport, message: Any) -> None:
        self.add(
            "final_duel_not_possible",
            _message(message, position=seat.position),
            position=seat.position,
            field="final_duel",
        )

    def _no_final_duel(self) -> None:
        for seat in self.input_order:
            if seat.final_duel:
                self._final_duel_problem(
                    seat, _("Seat %(position)s: only a game with a Sheriff has a final duel.")
                )

    def _check_end_three_players(self, *, derivable: bool) -> None:
        valid_winners = {role.value for role in THREE_PLAYER_ROLES}
        if self.winner is not None and self.winner not in valid_winners:
            self._unknown_winner()
        role = _three_player_winner(self.seats) if derivable else None
        if derivable and role is None:
            self.add(
                "game_not_finished",
                _(
                    "The three-player game is not finished: either exactly one player is "
                    "out, eliminated by the player whose target they were, or exactly one "
                    "player is left."
                ),
                position=None,
                field="lives",
            )
        if role is not None and self.winner in valid_winners and self.winner != role:
            self._winner_mismatch(role.label)
        self._no_final_duel()
        if role is not None and not self.problems:
            self.outcome = Outcome(
                winner=role.value,
                winning_positions=frozenset(
                    seat.position for seat in self.seats if _as_role(seat.role) == role
                ),
                side=None,
            )

    def _check_end_duel(self, *, derivable: bool) -> None:
        winner = self.winner
        known = _is_whole_number(winner) and winner in self.spec.positions
        if winner is not None and not known:
            self._unknown_winner()
        derived = _duel_winner(self.seats) if derivable else None
        if derived is not None and known and winner != derived:
            self._winner_mismatch(_message(_("seat %(position)s"), position=derived))
        if derivable and derived is None and winner is None:
            self.add(
                "winner_required",
                _("The duel's winner is required: the lives do not show who won."),
                position=None,
                field="winner",
            )
        self._no_final_duel()
        decided = derived if derived is not None else (winner if known else None)
        if decided is not None and not self.problems:
            self.outcome = Outcome(
                winner=decided,
                winning_positions=frozenset({decided}),
                side=None,
            )


def validate_result(
    spec: GameSpec, seats: Sequence[SeatReport], *, winner: str | int | None = None
) -> list[Problem]:
    """Every problem of a reported result (rules.md §5), ``[]`` if it is valid."""
    return _Check(spec, seats, winner).problems


def evaluate_result(
    spec: GameSpec, seats: Sequence[SeatReport], *, winner: str | int | None = None
) -> Outcome:
    """Who won a reported result; raises ``ResultInvalid`` with every problem."""
    check = _Check(spec, seats, winner)
    if check.problems:
        raise ResultInvalid(check.problems)
    if check.outcome is None:  # pragma: no cover - every valid result has a winner
        raise AssertionError("A valid result without a winner.")
    return check.outcome
