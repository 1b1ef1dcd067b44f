"""Commitments before draws through the API (api.md "Verifiable draws").

A **commitment** is the SHA-256 of a secret seed the server picked; ``seed``
is ``null`` until a draw used it (for everyone, staff included), then the
revealed secret, and ``used_for`` names that draw (``"group"``,
``"knockout-1"``, ...). Every commitment stays listed, oldest first.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import services
from tournaments.models import DrawCommitment

from .common import TournamentApi, created

__all__ = ["CommitmentOutput", "DrawCommitmentsApi", "commitment_payload"]


class CommitmentOutput(serializers.Serializer):
    id = serializers.IntegerField()
    commitment = serializers.CharField()
    committed_at = serializers.DateTimeField()
    seed = serializers.CharField(allow_null=True)
    used_for = serializers.CharField(allow_null=True)


def commitment_payload(commitment: DrawCommitment) -> dict[str, Any]:
    return {
        "id": commitment.pk,
        "commitment": commitment.commitment,
        "committed_at": commitment.committed_at,
        "seed": commitment.revealed_seed,
        "used_for": commitment.used_for or None,
    }


class DrawCommitmentsApi(TournamentApi):
    """``GET/POST /api/tournaments/{id}/draw-commitments/``: anyone reads, organisers publish."""

    @extend_schema(responses={200: CommitmentOutput(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        commitments = self.tournament.draw_commitments.order_by("id")
        return Response(
            CommitmentOutput([commitment_payload(c) for c in commitments], many=True).data
        )

    @extend_schema(request=None, responses={201: CommitmentOutput})
    def post(self, request: Request, tournament_id: int) -> Response:
        commitment = services.draw_commitment_create(tournament=self.tournament, actor=self.actor)
        return created(CommitmentOutput(commitment_payload(commitment)).data)
