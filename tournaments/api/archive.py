"""Tournament archives through the API (rules.md §13, ``docs/archive.md``).

``POST /api/tournaments/{id}/archive/`` (organisers) makes a new version of the
tournament's archive document; ``GET`` lists every version with its SHA-256;
``GET …/archive/{version}.json`` serves the exact bytes whose SHA-256 is
published, or ``410 withdrawn`` for a version withdrawn for an erasure.
"""

from __future__ import annotations

from typing import ClassVar

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import services
from tournaments.errors import DomainError
from tournaments.models import TournamentArchive

from .common import TournamentApi, created
from .schema import ErrorCodes
from .seasons import ArchiveOutput

__all__ = ["ArchiveFileApi", "ArchiveListApi", "Withdrawn"]


class Withdrawn(DomainError):
    """A version withdrawn for an erasure: only its hash stays (410)."""

    status_code = 410


class ArchiveListApi(TournamentApi):
    """``GET`` every version (anyone); ``POST`` a new version (organisers)."""

    error_codes: ClassVar[ErrorCodes] = {"post": {409: ["not_final"]}}

    @extend_schema(responses={200: ArchiveOutput(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        archives = TournamentArchive.objects.filter(tournament=self.tournament).defer("content")
        return Response(ArchiveOutput(archives.order_by("version"), many=True).data)

    @extend_schema(request=None, responses={201: ArchiveOutput})
    def post(self, request: Request, tournament_id: int) -> Response:
        archive = services.archive_create(tournament=self.tournament, actor=self.actor)
        return created(ArchiveOutput(archive).data)


class ArchiveFileApi(TournamentApi):
    """``GET /api/tournaments/{id}/archive/{version}.json``: the exact stored bytes."""

    error_codes: ClassVar[ErrorCodes] = {"get": {410: ["withdrawn"]}}

    @extend_schema(
        responses={
            (200, "application/json"): OpenApiResponse(
                OpenApiTypes.OBJECT, description="The archive document, byte for byte."
            )
        }
    )
    def get(self, request: Request, tournament_id: int, version: int) -> HttpResponse:
        archive = get_object_or_404(TournamentArchive, tournament=self.tournament, version=version)
        if archive.withdrawn:
            raise Withdrawn.single(
                "withdrawn",
                _("This archive version was withdrawn for an erasure; only its hash is kept."),
            )
        response = HttpResponse(bytes(archive.content), content_type="application/json")
        response["X-Content-SHA256"] = archive.sha256
        response["Cache-Control"] = "public, max-age=31536000, immutable"
        return response
