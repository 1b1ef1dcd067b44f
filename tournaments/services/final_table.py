"""The final table of a format (rules.md §14): start it, and name the champion.

A format whose ``final`` is a table (the Czech club format: the 5 best, 5
games) ends with one table instead of the knockout of §8. It uses the
knockout's endpoint and model, so that the tournament's phase, the pages and
the ranking need no second path:

- ``POST …/knockout/start/`` (``knockout_start``) starts it once the
  qualifying stage is complete (every part drawn, every game recorded or
  void; else ``409 round_incomplete``). The ``Knockout`` row then marks the
  stage as started: its ``seeding`` holds the finalists in standings order
  (shared ranks put in order by a recorded lot, a shared rank at the cut
  settled by one), ``field_size`` their number, ``seed`` the seed, and
  ``current_round`` stays 1. One ``Table`` of stage ``final`` (round 0, like a
  group table) seats them in positions drawn by lot from the seed; it has one
  game per round 1..``final.games``, the player at position r Sheriff in game
  r. The games are priced by the format's points table like every
  non-knockout game (``services.results``).
- **The champion** is place 1 of the final placement as soon as every final
  game counts a result or is void (``final_table_settle``, called wherever a
  final game's result comes to count or a final game becomes void):
  ``Knockout.champion`` is then set, and the tournament is finished. A final
  game's result can still be corrected afterwards (unlike the knockout's last
  game, §8: no organiser step closes the final table); the champion follows
  the correction, and while a correction waits for its confirmation
  (``double_check``) there is no champion.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from scoring import final_table as rules
from scoring.lots import ALGORITHM

from ..errors import Conflict
from ..models import Game, GroupDraw, Knockout, Seat, Stage, Table, Tournament
from ..selectors import Phase, group_standings, tournament_phase
from ..selectors.final_table import final_table_champion
from .audit import audit_log
from .commitments import draw_seed
from .knockout_common import ranked_lines, record_lots, require_complete

__all__ = ["final_table_settle", "final_table_start", "require_qualifying_complete"]


def require_qualifying_complete(tournament: Tournament) -> None:
    """Refuse with ``round_incomplete`` while a part of the qualifying stage is not drawn."""
    parts = len(tournament.config.format.parts)
    drawn = GroupDraw.objects.filter(tournament=tournament).count()
    if drawn < parts:
        raise Conflict.single(
            "round_incomplete",
            _("Part %(part)s of the qualifying stage has not been drawn yet.")
            % {"part": drawn + 1},
        )


def final_table_start(
    *,
    tournament: Tournament,
    seed: str | None = None,
    commitment: str | None = None,
    actor: User | None = None,
) -> Knockout:
    """Seat the K best of the standings at the final table (rules.md §14)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament_phase(tournament) in (Phase.KNOCKOUT, Phase.FINISHED):
            raise Conflict.single("knockout_started", _("The final table has already started."))
        drawn_seed, _used = draw_seed(
            tournament=tournament, seed=seed, commitment=commitment, used_for="final"
        )
        assert drawn_seed is not None
        require_qualifying_complete(tournament)
        require_complete(tournament, stage=Stage.GROUP)
        final = tournament.config.format.final
        assert final.size is not None and final.games is not None
        qualification = rules.qualify_best(
            ranked_lines(group_standings(tournament)), size=final.size, seed=drawn_seed
        )
        if len(qualification.seeding) < 2:
            raise Conflict.single(
                "round_incomplete", _("Too few players can sit at the final table.")
            )
        knockout = Knockout.objects.create(
            tournament=tournament,
            field_size=len(qualification.seeding),
            seed=drawn_seed,
            seeding=qualification.seeding,
        )
        record_lots(tournament, qualification.lots, seed=drawn_seed)
        positions = rules.seat_positions(qualification.seeding, seed=drawn_seed)
        sheriffs = rules.sheriff_positions(size=len(positions), games=final.games)
        table = Table.objects.create(
            tournament=tournament,
            stage=Stage.FINAL,
            round=0,
            number=1,
            size=len(positions),
            pick_order=qualification.seeding,
            seed=drawn_seed,
            algorithm=dict(ALGORITHM),
        )
        Seat.objects.bulk_create(
            Seat(table=table, position=position, participant_id=pid)
            for position, pid in enumerate(positions, start=1)
        )
        Game.objects.bulk_create(
            Game(
                tournament=tournament,
                table=table,
                stage=Stage.FINAL,
                round=round,
                sheriff_position=sheriff,
            )
            for round, sheriff in enumerate(sheriffs, start=1)
        )
        audit_log(
            tournament=tournament,
            actor=actor,
            action="knockout_started",
            obj=knockout,
            after={
                "stage": Stage.FINAL,
                "seed": drawn_seed,
                "seeding": qualification.seeding,
                "lots": [
                    {"purpose": lot.purpose, "candidates": lot.candidates, "order": lot.order}
                    for lot in qualification.lots
                ],
                "positions": positions,
                "sheriff_positions": sheriffs,
            },
        )
    return knockout


def final_table_settle(tournament: Tournament) -> None:
    """Name the champion once every final game counts or is void; take it back otherwise.

    Call inside the transaction that changed a final game.
    """
    knockout = Knockout.objects.select_for_update().filter(tournament=tournament).first()
    if knockout is None:
        return
    champion = final_table_champion(tournament)
    if knockout.champion_id == champion:
        return
    before = knockout.champion_id
    knockout.champion_id = champion
    knockout.save(update_fields=["champion"])
    audit_log(
        tournament=tournament,
        actor=None,
        action="knockout_champion",
        obj=knockout,
        before={"champion": before},
        after={"champion": champion},
    )
