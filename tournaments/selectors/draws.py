"""Commitments before draws, as the public pages show them (rules.md §11).

A ``CommitmentView`` is one published commitment: its hash and time, and once
a draw used it, the revealed ``seed`` and which draw (``used_for``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.models import DrawCommitment, Tournament

__all__ = ["CommitmentView", "draw_commitments", "unused_commitments"]


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
