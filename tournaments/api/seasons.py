"""Seasons through the API (rules.md §13, api.md "Players and seasons").

A **season** lists tournaments with a weight each and the settings
``best_of``, ``min_events`` and ``qualifiers``; its **ranking** is public. Members
of ``organisers`` and site administrators create seasons; the season's
organisers change its tournaments and staff. Points, scores and best results
are given to two decimals; the **rating** (mu - 3sigma, OpenSkill) is unofficial
and decides nothing.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import documents, selectors, services
from tournaments.documents import PDF, XLSX
from tournaments.documents.seasons import SeasonExporter
from tournaments.errors import InvalidInput
from tournaments.models import Season, SeasonStaff, SeasonTournament, Tournament, TournamentArchive

from .common import BaseApi, created
from .documents import RENDERERS
from .fields import StrictCharField, StrictIntegerField, StrictSerializer
from .permissions import ReadOnlyOrCreator, ReadOnlyOrSeasonOrganiser, SeasonOrganiserOnly
from .schema import ErrorCodes
from .staff import StaffOutput

__all__ = [
    "SeasonDetailApi",
    "SeasonDocumentApi",
    "SeasonListApi",
    "SeasonRankingPdfApi",
    "SeasonRankingXlsxApi",
    "SeasonStaffListApi",
    "SeasonStaffMemberApi",
    "SeasonTournamentApi",
    "SeasonTournamentsApi",
    "archive_url",
    "two_decimals",
]

RATING_NOTE = (
    "Unofficial: OpenSkill (Plackett–Luce) μ − 3σ over the season's counted games. "
    "It decides no rank and no qualification."
)


def two_decimals(value: Fraction | float) -> float:
    """An exact value rounded to two decimals for the API."""
    return float(round(Fraction(value), 2))


def archive_url(archive: TournamentArchive) -> str:
    return reverse(
        "api-archive-file",
        kwargs={"tournament_id": archive.tournament_id, "version": archive.version},
    )


class SeasonApi(BaseApi):
    """An operation under ``/api/seasons/{id}/``."""

    @cached_property
    def season(self) -> Season:
        return get_object_or_404(Season, pk=self.kwargs["season_id"])


class SeasonSettingsOutput(serializers.Serializer):
    best_of = serializers.IntegerField()
    min_events = serializers.IntegerField()
    qualifiers = serializers.IntegerField()


class ArchiveOutput(serializers.Serializer):
    tournament = serializers.IntegerField(source="tournament_id")
    version = serializers.IntegerField()
    sha256 = serializers.CharField()
    created_at = serializers.DateTimeField()
    url = serializers.SerializerMethodField()
    withdrawn = serializers.CharField(allow_null=True)

    def get_url(self, archive: TournamentArchive) -> str:
        return archive_url(archive)


class SeasonEntryOutput(serializers.Serializer):
    tournament = serializers.IntegerField(source="tournament_id")
    weight = serializers.SerializerMethodField()

    def get_weight(self, entry: SeasonTournament) -> float:
        return float(entry.weight)


class SeasonOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    settings = SeasonSettingsOutput(source="*")
    tournaments = SeasonEntryOutput(many=True, source="entries.all")


class SeasonDetailOutput(SeasonOutput):
    archives = serializers.SerializerMethodField()

    @extend_schema_field(ArchiveOutput(many=True))
    def get_archives(self, season: Season) -> list[dict[str, Any]]:
        return list(ArchiveOutput(selectors.season_archives(season), many=True).data)


class SeasonListApi(BaseApi):
    """``GET /api/seasons/`` (anyone), ``POST /api/seasons/`` (organisers, superusers)."""

    permission_classes = [ReadOnlyOrCreator]
    error_codes: ClassVar[ErrorCodes] = {"post": {400: ["invalid", "min_value", "blank"]}}

    class InputSerializer(StrictSerializer):
        class SettingsIn(StrictSerializer):
            best_of = StrictIntegerField(min_value=1, max_value=1000, required=False, default=5)
            min_events = StrictIntegerField(min_value=0, max_value=1000, required=False, default=1)
            qualifiers = StrictIntegerField(min_value=0, max_value=10000, required=False, default=0)

        name = StrictCharField(max_length=200)
        settings = SettingsIn(required=False)

    @extend_schema(responses={200: SeasonOutput(many=True)})
    def get(self, request: Request) -> Response:
        seasons = Season.objects.prefetch_related("entries").order_by("id")
        return Response(SeasonOutput(seasons, many=True).data)

    @extend_schema(request=InputSerializer, responses={201: SeasonDetailOutput})
    def post(self, request: Request) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        settings = values.get("settings") or {"best_of": 5, "min_events": 1, "qualifiers": 0}
        season = services.season_create(name=values["name"], **settings, actor=self.actor)
        return created(SeasonDetailOutput(season).data)


class SeasonDetailApi(SeasonApi):
    """``GET /api/seasons/{id}/``: the season, its tournaments and their archives."""

    @extend_schema(responses={200: SeasonDetailOutput})
    def get(self, request: Request, season_id: int) -> Response:
        return Response(SeasonDetailOutput(self.season).data)


class SeasonTournamentsApi(SeasonApi):
    """``POST /api/seasons/{id}/tournaments/`` ``{"tournament": 7, "weight": 2.0}``
    (the season's organisers) → ``201``."""

    permission_classes = [ReadOnlyOrSeasonOrganiser]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {400: ["unknown_tournament", "min_value"], 409: ["already_in_season"]}
    }

    class InputSerializer(StrictSerializer):
        tournament = StrictIntegerField(min_value=1)
        weight = serializers.DecimalField(
            max_digits=6,
            decimal_places=3,
            min_value=Decimal(0),
            required=False,
            default=Decimal(1),
            coerce_to_string=False,
        )

    @extend_schema(responses={200: SeasonEntryOutput(many=True)})
    def get(self, request: Request, season_id: int) -> Response:
        return Response(SeasonEntryOutput(self.season.entries.all(), many=True).data)

    @extend_schema(request=InputSerializer, responses={201: SeasonEntryOutput})
    def post(self, request: Request, season_id: int) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        tournament = Tournament.objects.filter(pk=values["tournament"]).first()
        if tournament is None:
            raise InvalidInput.single(
                "unknown_tournament", _("There is no tournament with this id."), field="tournament"
            )
        entry = services.season_tournament_add(
            season=self.season, tournament=tournament, weight=values["weight"], actor=self.actor
        )
        return created(SeasonEntryOutput(entry).data)


class SeasonTournamentApi(SeasonApi):
    """``DELETE /api/seasons/{id}/tournaments/{tid}/`` (the season's organisers) → ``204``."""

    permission_classes = [ReadOnlyOrSeasonOrganiser]

    @extend_schema(responses={204: None})
    def delete(self, request: Request, season_id: int, tournament_id: int) -> Response:
        entry = get_object_or_404(
            SeasonTournament.objects.select_related("tournament"),
            season=self.season,
            tournament_id=tournament_id,
        )
        services.season_tournament_remove(
            season=self.season, tournament=entry.tournament, actor=self.actor
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeasonStaffListApi(SeasonApi):
    """``GET/POST /api/seasons/{id}/staff/`` (the season's organisers)."""

    permission_classes = [SeasonOrganiserOnly]
    error_codes: ClassVar[ErrorCodes] = {"post": {400: ["unknown_user", "invalid_role"]}}

    class InputSerializer(StrictSerializer):
        user = StrictCharField(max_length=150)
        role = serializers.ChoiceField(choices=SeasonStaff.Role.choices)

    @extend_schema(responses={200: StaffOutput(many=True)})
    def get(self, request: Request, season_id: int) -> Response:
        staff = self.season.staff.select_related("user").order_by("id")
        return Response(StaffOutput(staff, many=True).data)

    @extend_schema(request=InputSerializer, responses={201: StaffOutput})
    def post(self, request: Request, season_id: int) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        user = User.objects.filter(username=values["user"], is_active=True).first()
        if user is None:
            raise InvalidInput.single(
                "unknown_user", _("There is no user with this name."), field="user"
            )
        entry = services.season_staff_appoint(
            season=self.season, user=user, role=values["role"], actor=self.actor
        )
        return created(StaffOutput(entry).data)


class SeasonStaffMemberApi(SeasonApi):
    """``DELETE /api/seasons/{id}/staff/{username}/``."""

    permission_classes = [SeasonOrganiserOnly]
    error_codes: ClassVar[ErrorCodes] = {"delete": {409: ["last_organiser"]}}

    @extend_schema(responses={204: None})
    def delete(self, request: Request, season_id: int, username: str) -> Response:
        entry = get_object_or_404(
            SeasonStaff.objects.select_related("user"), season=self.season, user__username=username
        )
        services.season_staff_dismiss(season=self.season, user=entry.user, actor=self.actor)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeasonDocumentApi(SeasonApi):
    """A season document (``tournaments.documents.seasons``) in the request's language."""

    exporter_id: ClassVar[str] = ""

    @property
    def exporter(self) -> SeasonExporter:
        exporter = documents.get(self.exporter_id)
        assert isinstance(exporter, SeasonExporter)
        return exporter

    def get_renderers(self) -> list[BaseRenderer]:
        return [JSONRenderer(), RENDERERS[self.exporter.media_type]()]

    def handle_exception(self, exc: Exception) -> Response:
        response = super().handle_exception(exc)
        # Errors are JSON even when the client asked for the document's type.
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return response

    def document(self) -> HttpResponse:
        season = self.season
        exporter = self.exporter
        response = HttpResponse(exporter.render_season(season), content_type=exporter.media_type)
        response["Content-Disposition"] = (
            content_disposition_header(exporter.attachment, exporter.season_filename(season)) or ""
        )
        response["Cache-Control"] = "no-store"
        return response


class SeasonRankingXlsxApi(SeasonDocumentApi):
    """``GET /api/seasons/{id}/ranking.xlsx`` (anyone): the season ranking as a workbook."""

    exporter_id = "season_ranking_xlsx"

    @extend_schema(responses={(200, XLSX): OpenApiTypes.BINARY})
    def get(self, request: Request, season_id: int) -> HttpResponse:
        return self.document()


class SeasonRankingPdfApi(SeasonDocumentApi):
    """``GET /api/seasons/{id}/ranking.pdf`` (anyone): the season ranking to print."""

    exporter_id = "season_ranking_pdf"

    @extend_schema(responses={(200, PDF): OpenApiTypes.BINARY})
    def get(self, request: Request, season_id: int) -> HttpResponse:
        return self.document()
