"""Commitments before draws, as the public pages show them (rules.md §11).

A ``CommitmentView`` is one published commitment: its hash and time, and once
a draw used it, the revealed ``seed`` and which draw (``used_for``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from tournaments.models import DrawCommitment, Tournament

__all__ = ["CommitmentView", "draw_commitments"]


@dataclass(frozen=True)
class CommitmentView:
    commitment: str
    committed_at: datetime.datetime
    seed: str | None
    used_for: str | None


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
