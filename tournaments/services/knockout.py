"""The knockout: qualification, rounds of seeded tables, the champion (rules.md §8).

The **field** is the number of participants who qualify from the group stage
(each table's winner first, then the best of the rest; ties for the last
places are settled by a recorded **lot**). The **seeding** is their order:
it decides the seating of each **round** and the **pick order** in which the
players at a table choose their characters. A round is one game per table;
its winners go on (a Renegade who wins moves to the top of the seeding), and
the last one left is the **champion**.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from scoring import knockout as rules
from scoring import seating
from scoring.deal import DEAL_ALGORITHM
from scoring.lots import ALGORITHM, LEGACY_ALGORITHM
from scoring.rulesets import Role
from scoring.standings import RankedLine

from ..errors import Conflict, InvalidInput
from ..models import (
    Game,
    Knockout,
    Seat,
    Stage,
    Table,
    Tournament,
)
from ..selectors import (
    Phase,
    Standings,
    group_standings,
    knockout_round_advancers,
    knockout_round_winners,
    tournament_phase,
)
from .audit import audit_log
from .commitments import draw_seed
from .deal import knockout_reveal
from .final_table import final_table_start, require_qualifying_complete
from .knockout_common import ranked_lines, record_lots, require_complete


def knockout_start(
    *,
    tournament: Tournament,
    seed: str | None = None,
    commitment: str | None = None,
    field_size: int | None = None,
    actor: User | None = None,
) -> Knockout:
    """Qualify the knockout field, record any lots, and seat knockout round 1 (rules.md §8).

    The seed is ``seed`` or the secret of ``commitment`` (which it then reveals).
    A format whose final is a table starts that table instead (``final_table_start``).
    """
    if tournament.config.format.final.is_table:
        if field_size is not None:
            raise InvalidInput.single(
                "invalid_field_size",
                _("The final table's size is a setting of the format."),
                field="field_size",
            )
        return final_table_start(
            tournament=tournament, seed=seed, commitment=commitment, actor=actor
        )
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament_phase(tournament) in (Phase.KNOCKOUT, Phase.FINISHED):
            raise Conflict.single("knockout_started", _("The knockout has already started."))
        drawn_seed, _used = draw_seed(
            tournament=tournament, seed=seed, commitment=commitment, used_for="knockout-1"
        )
        assert drawn_seed is not None
        seed = drawn_seed
        require_qualifying_complete(tournament)
        require_complete(tournament, stage=Stage.GROUP)
        standings = group_standings(tournament)
        size = field_size or _default_field_size(tournament, standings)
        qualification = _qualify(ranked_lines(standings), field_size=size, seed=seed)
        knockout = Knockout.objects.create(
            tournament=tournament, field_size=size, seed=seed, seeding=qualification.seeding
        )
        record_lots(tournament, qualification.lots, seed=seed)
        layout = _seat_knockout_round(knockout, players=qualification.seeding, round=1)
        audit_log(
            tournament=tournament,
            actor=actor,
            action="knockout_started",
            obj=knockout,
            after={
                "seed": seed,
                "field_size": size,
                "seeding": qualification.seeding,
                "lots": [
                    {"purpose": lot.purpose, "candidates": lot.candidates, "order": lot.order}
                    for lot in qualification.lots
                ],
                "tables": layout,
            },
        )
    return knockout


def _default_field_size(tournament: Tournament, standings: Standings) -> int:
    """The tournament's setting, else the rules' default for the number of tables."""
    tables = len({row.table for row in standings.rows if row.table})
    return tournament.config.knockout_field_size or rules.default_field_size(tables)


def _qualify(ranked: list[RankedLine], *, field_size: int, seed: str) -> rules.Qualification:
    try:
        return rules.qualify(ranked, field_size=field_size, seed=seed, algorithm=ALGORITHM)
    except rules.QualificationError as error:
        raise InvalidInput.single("invalid_field_size", error.message, field="field_size") from None


def _seat_knockout_round(
    knockout: Knockout, *, players: Sequence[int], round: int
) -> list[list[int]]:
    """Seat one knockout round by a seeded draw; one game per table, roles random."""
    if knockout.algorithm == LEGACY_ALGORITHM:  # a knockout begun before version 1
        seed = f"{knockout.seed}:round-{round}"
    else:
        seed = knockout.seed
    layout = seating.draw_knockout_tables(
        list(players), seed=seed, round=round, algorithm=knockout.algorithm
    )
    reveals = knockout_reveal(knockout.tournament, layout=layout, seed=seed, round=round)
    for number, members in enumerate(layout, start=1):
        table = Table.objects.create(
            tournament=knockout.tournament,
            stage=Stage.KNOCKOUT,
            round=round,
            number=number,
            size=len(members),
            pick_order=knockout_pick_order(knockout.seeding, members),
            seed=seed,
            algorithm=knockout.algorithm,
        )
        Seat.objects.bulk_create(
            Seat(table=table, position=position, participant_id=pid)
            for position, pid in enumerate(members, start=1)
        )
        Game.objects.create(
            tournament=knockout.tournament,
            table=table,
            stage=Stage.KNOCKOUT,
            round=round,
            revealed=reveals.get(number, []),
            deal_algorithm=dict(DEAL_ALGORITHM),
        )
    knockout.current_round = round
    knockout.save(update_fields=["current_round"])
    return layout


def knockout_pick_order(seeding: Sequence[int], players: Sequence[int]) -> list[int]:
    """The order in which ``players`` at one table pick their characters (by seeding)."""
    return rules.pick_order(seeding, players=players)


def knockout_next_round(
    *,
    tournament: Tournament,
    seed: str | None = None,
    commitment: str | None = None,
    actor: User | None = None,
) -> Knockout:
    """Close the current knockout round: winners go on, Renegade winners move to the
    top of the seeding list; seat the next round, or name the champion.

    A new ``seed`` or ``commitment`` (whose secret it reveals) seeds the next round;
    without either the knockout's seed goes on.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        knockout = _open_knockout(tournament)
        if tournament.config.format.final.is_table:
            raise Conflict.single(
                "round_incomplete",
                _("The final table ends when every one of its games is recorded."),
            )
        new_seed, _used = draw_seed(
            tournament=tournament,
            seed=seed,
            commitment=commitment,
            used_for=f"knockout-{knockout.current_round + 1}",
            required=False,
        )
        if new_seed:
            knockout.seed = new_seed
        current = knockout.current_round
        require_complete(tournament, stage=Stage.KNOCKOUT, round=current)
        winners = knockout_round_winners(tournament, round=current)
        before = list(knockout.seeding)
        renegades = {pid for pid, role in winners if role == Role.RENEGADE.value}
        knockout.seeding = rules.advance_seeding(
            knockout.seeding, renegade_winners=[p for p in before if p in renegades]
        )
        going_on = _going_on(
            knockout.seeding, advancing=knockout_round_advancers(tournament, round=current)
        )
        if len(going_on) == 1:
            knockout.champion_id = going_on[0]
            knockout.save(update_fields=["seeding", "champion", "seed"])
            layout: list[list[int]] = []
        else:
            knockout.save(update_fields=["seeding", "seed"])
            layout = _seat_knockout_round(knockout, players=going_on, round=current + 1)
        audit_log(
            tournament=tournament,
            actor=actor,
            action="knockout_champion" if knockout.champion_id else "knockout_round_seated",
            obj=knockout,
            before={"round": current, "seeding": before},
            after={
                "round": knockout.current_round,
                "seed": knockout.seed,
                "seeding": knockout.seeding,
                "tables": layout,
                "champion": knockout.champion_id,
            },
        )
    return knockout


def _open_knockout(tournament: Tournament) -> Knockout:
    """The tournament's knockout, refusing if it has not started or is over (its phase)."""
    phase = tournament_phase(tournament)
    if phase is Phase.FINISHED:
        raise Conflict.single(
            "knockout_finished", _("The knockout is over: the champion is known.")
        )
    if phase is not Phase.KNOCKOUT:
        raise Conflict.single("knockout_not_started", _("The knockout has not started yet."))
    return Knockout.objects.get(tournament=tournament)


def _going_on(seeding: Sequence[int], *, advancing: set[int]) -> list[int]:
    """The advancing players (still in the tournament), in seeding order."""
    going_on = [p for p in seeding if p in advancing]
    if not going_on:
        raise Conflict.single(
            "nobody_left", _("Nobody who is still in the tournament won this round.")
        )
    return going_on
