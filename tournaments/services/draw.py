"""The group-stage draw: tables of 5 and 6, seated by lot (rules.md §4).

The **draw** splits the active participants into **tables** of 5 and 6 (the
organiser may fix how many 5-tables) and seats them by a seeded lot: the same
participants in registration order and the same **seed** give the same
seating. Each table plays one **game** per seat, the **round**; in round *n*
the player at position *n* is the Sheriff. A draw may be redone until the
first group-stage result is recorded. With ``deal_characters`` the draw also
deals every group game's characters (``services.deal``), or refuses with
``too_few_characters`` before anything is stored.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from scoring import seating
from scoring.deal import DEAL_ALGORITHM
from scoring.lots import ALGORITHM

from ..errors import Conflict, InvalidInput
from ..models import (
    Game,
    GroupDraw,
    Participant,
    Seat,
    SeatSwap,
    Stage,
    Table,
    Tournament,
)
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
    actor: User | None = None,
) -> list[Table]:
    """Split the active participants into tables of 5 and 6 and seat them by lot.

    Same participants (registration order) + same seed => same seating. The seed
    is ``seed`` or the secret of ``commitment`` (the draw then reveals it). A draw
    may be redone until the first group result is recorded.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        _guard_redraw(tournament)
        drawn_seed, used = draw_seed(
            tournament=tournament, seed=seed, commitment=commitment, used_for="group"
        )
        assert drawn_seed is not None
        seed = drawn_seed
        participant_ids = list(
            tournament.participants.filter(status=Participant.Status.ACTIVE)
            .order_by("id")
            .values_list("id", flat=True)
        )
        sizes = _table_sizes(len(participant_ids), five_tables=five_tables)
        layout = seating.draw_seating(participant_ids, sizes=sizes, seed=seed, algorithm=ALGORITHM)
        deals = group_deal(tournament, layout=layout, seed=seed)  # refuses before storing
        previous = _draw_snapshot(tournament)
        tables = _seat_group_stage(tournament, layout=layout, seed=seed, deals=deals)
        # A new draw starts with no corrections (rules.md §12, api.md).
        SeatSwap.objects.filter(tournament=tournament, stage="group").delete()
        GroupDraw.objects.update_or_create(
            tournament=tournament,
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
            after={"seed": seed, "five_tables": five_tables, "tables": layout},
        )
    return tables


def _guard_redraw(tournament: Tournament) -> None:
    """A draw is final once a group result is recorded or the knockout has started
    (the tournament's phase: ``Phase.played``)."""
    phase = tournament_phase(tournament)
    if phase is Phase.GROUP:
        raise Conflict.single(
            "draw_locked",
            _("The draw is locked: the first group-stage result has been recorded."),
        )
    if phase.played:
        raise Conflict.single("draw_locked", _("The knockout has started."))


def _table_sizes(players: int, *, five_tables: int | None) -> list[int]:
    try:
        return seating.split_tables(players, five_tables=five_tables)
    except seating.NotSplittable as error:
        raise InvalidInput.single("not_splittable", error.message) from None
    except seating.InvalidFiveTables as error:
        raise InvalidInput.single(
            "invalid_five_tables", error.message, field="five_tables"
        ) from None


def _seat_group_stage(
    tournament: Tournament,
    *,
    layout: list[list[int]],
    seed: str,
    deals: dict[tuple[int, int], dict[str, list[str]]],
) -> list[Table]:
    """Replace the group stage's tables by ``layout``, with one game per round
    (and its character deal, if any)."""
    Table.objects.filter(tournament=tournament, stage=Stage.GROUP).delete()
    tables = Table.objects.bulk_create(
        Table(
            tournament=tournament,
            stage=Stage.GROUP,
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
            round=r,
            sheriff_position=r,
            dealt=deals.get((table.number, r), {}),
            deal_algorithm=dict(DEAL_ALGORITHM),
        )
        for table in tables
        for r in range(1, table.size + 1)
    )
    return tables


def _draw_snapshot(tournament: Tournament) -> dict[str, Any] | None:
    draw = GroupDraw.objects.filter(tournament=tournament).first()
    if draw is None:
        return None
    tables: dict[int, list[int]] = {}
    for number, pid in (
        Seat.objects.filter(table__tournament=tournament, table__stage=Stage.GROUP)
        .order_by("table__number", "position")
        .values_list("table__number", "participant_id")
    ):
        tables.setdefault(number, []).append(pid)
    return {"seed": draw.seed, "five_tables": draw.five_tables, "tables": list(tables.values())}
