"""What the public pages share: the tournament from the URL and the phase it is in.

Words used here:

- The **stage** a page's frame shows is the tournament's phase
  (``selectors.tournament_phase``: registration, drawn, group stage, knockout,
  finished), read from the same query that loads the tournament.
- An **outcome** (``won``, ``lost``, ``open``, ``void``) is how a game went
  for one player; ``OUTCOME_LABELS`` are its translated words.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models import Knockout, Stage, Tournament
from tournaments.selectors import Phase, tournament_phase, with_phase

#: Seconds between two polls of a live page's fragment.
POLL_SECONDS = 3


STAGE_SHORT: dict[str, Promise] = {
    Stage.GROUP: _("Group"),
    Stage.KNOCKOUT: _("K.O."),
    # Translators: short for the final table of a format (rules.md §14), in a table column.
    Stage.FINAL: _("Final"),
}

OUTCOME_LABELS: dict[str, Promise] = {
    "won": _("won"),
    "lost": _("lost"),
    "open": _("not yet played"),
    "void": _("not played"),
}


def load_tournament(tournament_id: int) -> Tournament:
    """The tournament with its knockout and phase (one query), or 404."""
    return get_object_or_404(
        with_phase(Tournament.objects.select_related("knockout__champion")),
        pk=tournament_id,
    )


def knockout_of(tournament: Tournament) -> Knockout | None:
    """The tournament's knockout, if it has started (no query after ``load_tournament``)."""
    return getattr(tournament, "knockout", None)


def tournament_stage(tournament: Tournament) -> Phase:
    """The tournament's phase (no query after ``load_tournament``)."""
    return tournament_phase(tournament)


def base_context(tournament: Tournament, nav: str) -> dict[str, Any]:
    """What every tournament page's frame needs: the tournament, the menu entry, the stage."""
    stage = tournament_stage(tournament)
    # A format's final table (rules.md §14) takes the knockout's place and its menu entry.
    final_table = tournament.config.format.final.is_table
    return {
        "tournament": tournament,
        "nav": nav,
        "stage": stage.value,
        "stage_label": _("Final table") if final_table and stage is Phase.KNOCKOUT else stage.label,
        "finished": stage is Phase.FINISHED,
        "final_table_format": final_table,
    }
