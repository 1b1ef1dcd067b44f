"""The progress board: every table and round at a glance, for the organiser.

Words used here:

- A **cell** is one game (a table in a round); its **state** is *open*,
  *recorded*, *corrected* (version > 1), *awaiting* (its current version waits
  for a confirmation: ``Result.objects.awaiting_confirmation``, setting
  ``double_check``) or *void* (not played); *none* where a table has no such
  round.
- **unsigned**: the current version's sheet is not marked as signed;
  **signatures**: how many players confirmed it with their PIN.

``progress_board`` answers with frozen dataclasses in two queries, however
many games: the games with their tables, and per game its flags (unsigned,
signatures, awaiting confirmation).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import BooleanField, Count, Exists, OuterRef, Subquery, Value
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models import Game, OutboxReport, Result, ResultSeat, Stage, Table, Tournament

__all__ = [
    "STATE_LABELS",
    "Cell",
    "ProgressBoard",
    "ProgressRow",
    "awaiting_games",
    "game_state",
    "progress_board",
]

STATES = ("open", "recorded", "corrected", "awaiting", "void")

STATE_LABELS: dict[str, Promise | str] = {
    "open": _("open"),
    "recorded": _("recorded"),
    "corrected": _("corrected"),
    "awaiting": _("awaiting confirmation"),
    "void": _("not played"),
    "none": "",
}


def game_state(game: Game, *, awaiting: bool = False) -> str:
    """A game's state on the staff pages; ``awaiting``: its result waits for confirmation."""
    if game.status == Game.Status.VOID:
        return "void"
    if game.status == Game.Status.OPEN:
        return "open"
    if awaiting:
        return "awaiting"
    return "corrected" if game.version > 1 else "recorded"


def awaiting_games(tournament: Tournament) -> set[int]:
    """Ids of the games whose current result waits for a confirmation (one query; none
    where the tournament does not double-check)."""
    if not tournament.config.double_check:
        return set()
    return set(
        Result.objects.awaiting_confirmation()
        .filter(game__tournament=tournament)
        .values_list("game_id", flat=True)
    )


@dataclass(frozen=True)
class Cell:
    game: Game | None
    state: str
    unsigned: bool = False
    signatures: int = 0
    #: A referee's phone reported a submission for it that it could not send yet.
    pending_on_phone: bool = False

    @property
    def label(self) -> str:
        return str(STATE_LABELS[self.state])


@dataclass(frozen=True)
class ProgressRow:
    table: Table
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class PartGrid:
    """One part of the group stage (rules.md §14): its rounds, its tables by number."""

    part: int
    rounds: tuple[int, ...]
    grid: tuple[ProgressRow, ...]


@dataclass(frozen=True)
class ProgressBoard:
    rounds: tuple[int, ...]  # the latest part's
    grid: tuple[ProgressRow, ...]  # the latest part's tables by number, one cell per round
    knockout: tuple[tuple[int, tuple[Cell, ...]], ...]  # (round, its games by table)
    summary: dict[str, int]  # group games per state
    double_check: bool
    unsigned: int  # games (any stage) whose current sheet is not signed
    pending_on_phone: int = 0  # games a phone holds an unsent result for (rules.md §12)
    parts: tuple[PartGrid, ...] = ()  # every part's grid, the first first


def _flags(tournament: Tournament) -> list[tuple[int, bool, int | None, bool, bool]]:
    """Per game: (id, its current sheet is unsigned, PIN signatures, it awaits a
    confirmation, a phone holds an unsent result for it), in one query of subqueries."""
    current = Result.objects.current().filter(game=OuterRef("pk"))
    signed = (
        ResultSeat.objects.current()
        .filter(result__game=OuterRef("pk"), player_confirmed_at__isnull=False)
        .values("result")
        .annotate(n=Count("pk"))
        .values("n")
    )
    waits: Exists | Value = Value(False, output_field=BooleanField())
    if tournament.config.double_check:
        waits = Exists(Result.objects.awaiting_confirmation().filter(game=OuterRef("pk")))
    return list(
        Game.objects.filter(tournament=tournament)
        .annotate(
            unsigned=Exists(current.filter(signed=False)),
            signatures=Subquery(signed),
            waits=waits,
            pending=Exists(OutboxReport.objects.filter(game=OuterRef("pk"))),
        )
        .values_list("pk", "unsigned", "signatures", "waits", "pending")
    )


def progress_board(tournament: Tournament) -> ProgressBoard:
    """The grid tables x rounds of every stage (two queries)."""
    games = list(
        Game.objects.filter(tournament=tournament)
        .select_related("table")
        .order_by("stage", "part", "table__round", "table__number", "round")
    )
    unsigned: set[int] = set()
    signatures: dict[int, int] = {}
    awaiting: set[int] = set()
    pending: set[int] = set()
    for pk, not_signed, signed_by, waits, on_phone in _flags(tournament):
        if on_phone:
            pending.add(pk)
        if not_signed:
            unsigned.add(pk)
        if waits:
            awaiting.add(pk)
        signatures[pk] = signed_by or 0

    def cell(game: Game) -> Cell:
        return Cell(
            game=game,
            state=game_state(game, awaiting=game.pk in awaiting),
            unsigned=game.pk in unsigned,
            signatures=signatures.get(game.pk, 0),
            pending_on_phone=game.pk in pending,
        )

    group = [g for g in games if g.stage == Stage.GROUP]
    grids = []
    for part in sorted({g.part for g in group}):
        # Rounds restart in each part; a table plays as many as the part gives it.
        in_part = [g for g in group if g.part == part]
        rounds = tuple(range(1, max(g.round for g in in_part) + 1))
        rows: dict[int, tuple[Table, dict[int, Cell]]] = {}
        for game in in_part:
            _table, cells = rows.setdefault(
                game.table.number, (game.table, {r: Cell(None, "none") for r in rounds})
            )
            cells[game.round] = cell(game)
        grids.append(
            PartGrid(
                part=part,
                rounds=rounds,
                grid=tuple(ProgressRow(t, tuple(c.values())) for t, c in rows.values()),
            )
        )
    knockout: dict[int, list[Cell]] = {}
    for game in games:
        if game.stage == Stage.KNOCKOUT:
            knockout.setdefault(game.round, []).append(cell(game))
    states = Counter(game_state(g, awaiting=g.pk in awaiting) for g in group)
    return ProgressBoard(
        rounds=grids[-1].rounds if grids else (),
        grid=grids[-1].grid if grids else (),
        parts=tuple(grids),
        knockout=tuple((r, tuple(cells)) for r, cells in sorted(knockout.items())),
        summary={s: states[s] for s in STATES},
        double_check=tournament.config.double_check,
        unsigned=sum(1 for g in games if g.pk in unsigned),
        pending_on_phone=len(pending),
    )
