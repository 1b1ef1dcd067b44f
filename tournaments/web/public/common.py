"""What the public pages share: the tournament from the URL and the stage it is in.

Words used here:

- The **public stage** is where a tournament stands as the public sees it:
  registration (no draw yet), group stage, knockout, finished (a champion).
- An **outcome** (``won``, ``lost``, ``open``, ``void``) is how a game went
  for one player; ``OUTCOME_LABELS`` are its translated words.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models import Knockout, Stage, Tournament

#: Seconds between two polls of a live page's fragment.
POLL_SECONDS = 3


class PublicStage:
    """Where a tournament stands, as the public sees it."""

    REGISTRATION = "registration"
    GROUP = "group"
    KNOCKOUT = "knockout"
    FINISHED = "finished"

    LABELS = {
        REGISTRATION: _("Registration"),
        GROUP: _("Group stage"),
        KNOCKOUT: _("Knockout"),
        FINISHED: _("Finished"),
    }


STAGE_SHORT: dict[str, Promise] = {Stage.GROUP: _("Group"), Stage.KNOCKOUT: _("K.O.")}

OUTCOME_LABELS: dict[str, Promise] = {
    "won": _("won"),
    "lost": _("lost"),
    "open": _("not yet played"),
    "void": _("not played"),
}


def load_tournament(tournament_id: int) -> Tournament:
    """The tournament with its draw and knockout (one query), or 404."""
    return get_object_or_404(
        Tournament.objects.select_related("group_draw", "knockout__champion"), pk=tournament_id
    )


def knockout_of(tournament: Tournament) -> Knockout | None:
    """The tournament's knockout, if it has started (no query after ``load_tournament``)."""
    return getattr(tournament, "knockout", None)


def tournament_stage(tournament: Tournament) -> str:
    """Registration, group stage, knockout or finished (no query after ``load_tournament``)."""
    knockout = knockout_of(tournament)
    if knockout is not None:
        return PublicStage.FINISHED if knockout.champion_id else PublicStage.KNOCKOUT
    if getattr(tournament, "group_draw", None) is not None:
        return PublicStage.GROUP
    return PublicStage.REGISTRATION


def base_context(tournament: Tournament, nav: str) -> dict[str, Any]:
    """What every tournament page's frame needs: the tournament, the menu entry, the stage."""
    stage = tournament_stage(tournament)
    return {
        "tournament": tournament,
        "nav": nav,
        "stage": stage,
        "stage_label": PublicStage.LABELS[stage],
    }


def search_key(text: str) -> str:
    """Lower case without accents, so that "kruger" finds "Krüger"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
