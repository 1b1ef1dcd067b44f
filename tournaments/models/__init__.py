"""The tournament's data, one module per part of the day.

Words used here (see ``rules.md``):

- **tournament**: one championship day, run with one ruleset (BANG! or Showdown).
- **settings** (``Tournament.settings``): the per-tournament overrides an
  organiser stored; ``Tournament.config`` is the effective, typed values
  (see ``tournaments.preferences``). Django's own settings are imported as
  ``django_settings`` in this package so the two never shadow each other.
- **participant**: a person entered in a tournament.
- **table**: a group of players seated together. A *group table* keeps its
  players for the whole group stage; a *knockout table* exists for one
  knockout round.
- **seat** / **position**: a participant's place at a table, numbered from 1.
- **round**: in the group stage, the n-th game of a table (the player at
  position n is the Sheriff); in the knockout, the n-th knockout round.
- **game**: one game of BANG!/Showdown at one table in one round.
- **result**: what the scoresheet says about a game. Results are versioned:
  a correction adds a version, it never overwrites; exactly one version per
  game is current (enforced by a conditional unique constraint).
- **penalty**: a referee's warning, bounty deduction or exclusion.
- **audit entry**: who changed what, when, with the state before and after.

Modules: ``tournament`` (Stage, Tournament, Character), ``people``
(Participant, Penalty), ``play`` (GroupDraw, Table, EarlierSeating, Seat, Game), ``results``
(Result, ResultSeat and which version counts), ``knockout`` (Knockout,
LotDraw), ``staff`` (TournamentStaff), ``commitments`` (DrawCommitment, the draw
algorithm), ``hall`` (RoundClock, RefereeCall, SeatSwap), ``seasons`` (Player, Season,
SeasonTournament, SeasonStaff, TournamentArchive), ``audit`` (AuditEntry), ``security``
(PinMistake, LoginDevice: throttles every process shares), ``idempotency``
(IdempotencyKey, OutboxReport), ``keys`` (InstallationKey, SeasonKey,
ArchiveImport: rules.md §16), ``packages`` (EventPackage, PackagePlayer: rules.md §16).
Import from ``tournaments.models``.
"""

from .audit import AuditEntry
from .commitments import DrawCommitment
from .hall import CALL_NOTE_LENGTH, RefereeCall, RoundClock, SeatSwap
from .idempotency import IdempotencyKey, OutboxReport
from .keys import ArchiveImport, InstallationKey, SeasonKey
from .knockout import Knockout, LotDraw
from .packages import EventPackage, PackagePlayer
from .people import MINIMUM_AGE, Participant, Penalty
from .play import EarlierSeating, Game, GroupDraw, Seat, Table
from .ratelimit import RateCount
from .results import Result, ResultQuerySet, ResultSeat, ResultSeatQuerySet, RoleChoice
from .seasons import Player, Season, SeasonStaff, SeasonTournament, TournamentArchive
from .security import LoginDevice, PinMistake
from .staff import TournamentStaff
from .tournament import Character, LiveWhat, RulesetChoice, Stage, Tournament

__all__ = [
    "CALL_NOTE_LENGTH",
    "MINIMUM_AGE",
    "ArchiveImport",
    "AuditEntry",
    "Character",
    "DrawCommitment",
    "EarlierSeating",
    "EventPackage",
    "Game",
    "GroupDraw",
    "IdempotencyKey",
    "InstallationKey",
    "Knockout",
    "LiveWhat",
    "LoginDevice",
    "LotDraw",
    "OutboxReport",
    "PackagePlayer",
    "Participant",
    "Penalty",
    "PinMistake",
    "Player",
    "RateCount",
    "RefereeCall",
    "Result",
    "ResultQuerySet",
    "ResultSeat",
    "ResultSeatQuerySet",
    "RoleChoice",
    "RoundClock",
    "RulesetChoice",
    "Season",
    "SeasonKey",
    "SeasonStaff",
    "SeasonTournament",
    "Seat",
    "SeatSwap",
    "Stage",
    "Table",
    "Tournament",
    "TournamentArchive",
    "TournamentStaff",
]
