"""Commitments before draws, as the public pages show them (rules.md §11).

A ``CommitmentView`` is one published commitment: its hash and time, and once
a draw used it, the revealed ``seed`` and which draw (``used_for``).
A ``DrawOverview`` is what the organiser's draw page shows of the group draw.
``sheriff_positions`` and ``earlier_parts`` are what a part's draw record adds
(rules.md §14): each game's Sheriff, and the tables of the parts before.
A ``PartView`` is one part of the qualifying stage as the draw page lists it.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from scoring.formats import Format
from tournaments.models import (
    DrawCommitment,
    Game,
    GroupDraw,
    Participant,
    Seat,
    Stage,
    Tournament,
)
from tournaments.selectors.tournament import tournament_phase

__all__ = [
    "CommitmentView",
    "DrawOverview",
    "PartView",
    "draw_commitments",
    "draw_overview",
    "draw_parts",
    "earlier_parts",
    "sheriff_positions",
    "unused_commitments",
]


@dataclass(frozen=True)
class CommitmentView:
    commitment: str
    committed_at: datetime.datetime
    seed: str | None
    used_for: str | None

    @property
    def used_for_label(self) -> str:
        """The draw in words: "the group stage", "knockout round 2"."""
        if self.used_for == "group":
            return _("the group stage")
        if self.used_for and self.used_for.startswith("knockout-"):
            return _("knockout round %(round)s") % {
                "round": self.used_for.removeprefix("knockout-")
            }
        return self.used_for or ""


def draw_commitments(tournament: Tournament) -> list[CommitmentView]:
    """Every commitment of ``tournament``, oldest first (one query)."""
    return [
        CommitmentView(
            commitment=c.commitment,
            committed_at=c.committed_at,
            seed=c.revealed_seed,
            used_for=c.used_for or None,
        )
        for c in DrawCommitment.objects.filter(tournament=tournament).order_by("id")
    ]


def unused_commitments(tournament: Tournament) -> list[str]:
    """The published commitments no draw has used yet (hex), oldest first (one query)."""
    return list(
        DrawCommitment.objects.filter(tournament=tournament, used_for="")
        .order_by("id")
        .values_list("commitment", flat=True)
    )


@dataclass(frozen=True)
class DrawOverview:
    """The group draw as the organiser's draw page shows it."""

    #: The current group draw (its seed, commitment and who drew), or None.
    group_draw: GroupDraw | None
    #: A group-stage result exists: the draw can no longer be redone.
    locked: bool
    #: Per group table (its id), the rounds of its games that are played (not void).
    played: dict[int, list[int]]
    #: Active participants (those the next draw seats).
    active: int


def draw_overview(tournament: Tournament) -> DrawOverview:
    """The group draw of ``tournament`` for the draw page (four queries)."""
    group_draw = (
        GroupDraw.objects.filter(tournament=tournament)
        .select_related("drawn_by", "commitment")
        .first()
    )
    locked = tournament_phase(tournament).played
    played: dict[int, list[int]] = {}
    for table_id, round_ in (
        Game.objects.filter(tournament=tournament, stage=Stage.GROUP)
        .exclude(status=Game.Status.VOID)
        .order_by("round")
        .values_list("table_id", "round")
    ):
        played.setdefault(table_id, []).append(round_)
    active = tournament.participants.filter(status=Participant.Status.ACTIVE).count()
    return DrawOverview(group_draw=group_draw, locked=locked, played=played, active=active)


def sheriff_positions(tournament: Tournament, *, part: int) -> dict[int, list[int]]:
    """Table id -> the Sheriff's position in each group game of ``part``, game 1 first."""
    positions: dict[int, list[int]] = {}
    for table_id, position in (
        Game.objects.filter(
            tournament=tournament, stage=Stage.GROUP, part=part, sheriff_position__isnull=False
        )
        .order_by("table_id", "round")
        .values_list("table_id", "sheriff_position")
    ):
        if position is not None:  # filtered out above; the type cannot know
            positions.setdefault(table_id, []).append(position)
    return positions


def earlier_parts(tournament: Tournament, *, part: int) -> list[list[list[int]]]:
    """The tables of every part before ``part``, as played (participant ids by position)."""
    parts: dict[int, dict[int, list[int]]] = {}
    for table_part, number, pid in (
        Seat.objects.filter(
            table__tournament=tournament, table__stage=Stage.GROUP, table__part__lt=part
        )
        .order_by("table__part", "table__number", "position")
        .values_list("table__part", "table__number", "participant_id")
    ):
        parts.setdefault(table_part, {}).setdefault(number, []).append(pid)
    return [list(tables.values()) for _part, tables in sorted(parts.items())]


@dataclass(frozen=True)
class PartView:
    """One part of the qualifying stage (rules.md §14): its rules and its draw so far."""

    number: int
    #: Games per table (None: one per player) and whether it is drawn anew.
    games: int | None
    redraw: bool
    #: Its current draw, or None before it is drawn.
    draw: GroupDraw | None
    #: A result of the part exists: its draw is locked.
    has_result: bool
    #: Its games not yet recorded or void (the next part waits for them).
    open_games: int


def draw_parts(tournament: Tournament, fmt: Format) -> list[PartView]:
    """Every part of ``fmt`` with its draw and progress (three queries)."""
    draws = {
        draw.part: draw
        for draw in GroupDraw.objects.filter(tournament=tournament).select_related(
            "drawn_by", "commitment"
        )
    }
    open_games = dict(
        Game.objects.filter(tournament=tournament, stage=Stage.GROUP)
        .values("part")
        .annotate(open=Count("id", filter=Q(status=Game.Status.OPEN)))
        .values_list("part", "open")
    )
    with_results = set(
        Game.objects.filter(tournament=tournament, stage=Stage.GROUP, results__isnull=False)
        .values_list("part", flat=True)
        .distinct()
    )
    return [
        PartView(
            number=number,
            games=part.games,
            redraw=part.redraw,
            draw=draws.get(number),
            has_result=number in with_results,
            open_games=open_games.get(number, 0),
        )
        for number, part in enumerate(fmt.parts, start=1)
    ]
