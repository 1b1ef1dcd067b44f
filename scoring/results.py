"""Check a reported game result and derive who won (rules.md §3, §5, §8).

The words (result, seat report, game spec, problem, outcome) are defined in
``scoring.report``; this module re-exports them, so ``from scoring.results import
SeatReport, GameSpec, validate_result, ...`` keeps working.

``validate_result`` reports every problem at once, but not follow-up noise: a
check that needs something another check already rejected is skipped (with the
roles wrong, for instance, nobody can tell whether the game is finished).
The seats, roles, characters, lives and "eliminated by" are checked here; whether
the end state is one a game can reach is ``scoring.end_checks`` (tested against
the oracle ``scoring.endings.reachable``). ``evaluate_result`` validates and
returns the ``Outcome``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from scoring.end_checks import SheriffEndCheck
from scoring.knockout_end_checks import DuelEndCheck, ThreePlayerEndCheck
from scoring.report import (
    PROBLEM_CODES,
    GameSpec,
    Message,
    Outcome,
    Problem,
    ResultInvalid,
    SeatReport,
    as_role,
    character_of,
    derive_side,
    is_alive,
    is_whole_number,
    message,
    seat_max_lives,
)
from scoring.rulesets import ROLES_BY_PLAYER_COUNT, THREE_PLAYER_ROLES, Role, Ruleset

__all__ = [
    "PROBLEM_CODES",
    "GameSpec",
    "Outcome",
    "Problem",
    "ResultInvalid",
    "SeatReport",
    "derive_side",
    "evaluate_result",
    "seat_max_lives",
    "validate_result",
]

_ROLE_COUNT_MESSAGES = {
    2: _("A duel has no roles."),
    3: _("A three-player game needs 1 Deputy, 1 Outlaw and 1 Renegade."),
    4: _("A table of 4 needs 1 Sheriff, 1 Renegade and 2 Outlaws."),
    5: _("A table of 5 needs 1 Sheriff, 1 Renegade, 2 Outlaws and 1 Deputy."),
    6: _("A table of 6 needs 1 Sheriff, 1 Renegade, 3 Outlaws and 1 Deputy."),
    7: _("A table of 7 needs 1 Sheriff, 1 Renegade, 3 Outlaws and 2 Deputies."),
}


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
        recorded = self._check_eliminated_by()
        end_check = {2: DuelEndCheck, 3: ThreePlayerEndCheck}.get(self.count, SheriffEndCheck)
        end = end_check(
            seats=self.seats,
            input_order=self.input_order,
            positions=spec.positions,
            winner=winner,
            recorded=recorded,
            roles_ok=roles_ok,
            lives_ok=lives_ok and self.table_complete,
        )
        self.problems.extend(end.problems)
        self.outcome = end.outcome if not self.problems else None

    def add(self, code: str, text: Message, *, position: int | None, field: str) -> None:
        self.problems.append(Problem(code=code, message=text, position=position, field=field))

    def _check_seats(self, seats: Sequence[SeatReport]) -> None:
        # Report in the order the seats were given, then the missing ones in table order.
        self.input_order: list[SeatReport] = []
        for seat in seats:
            if seat.position not in self.spec.positions:
                self.add(
                    "unknown_seat",
                    message(_("Seat %(position)s is not at this table."), position=seat.position),
                    position=seat.position,
                    field="seats",
                )
            elif seat.position in self.by_position:
                self.add(
                    "duplicate_seat",
                    message(
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
                    message(_("Seat %(position)s has no entry."), position=position),
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
            found = Counter(as_role(seat.role) for seat in self.seats)
        if found != expected:
            self.add(
                "wrong_role_count", _ROLE_COUNT_MESSAGES[self.count], position=None, field="role"
            )
            return False
        sheriff_position = self.spec.sheriff_position
        if sheriff_position is not None and (
            as_role(self.by_position[sheriff_position].role) != Role.SHERIFF
        ):
            self.add(
                "sheriff_not_at_round_position",
                message(
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
            character = character_of(seat)
            if self.spec.ruleset == Ruleset.SHOWDOWN:
                if character is not None:
                    self.add(
                        "character_not_allowed",
                        message(
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
                        message(
                            _("Seat %(position)s: the character is missing."),
                            position=seat.position,
                        ),
                        position=seat.position,
                        field="character",
                    )
            elif character not in self.spec.characters:
                self.add(
                    "unknown_character",
                    message(
                        _('Seat %(position)s: "%(character)s" is not a character of this game.'),
                        position=seat.position,
                        character=character,
                    ),
                    position=seat.position,
                    field="character",
                )
            elif self.spec.dealt is not None and character not in self.spec.dealt.get(
                seat.position, frozenset()
            ):
                self.add(
                    "character_not_dealt",
                    message(
                        _(
                            "Seat %(position)s: %(character)s was not dealt to this seat "
                            "(dealt: %(dealt)s)."
                        ),
                        position=seat.position,
                        character=character,
                        dealt=", ".join(sorted(self.spec.dealt.get(seat.position, ()))),
                    ),
                    position=seat.position,
                    field="character",
                )
            elif character in seen:
                self.add(
                    "duplicate_character",
                    message(
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
        # A duel gives lives for both players or for neither (rules.md §8).
        lives_optional = self.count == 2 and all(seat.lives is None for seat in self.seats)
        for seat in self.input_order:
            if seat.lives is None:
                if lives_optional:
                    continue
                ok = False
                self.add(
                    "lives_out_of_range",
                    message(
                        _("Seat %(position)s: the lives left are missing."),
                        position=seat.position,
                    ),
                    position=seat.position,
                    field="lives",
                )
                continue
            maximum = seat_max_lives(
                self.spec, role=as_role(seat.role), character=character_of(seat)
            )
            if (
                not is_whole_number(seat.lives)
                or seat.lives < 0
                or (maximum is not None and seat.lives > maximum)
            ):
                ok = False
                self.add(
                    "lives_out_of_range",
                    message(
                        _("Seat %(position)s: lives must be a whole number from 0 to %(max)s."),
                        position=seat.position,
                        max=maximum,
                    )
                    if maximum is not None
                    else message(
                        _("Seat %(position)s: lives must be a whole number, 0 or more."),
                        position=seat.position,
                    ),
                    position=seat.position,
                    field="lives",
                )
        return ok

    def _check_eliminated_by(self) -> dict[int, int]:
        """The recorded eliminators that name another seat for a player who is out."""
        recorded: dict[int, int] = {}
        for seat in self.input_order:
            other = seat.eliminated_by
            if other is None:
                continue
            text: Message | None = None
            if not is_whole_number(other) or other not in self.spec.positions:
                text = message(
                    _(
                        'Seat %(position)s: "eliminated by" names seat %(other)s, '
                        "which is not at this table."
                    ),
                    position=seat.position,
                    other=other,
                )
            elif other == seat.position:
                text = message(
                    _('Seat %(position)s: "eliminated by" must name another seat.'),
                    position=seat.position,
                )
            elif is_alive(seat):
                text = message(
                    _(
                        'Seat %(position)s still has lives left, so "eliminated by" '
                        "must stay empty."
                    ),
                    position=seat.position,
                )
            if text is not None:
                self.add(
                    "invalid_eliminated_by", text, position=seat.position, field="eliminated_by"
                )
            else:
                recorded[seat.position] = other
        return recorded


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
