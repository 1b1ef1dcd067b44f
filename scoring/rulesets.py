"""BANG! and Showdown: roles per player count, sides, characters and lives.

Words used throughout ``scoring``:

- A **game** is one play of BANG! (or Showdown) at one table; in the group stage
  a table plays one game per **round**, in the knockout one game per knockout round.
- A **seat** is one player's place at a game's table; it is named by its
  **position** (1 to the table size), which a player keeps for the whole group stage.
- A **role** is the secret card a player is dealt for one game: Sheriff, Deputy,
  Outlaw or Renegade. The roles dealt depend on the number of players.
- A **side** is who wins together: the Law (the Sheriff and the Deputies), the
  Outlaws, or the Renegade alone.
- A **character** (BANG! only) is the card that gives a player life points.
- **Lives** are a player's life points left; 0 means the player is out.
- The **ruleset** is BANG! or Showdown (a standard deck; no characters).

Two knockout games have no Sheriff: the **three-player game** (Deputy, Outlaw
and Renegade hunt each other in a circle, see ``THREE_PLAYER_TARGET``) and the
**duel** of two players without roles.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, cast

from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from scoring.text import StrPromise


def _label(text: StrPromise) -> str:
    """A lazily translated label, typed ``str`` as Django types ``Choices.label``."""
    return cast(str, text)


class Role(StrEnum):
    """A role card; ``label`` is the translated name."""

    SHERIFF = "sheriff"
    DEPUTY = "deputy"
    OUTLAW = "outlaw"
    RENEGADE = "renegade"

    @property
    def label(self) -> str:
        return _label(_ROLE_LABELS[self])

    @classmethod
    def choices(cls) -> list[tuple[str, str]]:
        """(value, label) pairs, e.g. for a Django field's ``choices``."""
        return [(member.value, member.label) for member in cls]


class Side(StrEnum):
    """Who wins a game of 4 to 7 players together; ``label`` is translated."""

    LAW = "law"
    OUTLAWS = "outlaws"
    RENEGADE = "renegade"

    @property
    def label(self) -> str:
        return _label(_SIDE_LABELS[self])

    @classmethod
    def choices(cls) -> list[tuple[str, str]]:
        """(value, label) pairs, e.g. for a Django field's ``choices``."""
        return [(member.value, member.label) for member in cls]


class Ruleset(StrEnum):
    """The rules a tournament is played with; ``label`` is translated."""

    BANG = "bang"
    SHOWDOWN = "showdown"

    @property
    def label(self) -> str:
        return _label(_RULESET_LABELS[self])

    @classmethod
    def choices(cls) -> list[tuple[str, str]]:
        """(value, label) pairs, e.g. for a Django field's ``choices``."""
        return [(member.value, member.label) for member in cls]


_ROLE_LABELS = {
    Role.SHERIFF: _("Sheriff"),
    Role.DEPUTY: _("Deputy"),
    Role.OUTLAW: _("Outlaw"),
    Role.RENEGADE: _("Renegade"),
}

_SIDE_LABELS = {
    Side.LAW: _("Sheriff and Deputies"),
    Side.OUTLAWS: _("Outlaws"),
    Side.RENEGADE: _("Renegade"),
}

_RULESET_LABELS = {
    Ruleset.BANG: _("BANG!"),
    Ruleset.SHOWDOWN: _("Showdown"),
}

#: The roles dealt at a table of 4 to 7 players (rules.md §5.2); order is irrelevant.
ROLES_BY_PLAYER_COUNT: dict[int, tuple[Role, ...]] = {
    4: (Role.SHERIFF, Role.RENEGADE, Role.OUTLAW, Role.OUTLAW),
    5: (Role.SHERIFF, Role.RENEGADE, Role.OUTLAW, Role.OUTLAW, Role.DEPUTY),
    6: (Role.SHERIFF, Role.RENEGADE, Role.OUTLAW, Role.OUTLAW, Role.OUTLAW, Role.DEPUTY),
    7: (
        Role.SHERIFF,
        Role.RENEGADE,
        Role.OUTLAW,
        Role.OUTLAW,
        Role.OUTLAW,
        Role.DEPUTY,
        Role.DEPUTY,
    ),
}


def side_label(side: Side, player_count: int) -> str:
    """The side as a referee reads it at this table: "Sheriff" alone where no Deputy plays."""
    if side == Side.LAW and Role.DEPUTY not in ROLES_BY_PLAYER_COUNT.get(player_count, ()):
        return Role.SHERIFF.label
    return side.label


#: The roles of the three-player knockout game (rules.md §8), all face up.
THREE_PLAYER_ROLES: tuple[Role, ...] = (Role.DEPUTY, Role.OUTLAW, Role.RENEGADE)

#: In the three-player game, each role must eliminate its target to win at once.
THREE_PLAYER_TARGET: dict[Role, Role] = {
    Role.DEPUTY: Role.RENEGADE,
    Role.RENEGADE: Role.OUTLAW,
    Role.OUTLAW: Role.DEPUTY,
}

# Showdown is played with a standard deck: these cards deal the roles (rules.md §9).
SHOWDOWN_ROLE_CARDS: dict[Role, str] = {
    Role.SHERIFF: "K♥",
    Role.DEPUTY: "Q♥ Q♦",
    Role.OUTLAW: "J♥ J♦ J♠",
    Role.RENEGADE: "Joker",
}


@dataclass(frozen=True)
class Character:
    """A BANG! character card: its (untranslated) name and its life points."""

    name: str
    life_points: int


#: The 16 characters of the BANG! base game (rules.md §5); organisers may add more.
BASE_CHARACTERS: tuple[Character, ...] = (
    Character("Bart Cassidy", 4),
    Character("Black Jack", 4),
    Character("Calamity Janet", 4),
    Character("El Gringo", 3),
    Character("Jesse Jones", 4),
    Character("Jourdonnais", 4),
    Character("Kit Carlson", 4),
    Character("Lucky Duke", 4),
    Character("Paul Regret", 3),
    Character("Pedro Ramirez", 4),
    Character("Rose Doolan", 4),
    Character("Sid Ketchum", 4),
    Character("Slab the Killer", 4),
    Character("Suzy Lafayette", 4),
    Character("Vulture Sam", 4),
    Character("Willy the Kid", 4),
)

SHOWDOWN_LIVES = 3
SHOWDOWN_SHERIFF_LIVES = 4
SHOWDOWN_TOUGHER_SHERIFF_LIVES = 5


def max_lives(
    *,
    ruleset: Ruleset,
    role: Role | None,
    life_points: int | None,
    player_count: int,
    tougher_sheriff: bool = False,
) -> int:
    """The most lives a player can have in a game (rules.md §5.3 and §9).

    BANG!: the character's ``life_points``, one more for the Sheriff (``life_points``
    is required). Showdown: 3, the Sheriff 4; with ``tougher_sheriff`` the Sheriff
    has 5 at 4, 6 and 7 players (still 4 at 5 players). The three-player game and
    the duel have no Sheriff, so nobody gets the extra life there.
    """
    has_sheriff = player_count >= 4 and role == Role.SHERIFF
    if ruleset == Ruleset.BANG:
        if life_points is None:
            raise ValueError("BANG! needs the character's life points.")
        return life_points + 1 if has_sheriff else life_points
    if not has_sheriff:
        return SHOWDOWN_LIVES
    if tougher_sheriff and player_count != 5:
        return SHOWDOWN_TOUGHER_SHERIFF_LIVES
    return SHOWDOWN_SHERIFF_LIVES
