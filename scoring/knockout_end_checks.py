"""Whether a knockout game without a Sheriff ended as it can (rules.md §8).

Words: see ``scoring.end_checks``. In the **three-player game** each role hunts
its **target** (``scoring.rulesets.THREE_PLAYER_TARGET``); the player whose
target someone is, is their **hunter**. The **duel** has two players and no roles.

- Three players: the winner is named (``winner_required``); with one out, who
  eliminated them is recorded (``eliminated_by_required``) and is their hunter
  (``game_not_finished``); with two out, neither was eliminated by an out player
  whose target they were (that player would have won at once: ``impossible_ending``);
  not all three out (``impossible_ending``).
- The duel: the winner is named (``winner_required``); lives are given for both
  or for neither; exactly one player is out (``game_not_finished``,
  ``impossible_ending``), and it is not the winner (``winner_mismatch``).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoring.end_checks import EndCheck
from scoring.report import Outcome, SeatReport, as_role, is_alive, is_whole_number, message
from scoring.rulesets import THREE_PLAYER_ROLES, THREE_PLAYER_TARGET, Role


def _role(seat: SeatReport) -> Role:
    role = as_role(seat.role)
    if role is None:  # pragma: no cover - the roles were checked before
        raise ValueError("The roles must be checked first.")
    return role


class ThreePlayerEndCheck(EndCheck):
    """The three-player game: one out by their hunter, or one player left."""

    def check(self, *, roles_ok: bool, derivable: bool) -> None:
        valid_winners = {role.value for role in THREE_PLAYER_ROLES}
        if self.winner is None:
            self.add(
                "winner_required",
                _("The winner of the three-player game is required."),
                position=None,
                field="winner",
            )
        elif self.winner not in valid_winners:
            self._unknown_winner()
        role = self._three_player_winner() if derivable else None
        if role is not None and self.winner in valid_winners and self.winner != role:
            self._winner_mismatch(role.label)
        self._no_final_duel()
        if role is not None and not self.problems:
            self.outcome = Outcome(
                winner=role.value,
                winning_positions=frozenset(
                    seat.position for seat in self.seats if as_role(seat.role) == role
                ),
                side=None,
            )

    def _three_player_winner(self) -> Role | None:
        """The winning role, None (with the problem added) if no game ends like this."""
        out = [seat for seat in self.seats if not is_alive(seat)]
        alive = [seat for seat in self.seats if is_alive(seat)]
        role_at = {seat.position: _role(seat) for seat in self.seats}
        hunter_of: dict[Role, int] = {
            target: next(p for p, r in role_at.items() if r == hunter)
            for hunter, target in THREE_PLAYER_TARGET.items()
        }
        if len(out) == 3:
            self._everyone_out()
            return None
        if len(out) == 2:
            out_positions = {seat.position for seat in out}
            for seat in out:
                by = self.recorded.get(seat.position)
                if (
                    by is not None
                    and by == hunter_of[role_at[seat.position]]
                    and by in out_positions
                ):
                    self.add(
                        "impossible_ending",
                        message(
                            _(
                                "Seat %(position)s was eliminated by seat %(other)s, whose target "
                                "they were: seat %(other)s won at once and cannot be out."
                            ),
                            position=seat.position,
                            other=by,
                        ),
                        position=seat.position,
                        field="eliminated_by",
                    )
                    return None
            return role_at[alive[0].position]
        if len(out) == 1:
            (seat,) = out
            by = self.recorded.get(seat.position)
            if by is None:
                if seat.eliminated_by is None:  # an invalid one is reported already
                    self.add(
                        "eliminated_by_required",
                        message(
                            _(
                                'Seat %(position)s: with one player out, "eliminated by" is '
                                "required: it tells whether the game ended."
                            ),
                            position=seat.position,
                        ),
                        position=seat.position,
                        field="eliminated_by",
                    )
                return None
            if by == hunter_of[role_at[seat.position]]:
                return role_at[by]
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
        return None


class DuelEndCheck(EndCheck):
    """The duel: the named winner is the one player left."""

    def check(self, *, roles_ok: bool, derivable: bool) -> None:
        winner = self.winner
        known = is_whole_number(winner) and winner in self.positions
        lives_given = all(seat.lives is not None for seat in self.seats)
        if winner is None:
            self.add(
                "winner_required",
                _("The duel's winner is required.")
                if lives_given
                else _("The duel's winner is required: the lives do not show who won."),
                position=None,
                field="winner",
            )
        elif not known:
            self._unknown_winner()
        derived = None
        if derivable:
            out = [
                seat.position
                for seat in self.seats
                if (seat.lives is not None and not is_alive(seat))
                or (seat.lives is None and seat.position in self.recorded)
            ]
            if len(out) == 2:
                self.add(
                    "impossible_ending",
                    _("Both players are out, but the duel ends when one player is left."),
                    position=None,
                    field="lives",
                )
            elif len(out) == 1:
                derived = next(seat.position for seat in self.seats if seat.position not in out)
            elif lives_given:
                self.add(
                    "game_not_finished",
                    _("The duel is not finished: both players are alive."),
                    position=None,
                    field="lives",
                )
        if derived is not None and known and winner != derived:
            self._winner_mismatch(message(_("seat %(position)s"), position=derived))
        self._no_final_duel()
        decided = derived if derived is not None else (winner if known else None)
        if isinstance(decided, int) and not self.problems:
            self.outcome = Outcome(
                winner=decided, winning_positions=frozenset({decided}), side=None
            )
