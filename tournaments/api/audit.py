"""The audit log through the API (organisers only).

An **audit entry** records one change: who (``actor``, if anyone)
did what (``action``) to which object, with the object's state ``before`` and
``after``.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.models import AuditEntry

from .common import TournamentApi
from .permissions import OrganiserOnly

__all__ = ["AuditLogApi"]


class AuditLogApi(TournamentApi):
    """``GET /api/tournaments/{id}/audit/``: every change, oldest first (organiser)."""

    permission_classes = [OrganiserOnly]

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        created_at = serializers.DateTimeField()
        actor = serializers.SerializerMethodField()
        action = serializers.CharField()
        object_type = serializers.CharField()
        object_id = serializers.CharField()
        before = serializers.JSONField()
        after = serializers.JSONField()

        def get_actor(self, obj: AuditEntry) -> str | None:
            return obj.actor.get_username() if obj.actor else None

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        entries = self.tournament.audit_entries.select_related("actor").order_by("id")
        return Response(self.OutputSerializer(entries, many=True).data)
