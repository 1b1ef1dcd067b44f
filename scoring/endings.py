"""How a game can end: a model of eliminations and the reachability oracle (rules.md §5, §8).

Words (see also ``scoring.rulesets``):

- An **elimination** takes a player out of the game. Its **eliminator** is the
  player who did it, or no one (Dynamite).
- A **step** takes out either one player, by a player alive at that moment or
  by no one, or several players at once, all by one player who is alive and
  stays alive (Gatling, Indians!).
- The **end condition** stops a game at once, and it never goes on past it:
  with a Sheriff (4 to 7 players) when the Sheriff is out, or when every Outlaw
  and the Renegade is out; in the three-player game when a player eliminates
  their own target (that player wins), or when one player is left; in the duel
  when one player is left.
- A **story** is a sequence of steps from everyone alive to the end condition.
- An **end report** is what a scoresheet tells about the end: each seat's role,
  whether it is alive (``None``: not told, only in a duel without lives), who
  eliminated it where recorded, the winner where named, and the final-duel claims.
- An end report is **reachable** if some story ends exactly there: the same
  players alive, every recorded eliminator the one of the story (an eliminator
  not recorded may be anyone or no one), the named winner the story's winner,
  and a final duel claimed only by a Renegade who went out alone, second to
  last, leaving only the Sheriff. Reporting rules of §8 also belong here: the
  three-player game and the duel always name the winner, the three-player game
  with one player out records who eliminated them, and a duel gives lives for
  both players or for neither.

``reachable`` is the oracle: it searches every story (3 to 7 players have few
enough) and is written without the validator's shortcuts, so that the validator
(``scoring.results``) can be tested against it on every candidate.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from scoring.report import SeatReport, as_role, is_alive
from scoring.rulesets import THREE_PLAYER_TARGET, Role, Side

#: The eliminator "no one" (Dynamite) in a story.
NO_ONE = None


@dataclass(frozen=True)
class EndReport:
    """What a scoresheet tells about the end of a game (see the module docstring)."""

    roles: Mapping[int, Role | None]  # position -> role (None in a duel)
    alive: Mapping[int, bool | None]  # position -> alive at the end; None: not told
    eliminated_by: Mapping[int, int | None] = field(default_factory=dict)  # None: not recorded
    winner: str | int | None = None  # a Side value, a three-player Role value, a duel position
    final_duel: frozenset[int] = frozenset()  # positions that claim the final duel

    @classmethod
    def of(cls, seats: Sequence[SeatReport], winner: str | int | None = None) -> EndReport:
        """The end report of a scoresheet's seats (lives ``None``: not told)."""
        return cls(
            roles={seat.position: as_role(seat.role) for seat in seats},
            alive={seat.position: None if seat.lives is None else is_alive(seat) for seat in seats},
            eliminated_by={seat.position: seat.eliminated_by for seat in seats},
            winner=winner,
            final_duel=frozenset(seat.position for seat in seats if seat.final_duel),
        )


@dataclass(frozen=True)
class Ending:
    """How a story ended: the winner, and whether the Renegade lost a final duel."""

    winner: str | int
    final_duel: bool = False


def _end_condition(
    roles: Mapping[int, Role | None], alive: frozenset[int], taken: Mapping[int, int | None]
) -> str | int | None:
    """The winner if the game stops after a step that took out ``taken`` (victim -> eliminator)."""
    count = len(roles)
    if count == 2:
        return next(iter(alive)) if len(alive) == 1 else None
    if count == 3:
        for victim, eliminator in taken.items():
            if (
                eliminator is not None
                and THREE_PLAYER_TARGET[_role(roles, eliminator)] == (roles[victim])
            ):
                return _role(roles, eliminator).value
        return _role(roles, next(iter(alive))).value if len(alive) == 1 else None
    left = {roles[p] for p in alive}
    if Role.SHERIFF not in left:
        return (
            Side.RENEGADE if left == {Role.RENEGADE} and len(alive) == 1 else Side.OUTLAWS
        ).value
    if not left & {Role.OUTLAW, Role.RENEGADE}:
        return Side.LAW.value
    return None


def _role(roles: Mapping[int, Role | None], position: int) -> Role:
    role = roles[position]
    if role is None:  # pragma: no cover - only the duel has no roles, and it has no targets
        raise ValueError("A role is needed here.")
    return role


def _steps(
    alive: frozenset[int],
    dying: frozenset[int],
    eliminated_by: Mapping[int, int | None],
    *,
    killers_matter: bool,
) -> Iterator[dict[int, int | None]]:
    """Every step from ``alive`` that takes out players of ``dying``: victim -> eliminator.

    Where the eliminator cannot change how the game goes on (``killers_matter``
    false: with a Sheriff, the end condition looks only at who is alive), one
    eliminator stands for all the possible ones, and several players go out at
    once only in the step that leaves the end state.
    """
    for victim in sorted(alive & dying):
        recorded = eliminated_by.get(victim)
        candidates: list[int | None] = [recorded] if recorded is not None else [NO_ONE]
        if recorded is None and killers_matter:
            candidates += sorted(alive - {victim})
        for eliminator in candidates:
            if eliminator is NO_ONE or (eliminator in alive and eliminator != victim):
                yield {victim: eliminator}
    for size in range(2, len(alive & dying) + 1):
        for victims in combinations(sorted(alive & dying), size):
            if not killers_matter and size < len(alive & dying):
                # With a Sheriff, a step of several that does not end the game can be
                # told as single eliminations by the same shooter, one after another:
                # every state in between has the Sheriff and a rival alive as well.
                # So only a last step needs to take out several at once.
                continue
            others = alive - set(victims)
            named = {by for v in victims if (by := eliminated_by.get(v)) is not None}
            if len(named) > 1:
                continue  # one shooter takes out several players at once
            shooters = sorted(named & others) if named else sorted(others)
            if not killers_matter:
                shooters = shooters[:1]  # one shooter leaves the same players alive
            for shooter in shooters:
                yield dict.fromkeys(victims, shooter)


def endings(
    roles: Mapping[int, Role | None],
    alive_at_end: frozenset[int],
    eliminated_by: Mapping[int, int | None],
) -> frozenset[Ending]:
    """How the stories that end with exactly ``alive_at_end`` alive can end.

    ``eliminated_by`` holds the recorded eliminators (a missing or None entry:
    not recorded, any eliminator or no one).
    """
    found: set[Ending] = set()

    def collect(ending: Ending) -> bool:
        found.add(ending)
        return False  # search on: every ending is wanted

    _find_story(roles, alive_at_end, eliminated_by, collect)
    return frozenset(found)


def _find_story(
    roles: Mapping[int, Role | None],
    alive_at_end: frozenset[int],
    eliminated_by: Mapping[int, int | None],
    wanted: Callable[[Ending], bool],
) -> bool:
    """Whether a story ends with ``alive_at_end`` alive in an ending that is ``wanted``.

    A depth-first search over the players alive, which stops at the first wanted
    ending (``wanted`` sees every ending found until then).
    """
    everyone = frozenset(roles)
    dying = everyone - alive_at_end
    recorded = {p: by for p, by in eliminated_by.items() if by is not None}
    if any(p not in dying for p in recorded):
        return False  # a recorded eliminator for a player who is not out
    killers_matter = len(roles) <= 3
    explored: set[frozenset[int]] = set()

    def search(alive: frozenset[int]) -> bool:
        if alive in explored:
            return False
        seen: set[tuple[frozenset[int], bool]] = set()
        for taken in _steps(alive, dying, recorded, killers_matter=killers_matter):
            after = alive - set(taken)
            if not killers_matter:  # the same players left after one or more: the same game
                if (after, len(taken) == 1) in seen:
                    continue
                seen.add((after, len(taken) == 1))
            winner = _end_condition(roles, after, taken)
            if winner is None:
                # Not ended: play on, unless this is the end state (then it is not finished).
                if after != alive_at_end and search(after):
                    return True
            elif after == alive_at_end:
                duel = [roles[p] for p in taken] == [Role.RENEGADE] and [
                    roles[p] for p in after
                ] == [Role.SHERIFF]
                if wanted(Ending(winner, final_duel=duel)):
                    return True
        explored.add(alive)
        return False

    return search(everyone)


def reachable(report: EndReport) -> bool:
    """Whether some story ends exactly as ``report`` says (the oracle, see the module docstring)."""
    positions = frozenset(report.roles)
    count = len(positions)
    told = {p: report.alive.get(p) for p in positions}
    if count >= 3 and any(value is None for value in told.values()):
        return False  # lives are required with roles
    if count == 2 and len({value is None for value in told.values()}) > 1:
        return False  # a duel gives lives for both players or for neither
    if count <= 3 and report.winner is None:
        return False  # the three-player game and the duel name the winner
    if report.final_duel and (
        count < 4 or any(report.roles[p] != Role.RENEGADE for p in report.final_duel)
    ):
        return False
    unknown = sorted(p for p, value in told.items() if value is None)
    for mask in range(2 ** len(unknown)):
        alive = {p for p, value in told.items() if value}
        alive |= {p for i, p in enumerate(unknown) if mask >> i & 1}
        if _reaches(report, frozenset(alive)):
            return True
    return False


def _reaches(report: EndReport, alive: frozenset[int]) -> bool:
    out = frozenset(report.roles) - alive
    if len(report.roles) == 3 and len(out) == 1:
        (victim,) = out
        if report.eliminated_by.get(victim) is None:
            return False  # rules.md §8: here "eliminated by" is required

    def wanted(ending: Ending) -> bool:
        return report.winner in (None, ending.winner) and (
            ending.final_duel or not report.final_duel
        )

    return _find_story(report.roles, alive, report.eliminated_by, wanted)
