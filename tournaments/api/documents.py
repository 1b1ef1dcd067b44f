"""Paper and spreadsheets through the API (``docs/api.md``, "Paper and spreadsheets").

The document views answer a Django ``HttpResponse`` with the file's bytes and
bypass DRF's renderers; only errors go through DRF, always as JSON in the API's
error shape. Each view declares a pass-through renderer for its own media type
so that a client sending ``Accept: application/pdf`` is not refused with 406.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import exports, imports, pdf
from tournaments.errors import DomainError, ErrorItem
from tournaments.models import Stage, Tournament

from .fields import StrictSerializer
from .participants import ParticipantOutput
from .permissions import RefereeOnly

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class NothingToPrint(DomainError):
    """Nothing to print for the request (e.g. a round without games): 404."""

    status_code = 404


class _PassthroughRenderer(BaseRenderer):
    """Lets content negotiation accept the document's media type; the views
    answer ``HttpResponse`` themselves, so this renderer never renders."""

    charset = None
    render_style = "binary"

    def render(self, data: Any, accepted_media_type: Any = None, renderer_context: Any = None):
        return data


class PdfRenderer(_PassthroughRenderer):
    media_type = PDF
    format = "pdf"


class XlsxRenderer(_PassthroughRenderer):
    media_type = XLSX
    format = "xlsx"


class DocumentApi(APIView):
    """Base for the document downloads: JSON errors, file responses."""

    renderer_classes = [JSONRenderer, PdfRenderer]

    def handle_exception(self, exc: Exception) -> Response:
        response = super().handle_exception(exc)
        # Errors are JSON even when the client asked for the document's type.
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return response

    @staticmethod
    def tournament(tournament_id: int) -> Tournament:
        return get_object_or_404(Tournament, pk=tournament_id)

    @staticmethod
    def file_response(
        content: bytes, *, media_type: str, filename: str, attachment: bool
    ) -> HttpResponse:
        response = HttpResponse(content, content_type=media_type)
        response["Content-Disposition"] = content_disposition_header(attachment, filename)
        response["Cache-Control"] = "no-store"
        return response


def _filename(tournament: Tournament, *parts: object, ext: str) -> str:
    stem = "-".join(
        slugify(str(p)) for p in (tournament.name or f"tournament-{tournament.pk}", *parts)
    )
    return f"{stem or 'document'}.{ext}"


_PDF_RESPONSES = {(200, PDF): OpenApiResponse(OpenApiTypes.BINARY)}
_XLSX_RESPONSES = {(200, XLSX): OpenApiResponse(OpenApiTypes.BINARY)}


# --------------------------------------------------------------------------- PDFs


class ScoresheetsPdfApi(DocumentApi):
    """``GET /api/tournaments/{id}/scoresheets.pdf?stage=group&round=2[&table=3]`` (referee)."""

    permission_classes = [RefereeOnly]

    class FilterSerializer(StrictSerializer):
        stage = serializers.ChoiceField(choices=Stage.choices, required=False, default="group")
        round = serializers.IntegerField(min_value=1, max_value=1000)
        table = serializers.IntegerField(required=False, min_value=1, max_value=1000)

    @extend_schema(parameters=[FilterSerializer], responses=_PDF_RESPONSES)
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = self.tournament(tournament_id)
        filters = self.FilterSerializer(data=request.query_params.dict())
        filters.is_valid(raise_exception=True)
        stage: str = filters.validated_data["stage"]
        round_: int = filters.validated_data["round"]
        table: int | None = filters.validated_data.get("table")
        games = pdf.scoresheet_games(tournament, stage=stage, round=round_, table=table)
        if not games:
            raise NothingToPrint(
                ErrorItem(
                    code="no_games",
                    message=(
                        _("Table %(table)s plays no game in this round.") % {"table": table}
                        if table is not None
                        else _("There are no games in this round.")
                    ),
                    field="table" if table is not None else "round",
                )
            )
        content = pdf.scoresheets_pdf(tournament, games, absolute_uri=request.build_absolute_uri)
        parts: list[object] = [_("scoresheets"), stage, round_]
        if table is not None:
            parts.append(table)
        return self.file_response(
            content,
            media_type=PDF,
            filename=_filename(tournament, *parts, ext="pdf"),
            attachment=False,
        )


class SeatingPdfApi(DocumentApi):
    """``GET /api/tournaments/{id}/seating.pdf``: alphabetical, for the wall (anyone)."""

    @extend_schema(responses=_PDF_RESPONSES)
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = self.tournament(tournament_id)
        return self.file_response(
            pdf.seating_pdf(tournament),
            media_type=PDF,
            filename=_filename(tournament, _("seating"), ext="pdf"),
            attachment=False,
        )


class StandingsPdfApi(DocumentApi):
    """``GET /api/tournaments/{id}/standings.pdf`` (anyone)."""

    @extend_schema(responses=_PDF_RESPONSES)
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = self.tournament(tournament_id)
        return self.file_response(
            pdf.standings_pdf(tournament),
            media_type=PDF,
            filename=_filename(tournament, _("standings"), ext="pdf"),
            attachment=False,
        )


class RankingPdfApi(DocumentApi):
    """``GET /api/tournaments/{id}/ranking.pdf``: the final ranking (anyone)."""

    @extend_schema(responses=_PDF_RESPONSES)
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = self.tournament(tournament_id)
        return self.file_response(
            pdf.ranking_pdf(tournament),
            media_type=PDF,
            filename=_filename(tournament, _("ranking"), ext="pdf"),
            attachment=False,
        )


# --------------------------------------------------------------------------- spreadsheets


class StandingsXlsxApi(DocumentApi):
    """``GET /api/tournaments/{id}/standings.xlsx`` (anyone)."""

    renderer_classes = [JSONRenderer, XlsxRenderer]

    @extend_schema(responses=_XLSX_RESPONSES)
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = self.tournament(tournament_id)
        return self.file_response(
            exports.standings_xlsx(tournament),
            media_type=XLSX,
            filename=_filename(tournament, _("standings"), ext="xlsx"),
            attachment=True,
        )


class ResultsXlsxApi(DocumentApi):
    """``GET /api/tournaments/{id}/results.xlsx``: every recorded game, a row per seat."""

    renderer_classes = [JSONRenderer, XlsxRenderer]

    @extend_schema(responses=_XLSX_RESPONSES)
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = self.tournament(tournament_id)
        return self.file_response(
            exports.results_xlsx(tournament),
            media_type=XLSX,
            filename=_filename(tournament, _("results"), ext="xlsx"),
            attachment=True,
        )


class ParticipantImportApi(APIView):
    """``POST /api/tournaments/{id}/participants/import/`` (organiser), multipart ``file``.

    All rows or none: ``201`` the created participants, or ``400`` with one
    error per problem, each naming its spreadsheet ``row`` (the header is row 1).
    """

    parser_classes = [MultiPartParser]

    @extend_schema(
        request={
            "multipart/form-data": inline_serializer(
                name="ParticipantImportInput", fields={"file": serializers.FileField()}
            )
        },
        responses={201: ParticipantOutput(many=True)},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        upload = request.FILES.get("file")
        if upload is None:
            raise imports.InvalidFile(
                ErrorItem(
                    code="required",
                    message=_("Upload the spreadsheet in the field “file”."),
                    field="file",
                )
            )
        created = imports.participants_import(
            tournament=tournament, file=upload, actor=request.user
        )
        return Response(ParticipantOutput(created, many=True).data, status=status.HTTP_201_CREATED)
