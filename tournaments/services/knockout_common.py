"""What the knockout and the final table share: the qualifying stage complete, the
standings as ``scoring`` qualifies from them, the recorded lots (rules.md §§6, 8, 14)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from scoring import knockout as rules
from scoring.lots import ALGORITHM
from scoring.standings import PlayerLine, RankedLine

from ..errors import Conflict
from ..models import Game, LotDraw, Result, Tournament
from ..selectors import Standings

__all__ = ["ranked_lines", "record_lots", "require_complete"]


def require_complete(tournament: Tournament, *, stage: str, round: int | None = None) -> None:
    """Refuse with ``round_incomplete`` while games of the stage (round) count no result."""
    scheduled = Game.objects.filter(tournament=tournament, stage=stage)
    if round is not None:
        scheduled = scheduled.filter(round=round)
    games = scheduled.exclude(status=Game.Status.VOID)  # void games are not played
    total = games.count()
    counted = Result.objects.counting(tournament).filter(game__in=games).count()
    if not scheduled.exists() or counted < total:
        raise Conflict.single(
            "round_incomplete",
            _("%(missing)s of %(total)s games have no (confirmed) result yet.")
            % {"missing": total - counted, "total": total},
        )


def ranked_lines(standings: Standings) -> list[RankedLine]:
    """The group standings as ``scoring.knockout`` qualifies from them.

    Only seated players count: who left before the draw was never seated and
    counts neither for the tables nor for the knockout field (rules.md §7).
    """
    return [
        RankedLine(
            line=PlayerLine(
                participant=row.participant.pk,
                table=row.table or 0,
                position=row.position or 0,
                bounty=row.bounty,
                wins=row.wins,
                lives=row.lives,
                games_played=row.games_played,
                # Withdrawn players have left: they cannot qualify either.
                excluded=row.excluded or row.withdrawn,
            ),
            rank=row.rank,
            table_rank=row.table_rank or 0,
        )
        for row in standings.rows
        if row.table is not None
    ]


def record_lots(tournament: Tournament, lots: Sequence[rules.Lot], *, seed: str) -> None:
    LotDraw.objects.bulk_create(
        LotDraw(
            tournament=tournament,
            purpose=lot.purpose,
            seed=seed,
            algorithm=dict(ALGORITHM),
            candidates=list(lot.candidates),
            order=list(lot.order),
            places=lot.places,
        )
        for lot in lots
    )
