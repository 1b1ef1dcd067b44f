"""Random but plausible game results, for rehearsals and property tests.

Words (see ``scoring.rulesets`` and ``scoring.results``): a **result** is one
``SeatReport`` per seat plus the winner a table would name. A **random result**
is a finished game as a table could really report it: roles dealt by the
rules (the Sheriff at the round position in the group stage, anywhere in the
knockout), distinct characters (BANG!), lives within each seat's maximum, an
end state that the rules accept, and sometimes who eliminated whom.

Everything is driven by the ``random.Random`` passed in, so a seed replays a
rehearsal exactly.
"""

from __future__ import annotations

import random

from scoring.endings import EndReport, reachable
from scoring.report import GameSpec, SeatReport, character_max_lives
from scoring.rulesets import (
    ROLES_BY_PLAYER_COUNT,
    THREE_PLAYER_ROLES,
    THREE_PLAYER_TARGET,
    Role,
    Ruleset,
)

#: The endings of a game with a Sheriff that ``random_result`` chooses from.
ENDINGS = ("law", "law_final_duel", "outlaws", "renegade")


def random_result(spec: GameSpec, rng: random.Random) -> tuple[list[SeatReport], str | int | None]:
    """A random valid result for ``spec`` and the winner to report with it.

    The winner is None for 4 to 7 players (the lives tell), the winning role's
    value in the three-player game and the winning position in a duel.
    ``scoring.results.evaluate_result`` accepts every result made here.
    """
    count = spec.player_count
    if not 2 <= count <= 7:
        raise ValueError(f"A game has 2 to 7 players, not {count}.")
    characters = _deal_characters(spec, rng)
    if count >= 4:
        return _game_with_sheriff(spec, rng, characters), None
    if count == 3:
        return _three_player_game(spec, rng, characters)
    return _duel(spec, rng, characters)


def _deal_characters(spec: GameSpec, rng: random.Random) -> dict[int, str | None]:
    count = spec.player_count
    no_characters: dict[int, str | None] = dict.fromkeys(spec.positions)
    if spec.ruleset == Ruleset.SHOWDOWN or (count == 2 and rng.random() < 0.3):
        return no_characters
    if spec.dealt is not None:
        # Each seat keeps one of what it was dealt (a group seat's two, or one of
        # a knockout table's revealed characters not yet taken).
        chosen: dict[int, str | None] = {}
        for position in spec.positions:
            left = sorted(spec.dealt.get(position, frozenset()) - set(chosen.values()))
            chosen[position] = rng.choice(left)
        return chosen
    names = sorted(spec.characters)
    if len(names) < count:
        raise ValueError(f"{count} players need {count} characters, the game has {len(names)}.")
    return dict(zip(spec.positions, rng.sample(names, count), strict=True))


def _lives(spec: GameSpec, rng: random.Random, *, role: Role | None, character: str | None) -> int:
    """A random number of lives left above 0."""
    # One character's lives, also in a duel (where the rules check no maximum).
    maximum = character_max_lives(spec, role=role, character=character) or 1
    return rng.randint(1, maximum)


def _game_with_sheriff(
    spec: GameSpec, rng: random.Random, characters: dict[int, str | None]
) -> list[SeatReport]:
    positions = list(spec.positions)
    sheriff = spec.sheriff_position if spec.sheriff_position is not None else rng.choice(positions)
    others = [position for position in positions if position != sheriff]
    other_roles = [role for role in ROLES_BY_PLAYER_COUNT[len(positions)] if role != Role.SHERIFF]
    rng.shuffle(other_roles)
    roles = {sheriff: Role.SHERIFF, **dict(zip(others, other_roles, strict=True))}

    def alive(position: int) -> int:
        return _lives(spec, rng, role=roles[position], character=characters[position])

    def maybe_alive(position: int) -> int:
        return alive(position) if rng.random() < 0.5 else 0

    ending = rng.choice(ENDINGS)
    lives: dict[int, int] = {}
    for position in positions:
        role = roles[position]
        if ending in ("law", "law_final_duel"):
            if role == Role.SHERIFF:
                lives[position] = alive(position)
            elif role == Role.DEPUTY and ending == "law":
                lives[position] = maybe_alive(position)
            else:
                lives[position] = 0
        elif ending == "renegade":
            lives[position] = alive(position) if role == Role.RENEGADE else 0
        else:  # outlaws
            lives[position] = 0 if role == Role.SHERIFF else maybe_alive(position)
    if ending == "outlaws":
        survivors = [position for position in positions if lives[position] > 0]
        if len(survivors) == 1 and roles[survivors[0]] == Role.RENEGADE:
            # That would be the Renegade's win: an Outlaw survives too, or nobody.
            outlaw = rng.choice([p for p in positions if roles[p] == Role.OUTLAW])
            lives[outlaw] = alive(outlaw) if rng.random() < 0.7 else 0
            if lives[outlaw] == 0:
                lives[survivors[0]] = 0
        if not any(lives.values()):
            # Somebody is alive at the end of every game (rules.md §5.9).
            lucky = rng.choice([p for p in positions if roles[p] in (Role.OUTLAW, Role.DEPUTY)])
            lives[lucky] = alive(lucky)
    final_duel = {p for p in positions if ending == "law_final_duel" and roles[p] == Role.RENEGADE}
    eliminated_by = _eliminators(roles, lives, final_duel, rng)
    # A Deputy among the last three when the Renegade won (rules.md §14): every other
    # game's, decided without drawing from ``rng`` so that earlier seeds replay as before.
    last_three = {
        p
        for p in positions
        if ending == "renegade" and roles[p] == Role.DEPUTY and (sum(lives.values()) + p) % 2
    }
    return [
        SeatReport(
            position=position,
            role=roles[position],
            character=characters[position],
            lives=lives[position],
            eliminated_by=eliminated_by.get(position),
            final_duel=position in final_duel,
            last_three=position in last_three,
        )
        for position in positions
    ]


def _eliminators(
    roles: dict[int, Role], lives: dict[int, int], final_duel: set[int], rng: random.Random
) -> dict[int, int]:
    """Who eliminated whom, for some of the players out: a story the game can tell.

    Drawn at random (a Deputy sometimes eliminates their own Sheriff) until the
    oracle ``scoring.endings.reachable`` accepts it; else nothing is recorded.
    """
    positions = list(roles)
    alive = {p: lives[p] > 0 for p in positions}
    for _attempt in range(20):
        eliminated_by: dict[int, int] = {}
        for position in positions:
            if lives[position] == 0 and rng.random() < 0.6:
                candidates = [p for p in positions if p != position]
                deputies = [p for p in candidates if roles[p] == Role.DEPUTY]
                if roles[position] == Role.SHERIFF and deputies and rng.random() < 0.3:
                    candidates = deputies  # a Deputy who eliminated their own Sheriff
                eliminated_by[position] = rng.choice(candidates)
        end = EndReport(
            roles=roles,
            alive=alive,
            eliminated_by=eliminated_by,
            final_duel=frozenset(final_duel),
        )
        if reachable(end):
            return eliminated_by
    return {}


def _three_player_game(
    spec: GameSpec, rng: random.Random, characters: dict[int, str | None]
) -> tuple[list[SeatReport], str | int | None]:
    positions = list(spec.positions)
    dealt = list(THREE_PLAYER_ROLES)
    rng.shuffle(dealt)
    roles = dict(zip(positions, dealt, strict=True))
    position_of = {role: position for position, role in roles.items()}
    winner = rng.choice(positions)
    target = position_of[THREE_PLAYER_TARGET[roles[winner]]]
    third = next(p for p in positions if p not in (winner, target))
    lives = {p: _lives(spec, rng, role=roles[p], character=characters[p]) for p in positions}
    eliminated_by: dict[int, int | None] = dict.fromkeys(positions)
    if rng.random() < 0.5:
        # The winner eliminates their own target and wins at once.
        lives[target] = 0
        eliminated_by[target] = winner
    else:
        # Only the winner is left, after one of the two possible orders.
        lives[target] = lives[third] = 0
        if rng.random() < 0.5:
            kills = {target: third, third: winner}
        else:
            kills = {third: winner, target: winner}
        for victim, killer in kills.items():
            if rng.random() < 0.7:
                eliminated_by[victim] = killer
    seats = [
        SeatReport(
            position=p,
            role=roles[p],
            character=characters[p],
            lives=lives[p],
            eliminated_by=eliminated_by[p],
        )
        for p in positions
    ]
    return seats, roles[winner].value


def _duel(
    spec: GameSpec, rng: random.Random, characters: dict[int, str | None]
) -> tuple[list[SeatReport], str | int | None]:
    winner, loser = rng.sample(list(spec.positions), 2)
    with_lives = rng.random() < 0.7
    lives: dict[int, int | None] = {
        winner: _lives(spec, rng, role=None, character=characters[winner]) if with_lives else None,
        loser: 0 if with_lives else None,
    }
    seats = [
        SeatReport(
            position=p,
            role=None,
            character=characters[p],
            lives=lives[p],
            eliminated_by=winner if p == loser and rng.random() < 0.5 else None,
        )
        for p in spec.positions
    ]
    return seats, winner
