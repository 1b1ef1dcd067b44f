"""Paper and spreadsheets through the API (``docs/api.md``, "Paper and spreadsheets").

One view, ``DocumentApi``, serves every registered exporter
(``tournaments.documents``): ``document_urls`` binds each path to one
exporter with ``DocumentApi.as_view(exporter_id=...)``. The exporter decides who
may ask (its audience), which query parameters it takes, the media type and
the file name.

The view answers a Django ``HttpResponse`` with the file's bytes and bypasses
DRF's renderers; only errors go through DRF, always as JSON in the API's error
shape. It declares a pass-through renderer for the document's media type so
that a client sending ``Accept: application/pdf`` is not refused with 406.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar, cast

from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.http import content_disposition_header, urlencode
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import BasePermission
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from tournaments import documents, live, render_process
from tournaments.documents import PDF, XLSX, Audience, Exporter, NothingToPrint, imports
from tournaments.errors import ErrorItem
from tournaments.http import ratelimit
from tournaments.http.client import client_address
from tournaments.models import Tournament
from tournaments.site import absolute_url_builder

from .errors import Unavailable
from .fields import StrictSerializer
from .participants import ParticipantOutput
from .permissions import OrganiserOnly, ReadOnlyOrOrganiser, RefereeOnly
from .schema import AutoSchema, ErrorCodes

__all__ = [
    "PDF",
    "XLSX",
    "DocumentApi",
    "DocumentThrottle",
    "NothingToPrint",
    "ParticipantImportApi",
    "PdfRenderer",
    "XlsxRenderer",
]


class PassthroughRenderer(BaseRenderer):
    """Lets content negotiation accept the document's media type; the view
    answers ``HttpResponse`` itself, so this renderer never renders."""

    charset = None
    render_style = "binary"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> Any:
        return data


class PdfRenderer(PassthroughRenderer):
    media_type = PDF
    format = "pdf"


class XlsxRenderer(PassthroughRenderer):
    media_type = XLSX
    format = "xlsx"


RENDERERS: dict[str, type[BaseRenderer]] = {PDF: PdfRenderer, XLSX: XlsxRenderer}

#: Public documents follow the API's default: anyone reads.
PERMISSIONS: dict[Audience, type[BasePermission]] = {
    Audience.PUBLIC: ReadOnlyOrOrganiser,
    Audience.REFEREE: RefereeOnly,
    Audience.ORGANISER: OrganiserOnly,
}


#: Who may ask, as the schema's descriptions say it.
WHO = {Audience.PUBLIC: "anyone", Audience.REFEREE: "referee", Audience.ORGANISER: "organiser"}


@cache
def strict(parameters: type[serializers.Serializer[Any]]) -> type[serializers.Serializer[Any]]:
    """The exporter's parameters, refusing unknown keys like every API input."""
    return cast(
        "type[serializers.Serializer[Any]]",
        type(parameters.__name__, (StrictSerializer, parameters), {"__module__": __name__}),
    )


class DocumentSchema(AutoSchema):
    """The OpenAPI operation of one exporter's path: its description (the
    exporter's docstring), parameters and binary response."""

    # drf-spectacular's AutoSchema takes no arguments here, unlike DRF's stubbed ViewInspector.
    def get_description(self) -> str:  # type: ignore[override]
        exporter = cast("DocumentApi", self.view).exporter
        doc = " ".join((type(exporter).__doc__ or "").split())
        return f"{doc} ({WHO[exporter.audience]})"

    def get_override_parameters(self) -> list[Any]:
        parameters = cast("DocumentApi", self.view).exporter.parameters
        return [] if parameters is None else [parameters]

    def get_response_serializers(self) -> Any:
        media_type = cast("DocumentApi", self.view).exporter.media_type
        return {(200, media_type): OpenApiResponse(OpenApiTypes.BINARY)}


class DocumentThrottle(BaseThrottle):
    """Public documents per address without a login (rate ``documents``,
    ``DJANGO_DOCUMENT_THROTTLE``, e.g. ``30/min``), counted across every app
    process (``tournaments.http.ratelimit``: Redis or the database). The address
    is ``tournaments.http.client.client_address``, as for the other throttles."""

    scope = "documents"

    def __init__(self) -> None:
        number, unit = str(api_settings.DEFAULT_THROTTLE_RATES[self.scope]).split("/")
        self.limit = int(number)
        self.period = {"s": 1, "m": 60, "h": 3600, "d": 86400}[unit[0]]

    def allow_request(self, request: Request, view: APIView) -> bool:
        if request.user and request.user.is_authenticated:
            return True
        count = ratelimit.hit(f"{self.scope}:{client_address(request)}", period=self.period)
        return count <= self.limit

    def wait(self) -> float:
        return float(ratelimit.window_left(self.period))


class DocumentApi(APIView):
    """``GET /api/tournaments/{id}/<document>``: any registered exporter's file."""

    #: Set per path: ``DocumentApi.as_view(exporter_id="seating_pdf")``.
    exporter_id: str = ""
    schema = DocumentSchema()

    @property
    def exporter(self) -> Exporter:
        return documents.get(self.exporter_id)

    @property
    def error_codes(self) -> ErrorCodes:
        """For the schema: what the exporter raises."""
        return {"get": self.exporter.error_codes}

    def get_permissions(self) -> list[BasePermission]:
        return [PERMISSIONS[self.exporter.audience]()]

    def get_renderers(self) -> list[BaseRenderer]:
        return [JSONRenderer(), RENDERERS[self.exporter.media_type]()]

    def perform_content_negotiation(self, request: Request, force: bool = False) -> Any:
        """``?format=`` may only name the document's own format (``pdf``, ``xlsx``):
        anything else, ``json`` or empty included, is refused with 406, never
        answered with the file."""
        own = RENDERERS[self.exporter.media_type].format
        asked = request.query_params.get("format")
        if not force and asked is not None and asked != own:
            raise exceptions.NotAcceptable(
                _("This document is only available as %(format)s.") % {"format": own.upper()}
            )
        return super().perform_content_negotiation(request, force)

    def handle_exception(self, exc: Exception) -> Response:
        response = super().handle_exception(exc)
        # Errors are JSON even when the client asked for the document's type.
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return response

    def get_throttles(self) -> list[BaseThrottle]:
        # Anyone may ask for the public documents: each address only so often.
        return [DocumentThrottle()] if self.exporter.audience == Audience.PUBLIC else []

    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        params = self.parameters(request)
        exporter = self.exporter
        if exporter.audience == Audience.PUBLIC:
            content = self.public_document(tournament, params)
        else:
            # Staff documents (scoresheets, player cards) carry QR codes of the site's
            # address: ``SITE_URL`` where the hall sets it, else the request's.
            content = render_process.render(
                exporter, tournament, absolute_uri=absolute_url_builder(request), **params
            )
        response = HttpResponse(content, content_type=self.exporter.media_type)
        disposition = content_disposition_header(
            self.exporter.attachment, self.exporter.filename(tournament, **params)
        )
        if disposition:  # always: a document's file name is never empty
            response["Content-Disposition"] = disposition
        response["Cache-Control"] = "no-store"
        return response

    def public_document(self, tournament: Tournament, params: dict[str, Any]) -> bytes:
        """The same for everyone: rendered once per state and language, then from the cache.

        Made in a render process of lower priority (``tournaments.render_process``).
        One request renders the document at a time, across processes; the others
        get the newest kept state's document meanwhile, or ``503`` with
        ``Retry-After`` when there is none yet (``live.once_per_state``); never a
        document of a state before the tournament's ``live_floor`` (an erasure). A
        public document holds no absolute URL (none is passed), so neither the
        scheme nor the host is part of its key.
        """
        exporter = self.exporter
        try:
            return live.once_per_state(
                kind=exporter.identifier,
                tournament_id=tournament.pk,
                version=tournament.live_version,
                variant=f"{get_language()}|{urlencode(sorted(params.items()))}",
                render=lambda: render_process.render(exporter, tournament, **params),
                exclusive=True,
                floor=tournament.live_floor,
            )
        except live.RenderBusy as busy:
            raise Unavailable(retry_after=busy.retry_after) from busy

    def parameters(self, request: Request) -> dict[str, Any]:
        """The exporter's query parameters, validated (400 in the API's error shape)."""
        if self.exporter.parameters is None:
            return {}
        query = request.query_params.dict()
        query.pop("format", None)  # checked by content negotiation
        serializer = strict(self.exporter.parameters)(data=query)
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)


class ParticipantImportApi(APIView):
    """``POST /api/tournaments/{id}/participants/import/`` (organiser), multipart ``file``.

    All rows or none: ``201`` the created participants, or ``400`` with one
    error per problem, each naming its spreadsheet ``row`` (the header is row 1).
    """

    parser_classes = [MultiPartParser]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {
            400: [
                "required",
                "invalid_file",
                "file_too_large",
                "empty_file",
                "too_many_rows",
                "unknown_column",
                "duplicate_column",
                "missing_column",
                "missing_name",
                "missing_nationality",
                "invalid_date",
                "invalid_boolean",
                "invalid_player",
                "unknown_player",
                "player_already_linked",
                "invalid_federation_player",
                "unknown_federation_player",
                "unknown_language",
                "federation_player_already_linked",
                "unknown_nationality",
                "too_many_participants",
                "invalid_birth_date",
                "too_young",
            ],
            409: ["draw_locked"],
        }
    }

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
        # Only organisers get here (the API's default permission for a POST).
        actor = request.user if isinstance(request.user, AbstractBaseUser) else None
        created = imports.participants_import(tournament=tournament, file=upload, actor=actor)
        return Response(ParticipantOutput(created, many=True).data, status=status.HTTP_201_CREATED)
