"""``GET /api/tournaments/{id}/events/``: the live version, pushed (api.md "Live events").

The view reads the tournament's state once (a 404 for an unknown tournament,
JSON whatever the client accepts). Under a WSGI server (``make run``,
gunicorn) it answers a stream that never ends by itself (``tournaments.events``).
Under the ASGI server (``config.asgi``) the stream is answered on the event
loop before Django (``tournaments.events.asgi``); a request that reaches the
view there spelled the path otherwise (``/01/``):
it gets the current state and the end of the stream (the browser reconnects
in 3 s), never a thread held open for as long as the page is. Anyone may listen and nothing of
the visitor is read: no session, no token, no throttle (a hall's 2,000 phones
may share one address).
"""

from __future__ import annotations

from typing import Any

from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request

from tournaments.events import encode_event, sync_stream
from tournaments.events.hub import read_states
from tournaments.events.stream import first_state_to_send
from tournaments.live import WHAT

from .common import BaseApi
from .documents import PassthroughRenderer

__all__ = ["EVENT_SCHEMA", "EVENT_STREAM", "EventStreamApi", "served_by_the_asgi_server"]

EVENT_STREAM = "text/event-stream"

#: One event as a client that parses Server-Sent Events reads it (OpenAPI before
#: 3.2: the ``text/event-stream`` schema describes each event; the document is
#: 3.0, so ``data``'s JSON shape is pinned by a pattern over the exact bytes
#: ``encode_event`` writes, and described beside it).
EVENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "One Server-Sent Event.",
    "properties": {
        "event": {"type": "string", "enum": ["state"]},
        "id": {"type": "string", "pattern": r"^(0|[1-9][0-9]*)$", "description": "The version."},
        "data": {
            "type": "string",
            "description": 'JSON: {"tournament": <id>, "version": <the same as id>, "what": '
            + " | ".join(f'"{what}"' for what in WHAT)
            + "}.",
            "pattern": r'^\{"tournament": [1-9][0-9]*, "version": (0|[1-9][0-9]*), '
            + r'"what": "('
            + "|".join(WHAT)
            + r')"\}$',
            "example": '{"tournament": 7, "version": 12, "what": "result"}',
        },
    },
    "required": ["event", "id", "data"],
}

_DESCRIPTION = (
    "Server-Sent Events: the tournament's live version, at once and after every change of its"
    " public state (anyone)."
    "\n\n"
    'Each event is `id: <version>`, `event: state` and `data: {"tournament", "version", '
    '"what"}` (`what`: `result`, `draw`, `knockout`, `penalty`, `clock`, `ranking` or '
    "`other`; an event standing for several changes names the latest). A comment line (`: "
    "keep-alive`) comes at least every 20 s while nothing changes. With `Last-Event-ID` "
    "naming the current version the stream sends nothing until the next change; any other "
    "value (older, newer, not an integer) gets the current state at once. The stream stays "
    "open until the client leaves."
)


class EventStreamRenderer(PassthroughRenderer):
    """Lets content negotiation accept ``text/event-stream``; the view streams itself."""

    media_type = EVENT_STREAM
    format = "event-stream"


class EventStreamApi(BaseApi):
    """``GET /api/tournaments/{id}/events/``: the live version as Server-Sent Events."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes: list[Any] = []
    renderer_classes = [JSONRenderer, EventStreamRenderer]

    def perform_content_negotiation(self, request: Request, force: bool = False) -> Any:
        """Whatever the client accepts: the stream, or an error as JSON (never a 406)."""
        return super().perform_content_negotiation(request, force=True)

    def handle_exception(self, exc: Exception) -> Any:
        response = super().handle_exception(exc)
        # Errors are JSON even when the client asked for the stream.
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return response

    @extend_schema(
        operation_id="tournaments_events",
        description=_DESCRIPTION,
        parameters=[
            OpenApiParameter(
                "Last-Event-ID",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="The version of the last event the client received (on reconnect).",
            )
        ],
        responses={
            (200, EVENT_STREAM): OpenApiResponse(
                EVENT_SCHEMA, description="An endless stream of `state` events."
            )
        },
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponse | StreamingHttpResponse:
        state = read_states([tournament_id]).get(tournament_id)
        if state is None:
            raise exceptions.NotFound()
        last = request.headers.get("Last-Event-ID")
        response: HttpResponse | StreamingHttpResponse
        if served_by_the_asgi_server(request._request):
            first = encode_event(tournament_id, state) if first_state_to_send(state, last) else b""
            response = HttpResponse(first, content_type=EVENT_STREAM)
        else:
            response = StreamingHttpResponse(
                sync_stream(tournament_id, state, last), content_type=EVENT_STREAM
            )
        response["Cache-Control"] = "no-store"
        # For a proxy in front (nginx): pass each event on at once, do not buffer.
        response["X-Accel-Buffering"] = "no"
        return response


def served_by_the_asgi_server(request: HttpRequest) -> bool:
    """Whether ``request`` came through an ASGI server: Django's own ASGI handler, or
    ``config.asgi``'s thread pool (a2wsgi puts the ASGI scope into the WSGI environ)."""
    return isinstance(request, ASGIRequest) or "asgi.scope" in request.META
