"""The draw of the qualifying stage, part by part (rules.md §2, §14).

The **draw** of a **part** splits the active participants into **tables** of
the format's sizes (the preferred size as often as possible; the organiser may
fix how many tables of the smallest size) and seats them by a seeded lot: the
same participants in registration order and the same **seed** give the same
seating. The first part is seated as rules.md §2 says; a later part **drawn
anew** has the fewest pairs who already shared a table (``scoring.redraw``),
and a later part that is not drawn anew keeps the tables of the part before.
Each table plays the part's **games** (one per seat in the German
championship), its **rounds** numbered from 1 in each part; the **Sheriff**
of each game is the player at position *r* (``rotation``) or drawn by lot
with the seating (``lot``). A part may be drawn again until its first result;
the next part once every game of the part before is recorded or void. With
``deal_characters`` the draw also deals every game's characters
(``services.deal``), or refuses with ``too_few_characters`` before anything
is stored.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from scoring import redraw, seating
from scoring.deal import DEAL_ALGORITHM
from scoring.formats import Format, SheriffRule
from scoring.lots import ALGORITHM

from ..errors import Conflict, InvalidInput
from ..models import (
    Game,
    GroupDraw,
    Participant,
    Result,
    Seat,
    SeatSwap,
    Stage,
    Table,
    Tournament,
)
from ..selectors.draws import earlier_parts
from ..selectors.tournament import Phase, tournament_phase
from .audit import audit_log
from .commitments import draw_seed
from .deal import group_deal


def group_stage_draw(
    *,
    tournament: Tournament,
    seed: str | None = None,
    commitment: str | None = None,
    five_tables: int | None = None,
    part: int | None = None,
    actor: User | None = None,
) -> list[Table]:
    """Draw ``part`` of the qualifying stage (by default: the latest part again
    while it has no result, else the next one) and seat it by lot.

    Same participants (registration order) + same seed => same seating. The seed
    is ``seed`` or the secret of ``commitment`` (the draw then reveals it).
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        fmt = tournament.config.format
        part = _part_to_draw(tournament, fmt, part)
        drawn_seed, used = draw_seed(
            tournament=tournament,
            seed=seed,
            commitment=commitment,
            used_for="group" if part == 1 else f"group-{part}",
        )
        assert drawn_seed is not None
        seed = drawn_seed
        participant_ids = list(
            tournament.participants.filter(status=Participant.Status.ACTIVE)
            .order_by("id")
            .values_list("id", flat=True)
        )
        sizes = _table_sizes(len(participant_ids), fmt=fmt, five_tables=five_tables)
        earlier = earlier_parts(tournament, part=part)
        if part == 1 or fmt.parts[part - 1].redraw:
            layout = redraw.draw_part(
                participant_ids, sizes=sizes, seed=seed, part=part, earlier=earlier
            )
        else:  # the tables of the part before, as played, with those still active
            active = set(participant_ids)
            layout = [[p for p in table if p in active] for table in earlier[-1]]
        sheriffs = _sheriffs(fmt, part=part, layout=layout, seed=seed)
        deals = group_deal(tournament, layout=layout, seed=seed)  # refuses before storing
        previous = _draw_snapshot(tournament, part)
        tables = _seat_part(
            tournament, part=part, layout=layout, seed=seed, deals=deals, sheriffs=sheriffs
        )
        # A new draw starts with no corrections (rules.md §12, api.md).
        if part == 1:
            SeatSwap.objects.filter(tournament=tournament, stage="group").delete()
        GroupDraw.objects.update_or_create(
            tournament=tournament,
            part=part,
            defaults={
                "seed": seed,
                "five_tables": five_tables,
                "algorithm": dict(ALGORITHM),
                "participants": participant_ids,
                "commitment": used,
                "drawn_by": actor if actor is not None and actor.is_authenticated else None,
            },
        )
        audit_log(
            tournament=tournament,
            actor=actor,
            action="group_stage_drawn",
            before=previous,
            after={
                **({"part": part} if part > 1 else {}),
                "seed": seed,
                "five_tables": five_tables,
                "tables": layout,
                **({"sheriff_positions": sheriffs} if fmt.sheriff == SheriffRule.LOT else {}),
            },
        )
    return tables


def _part_to_draw(tournament: Tournament, fmt: Format, part: int | None) -> int:
    """The part this draw seats, or why none can be (rules.md §14, api.md "Formats")."""
    phase = tournament_phase(tournament)
    if phase in (Phase.KNOCKOUT, Phase.FINISHED):
        raise Conflict.single("draw_locked", _("The knockout has started."))
    drawn: int | None = (
        GroupDraw.objects.filter(tournament=tournament)
        .order_by("-part")
        .values_list("part", flat=True)
    ).first()
    latest = drawn or 0  # 0: nothing drawn yet
    played = bool(latest) and _has_result(tournament, latest)
    if part is None:
        part = latest + 1 if played or not latest else latest
        if played and part > len(fmt.parts):
            part = latest  # nothing left to draw: refused below as the locked part
    if part < latest:
        raise Conflict.single(
            "draw_locked",
            _("Part %(part)s is locked: a later part has been drawn.") % {"part": part},
            field="part",
        )
    if part > len(fmt.parts) or part > latest + 1:
        raise Conflict.single(
            "draw_locked",
            _("This format has no part %(part)s to draw now.") % {"part": part},
            field="part",
        )
    if part == latest and played:
        if len(fmt.parts) == 1:
            raise Conflict.single(
                "draw_locked",
                _("The draw is locked: the first group-stage result has been recorded."),
            )
        raise Conflict.single(
            "draw_locked",
            _("The draw of part %(part)s is locked: its first result has been recorded.")
            % {"part": part},
        )
    if part > 1 and part != latest and _open_games(tournament, part - 1):
        raise Conflict.single(
            "part_open",
            _("Part %(part)s can be drawn once every game of part %(previous)s is recorded.")
            % {"part": part, "previous": part - 1},
        )
    return part


def _has_result(tournament: Tournament, part: int) -> bool:
    return Result.objects.filter(
        game__tournament=tournament, game__stage=Stage.GROUP, game__part=part
    ).exists()


def _open_games(tournament: Tournament, part: int) -> bool:
    return Game.objects.filter(
        tournament=tournament, stage=Stage.GROUP, part=part, status=Game.Status.OPEN
    ).exists()


def _sheriffs(fmt: Format, *, part: int, layout: list[list[int]], seed: str) -> list[list[int]]:
    """The Sheriff's position in each game of each table of the part."""
    games = fmt.parts[part - 1]
    if fmt.sheriff == SheriffRule.LOT:
        return redraw.draw_sheriffs(
            layout, games=max(games.games_at(len(t)) for t in layout), seed=seed, part=part
        )
    return [list(range(1, games.games_at(len(table)) + 1)) for table in layout]


def _table_sizes(players: int, *, fmt: Format, five_tables: int | None) -> list[int]:
    try:
        return seating.split_tables(
            players, five_tables=five_tables, sizes=fmt.table_sizes, min_tables=fmt.min_tables
        )
    except seating.NotSplittable as error:
        raise InvalidInput.single("not_splittable", error.message) from None
    except seating.InvalidFiveTables as error:
        raise InvalidInput.single(
            "invalid_five_tables", error.message, field="five_tables"
        ) from None


def _seat_part(
    tournament: Tournament,
    *,
    part: int,
    layout: list[list[int]],
    seed: str,
    deals: dict[tuple[int, int], dict[str, list[str]]],
    sheriffs: list[list[int]],
) -> list[Table]:
    """Replace the tables of ``part`` by ``layout``, with one game per round and
    Sheriff (and its character deal, if any)."""
    Table.objects.filter(tournament=tournament, stage=Stage.GROUP, part=part).delete()
    tables = Table.objects.bulk_create(
        Table(
            tournament=tournament,
            stage=Stage.GROUP,
            part=part,
            round=0,
            number=n,
            size=len(members),
            seed=seed,
            algorithm=dict(ALGORITHM),
        )
        for n, members in enumerate(layout, start=1)
    )
    Seat.objects.bulk_create(
        Seat(table=table, position=position, participant_id=pid)
        for table, members in zip(tables, layout, strict=True)
        for position, pid in enumerate(members, start=1)
    )
    Game.objects.bulk_create(
        Game(
            tournament=tournament,
            table=table,
            stage=Stage.GROUP,
            part=part,
            round=r,
            sheriff_position=sheriff,
            dealt=deals.get((table.number, r), {}),
            deal_algorithm=dict(DEAL_ALGORITHM),
        )
        for table, positions in zip(tables, sheriffs, strict=True)
        for r, sheriff in enumerate(positions, start=1)
    )
    return tables


def _draw_snapshot(tournament: Tournament, part: int) -> dict[str, Any] | None:
    draw = GroupDraw.objects.filter(tournament=tournament, part=part).first()
    if draw is None:
        return None
    tables: dict[int, list[int]] = {}
    for number, pid in (
        Seat.objects.filter(
            table__tournament=tournament, table__stage=Stage.GROUP, table__part=part
        )
        .order_by("table__number", "position")
        .values_list("table__number", "participant_id")
    ):
        tables.setdefault(number, []).append(pid)
    return {"seed": draw.seed, "five_tables": draw.five_tables, "tables": list(tables.values())}
