"""Commitments before draws (rules.md §11, api.md "Verifiable draws").

An organiser publishes a **commitment**: the server picks a secret **seed**
(128 random bits from ``secrets``, as 32 hex digits) and stores it with its
SHA-256; only the hash is shown. A draw made "with the commitment" uses the
secret as its seed and so reveals it; ``used_for`` names that draw
(``"group"``, ``"knockout-1"``, ...). A commitment is used once.
"""

from __future__ import annotations

import secrets

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.lots import commitment_of

from ..errors import Conflict, InvalidInput
from ..models import DrawCommitment, Tournament
from .audit import audit_log

__all__ = ["draw_commitment_create", "draw_commitment_use", "draw_seed"]

SEED_BYTES = 16  # 128 bits


def draw_commitment_create(*, tournament: Tournament, actor: User | None = None) -> DrawCommitment:
    """Pick a secret seed and publish its commitment. Call inside or outside a transaction."""
    secret = secrets.token_hex(SEED_BYTES)
    commitment = DrawCommitment.objects.create(
        tournament=tournament, commitment=commitment_of(secret), secret=secret
    )
    audit_log(
        tournament=tournament,
        actor=actor,
        action="draw_commitment_published",
        before=None,
        after={"commitment": commitment.commitment},
    )
    return commitment


def draw_commitment_use(
    *, tournament: Tournament, commitment: str, used_for: str
) -> DrawCommitment:
    """Mark ``commitment`` used by the draw ``used_for`` and return it (its secret is the seed).

    Call inside the draw's transaction, so that a failing draw leaves it unused.
    Raises ``unknown_commitment`` (also for another tournament's) or ``commitment_used``.
    """
    found = (
        DrawCommitment.objects.select_for_update()
        .filter(tournament=tournament, commitment=str(commitment).strip().lower())
        .first()
    )
    if found is None:
        raise InvalidInput.single(
            "unknown_commitment",
            _("This tournament has no such commitment."),
            field="commitment",
        )
    if found.used_for:
        raise Conflict.single(
            "commitment_used",
            _("This commitment was already used for a draw."),
            field="commitment",
        )
    found.used_for = used_for
    found.used_at = timezone.now()
    found.save(update_fields=["used_for", "used_at"])
    return found


def draw_seed(
    *,
    tournament: Tournament,
    seed: str | None,
    commitment: str | None,
    used_for: str,
    required: bool = True,
) -> tuple[str | None, DrawCommitment | None]:
    """The seed of a draw given either a plain ``seed`` or a ``commitment`` (not both).

    With a commitment it is marked used (inside the caller's transaction).
    """
    if commitment:
        if seed:
            raise InvalidInput.single(
                "seed_and_commitment",
                _("Give either a seed or a commitment, not both."),
                field="commitment",
            )
        used = draw_commitment_use(tournament=tournament, commitment=commitment, used_for=used_for)
        return used.secret, used
    if seed is None or not str(seed).strip():
        if not required:
            return None, None
        raise InvalidInput.single("invalid_seed", _("The seed must not be empty."), field="seed")
    return str(seed), None
