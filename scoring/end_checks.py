"""Whether a reported end state is one a game can reach (rules.md §5.5 to §5.10, §8).

Words (see ``scoring.report`` and ``scoring.endings``): the **end state** is who
is alive, who eliminated whom where **recorded**, the named winner and the
final-duel claims. A recorded eliminator is one that names another seat at the
table for a player who is out (``scoring.results`` refuses the others as
``invalid_eliminated_by``; here they count as not recorded).

These checks say in closed form what ``scoring.endings.reachable`` finds by
searching every story, and name the rule that is broken:

- 4 to 7 players: at least one player is alive (``impossible_ending``); the game
  is finished (``game_not_finished``); nobody eliminated each other in a circle
  (``eliminated_by_cycle``); the Sheriff's eliminator is alive at the end
  (``eliminator_out``); with the Sheriff out and only Deputies alive, one of them
  took out the Sheriff and the last Outlaw or Renegade at once (``impossible_ending``);
  with the Sheriff alive, the last Outlaw or Renegade went out by a player alive
  at the end or by no one (``eliminator_out``); a final duel (§5.7).
- The three-player game and the duel: ``scoring.knockout_end_checks``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext_lazy as _

from scoring.report import (
    Message,
    Outcome,
    Problem,
    SeatReport,
    as_role,
    derive_side,
    is_alive,
    is_whole_number,
    message,
    winning_positions,
)
from scoring.rulesets import Role, Side, side_label

_RIVALS = (Role.OUTLAW, Role.RENEGADE)

_EVERYONE_OUT = _(
    "Every player is out, but at least one player is alive at the end of a game: "
    "the game ends before the last one goes out."
)


class EndCheck:
    """The end-state checks of one result; collects ``problems`` and the ``outcome``.

    One subclass per kind of game: ``SheriffEndCheck`` here, the three-player game
    and the duel in ``scoring.knockout_end_checks``.

    ``seats`` are in table order, ``input_order`` as reported; ``recorded`` maps a
    position to its recorded eliminator. ``roles_ok`` and ``lives_ok`` say whether
    the earlier checks let the end state be read at all.
    """

    def __init__(
        self,
        *,
        seats: Sequence[SeatReport],
        input_order: Sequence[SeatReport],
        positions: Sequence[int],
        winner: str | int | None,
        recorded: Mapping[int, int],
        roles_ok: bool,
        lives_ok: bool,
    ) -> None:
        self.seats = seats
        self.input_order = input_order
        self.positions = positions
        self.winner = winner
        self.recorded = recorded
        self.problems: list[Problem] = []
        self.outcome: Outcome | None = None
        self.check(roles_ok=roles_ok, derivable=roles_ok and lives_ok)

    def check(self, *, roles_ok: bool, derivable: bool) -> None:
        """Add the problems of this kind of game (``derivable``: roles and lives are right)."""
        raise NotImplementedError

    def add(self, code: str, text: Message, *, position: int | None, field: str) -> None:
        self.problems.append(Problem(code=code, message=text, position=position, field=field))

    # ----------------------------------------------------------------- winners

    def _winner_named(self) -> Message | str:
        """The reported winner in words: a side, a role or a seat, never a raw code."""
        winner = self.winner
        if is_whole_number(winner):
            return message(_("seat %(position)s"), position=winner)
        if winner in {side.value for side in Side}:
            return side_label(Side(str(winner)), len(self.positions))
        role = as_role(winner)
        return role.label if role is not None else str(winner)

    def _winner_mismatch(self, derived: Message | int) -> None:
        self.add(
            "winner_mismatch",
            message(
                _("The reported winner (%(reported)s) does not match the result: %(derived)s won."),
                reported=self._winner_named(),
                derived=derived,
            ),
            position=None,
            field="winner",
        )

    def _unknown_winner(self) -> None:
        self.add(
            "winner_mismatch",
            message(
                _('"%(reported)s" is not a possible winner of this game.'), reported=self.winner
            ),
            position=None,
            field="winner",
        )

    def _everyone_out(self) -> None:
        self.add("impossible_ending", _EVERYONE_OUT, position=None, field="lives")

    def _final_duel_problem(self, seat: SeatReport, template: Message, **params: object) -> None:
        self.add(
            "final_duel_not_possible",
            message(template, position=seat.position, **params),
            position=seat.position,
            field="final_duel",
        )

    def _no_final_duel(self) -> None:
        for seat in self.input_order:
            if seat.final_duel:
                self._final_duel_problem(
                    seat, _("Seat %(position)s: only a game with a Sheriff has a final duel.")
                )
        self._last_three(None)

    def _last_three(self, side: Side | None) -> None:
        """rules.md §14: "among the last three" is claimed only for a Deputy when the
        Renegade won; ``False`` is never refused."""
        for seat in self.input_order:
            if not seat.last_three:
                continue
            if as_role(seat.role) != Role.DEPUTY:
                template = _(
                    "Seat %(position)s: only a Deputy can be marked as among the last three "
                    "players."
                )
            elif side is not None and side != Side.RENEGADE:
                template = _(
                    "Seat %(position)s: “among the last three” counts only when the Renegade "
                    "won the game."
                )
            elif side is None and len(self.positions) < 4:
                template = _("Seat %(position)s: this game has no “among the last three”.")
            else:
                continue
            self.add(
                "last_three_not_possible",
                message(template, position=seat.position),
                position=seat.position,
                field="last_three",
            )


class SheriffEndCheck(EndCheck):
    """The end of a game of 4 to 7 players (rules.md §5.5 to §5.10)."""

    def check(self, *, roles_ok: bool, derivable: bool) -> None:
        valid_winners = {side.value for side in Side}
        if self.winner is not None and self.winner not in valid_winners:
            self._unknown_winner()
        side = None
        if derivable and not any(is_alive(seat) for seat in self.seats):
            self._everyone_out()
        elif derivable:
            side = derive_side(self.seats)
            if side is None:
                self.add(
                    "game_not_finished",
                    _(
                        "The game is not finished: the Sheriff is alive, and so is an Outlaw "
                        "or the Renegade."
                    ),
                    position=None,
                    field="lives",
                )
            else:
                self._story()
        if side is not None and self.winner in valid_winners and self.winner != side:
            self._winner_mismatch(side_label(side, len(self.positions)))
        if roles_ok:
            self._final_duel(side)
            self._last_three(side)
        if side is not None and not self.problems:
            self.outcome = Outcome(
                winner=side.value, winning_positions=winning_positions(self.seats, side), side=side
            )

    def _story(self) -> None:
        """A finished game with someone alive: can the eliminations be told in order?"""
        out = {seat.position for seat in self.seats if not is_alive(seat)}
        self._cycles(out)
        sheriff = next(seat for seat in self.seats if as_role(seat.role) == Role.SHERIFF)
        rivals = [seat for seat in self.seats if as_role(seat.role) in _RIVALS]
        if sheriff.position in out:
            by = self.recorded.get(sheriff.position)
            alive = {seat.position for seat in self.seats} - out
            if by is not None and by in out:
                self.add(
                    "eliminator_out",
                    message(
                        _(
                            "Seat %(position)s: the game ended when the Sheriff went out, so "
                            "whoever eliminated the Sheriff is alive at the end; seat "
                            "%(other)s is out."
                        ),
                        position=sheriff.position,
                        other=by,
                    ),
                    position=sheriff.position,
                    field="eliminated_by",
                )
            elif all(seat.position in out for seat in rivals):
                # Only Deputies are alive: one of them took out the Sheriff and the last
                # Outlaw or Renegade at once, or the game would have ended before.
                shooters = {by} if by is not None else alive
                if not any(
                    self.recorded.get(seat.position) in (None, *shooters) for seat in rivals
                ):
                    self.add(
                        "impossible_ending",
                        message(
                            _(
                                "Seat %(position)s: the Sheriff is out and only Deputies are "
                                "alive, so the Sheriff and the last Outlaw or Renegade went out "
                                "at once, eliminated by the same Deputy; the sheet names no "
                                "such Deputy."
                            ),
                            position=sheriff.position,
                        ),
                        position=sheriff.position,
                        field="eliminated_by",
                    )
        elif all(self.recorded.get(seat.position) in out for seat in rivals):
            self.add(
                "eliminator_out",
                _(
                    "The game ended when the last Outlaw or the Renegade went out, so they were "
                    "eliminated by a player alive at the end, or by no one; but every Outlaw "
                    "and the Renegade is named as eliminated by a player who is out."
                ),
                position=None,
                field="eliminated_by",
            )

    def _cycles(self, out: set[int]) -> None:
        """One problem per circle of players named as eliminating each other."""
        reported: set[int] = set()
        for start in sorted(out):
            chain = [start]
            while (by := self.recorded.get(chain[-1])) is not None and by in out:
                if by in chain:
                    circle = chain[chain.index(by) :]
                    if not reported & set(circle):
                        reported |= set(circle)
                        first = min(circle)
                        self.add(
                            "eliminated_by_cycle",
                            message(
                                _(
                                    'Seat %(position)s: "eliminated by" goes round in a circle '
                                    "(seats %(seats)s); each of them would have been out before "
                                    "eliminating the next."
                                ),
                                position=first,
                                seats=", ".join(str(p) for p in sorted(circle)),
                            ),
                            position=first,
                            field="eliminated_by",
                        )
                    break
                chain.append(by)

    def _final_duel(self, side: Side | None) -> None:
        """rules.md §5.7: claimed only by the Renegade, out second to last by the Sheriff."""
        only_sheriff_alive = side == Side.LAW and all(
            as_role(seat.role) == Role.SHERIFF for seat in self.seats if is_alive(seat)
        )
        sheriff = next(
            (seat.position for seat in self.seats if as_role(seat.role) == Role.SHERIFF), None
        )
        for seat in self.input_order:
            if not seat.final_duel:
                continue
            by = self.recorded.get(seat.position)
            if as_role(seat.role) != Role.RENEGADE:
                self._final_duel_problem(
                    seat, _("Seat %(position)s: only the Renegade can claim the final duel.")
                )
            elif is_alive(seat):
                self._final_duel_problem(
                    seat,
                    _(
                        "Seat %(position)s: a Renegade who is still alive cannot claim the "
                        "final duel."
                    ),
                )
            elif side is not None and not only_sheriff_alive:
                self._final_duel_problem(
                    seat,
                    _(
                        "Seat %(position)s: a final duel needs the Sheriff's side to win with "
                        "only the Sheriff left alive."
                    ),
                )
            elif side is not None and by is not None and by != sheriff:
                self._final_duel_problem(
                    seat,
                    _(
                        "Seat %(position)s: a Renegade who lost the final duel was eliminated "
                        "by the Sheriff (or by no one), not by seat %(other)s."
                    ),
                    other=by,
                )
