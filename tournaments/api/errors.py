"""Every API error in one shape: ``{"errors": [{"code", "message", "field"?, "position"?}]}``.

Everything under ``/api/`` answers errors this way, as JSON whatever the
client accepts: DRF's exceptions through ``exception_handler``, and what
Django answers itself (an unmatched path, a server error) through
``tournaments.http.errors`` (the handlers and ``ApiErrorsMiddleware``). The
body is ``tournaments.http.api.error_body``'s, here and there alike. A
database that cannot be reached answers ``503 service_unavailable`` with
``Retry-After``. ``schema.py`` documents the shape and the codes.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from tournaments.errors import DomainError
from tournaments.http.api import error_body
from tournaments.http.outage import DATABASE_ERRORS, RETRY_AFTER, api_unavailable

_CODES = {
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
    exceptions.ParseError: "malformed_request",
}

_KEPT_HEADERS = {"WWW-Authenticate", "Retry-After", "Allow"}

logger = logging.getLogger(__name__)


class Unavailable(exceptions.APIException):
    """``503 service_unavailable`` with ``Retry-After``: try again in a moment."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "service_unavailable"

    def __init__(self, *, retry_after: int) -> None:
        super().__init__()
        self.retry_after = retry_after


def error_response(errors: list[dict[str, Any]], status_code: int, headers: Any = None) -> Response:
    """DRF's ``Response`` with ``errors`` in the error body."""
    return Response(error_body(*errors), status=status_code, headers=headers)


def _is_leaf(detail: Any) -> bool:
    return isinstance(detail, dict) and isinstance(detail.get("message"), str) and "code" in detail


def _flatten(detail: Any, path: tuple[str | int, ...] = ()) -> list[dict[str, Any]]:
    """Turn DRF's nested error details into flat error items.

    A leading list index becomes ``index`` (the item of a posted list); the rest
    of the path becomes ``field``, e.g. ``seats[2].lives``.
    """
    if _is_leaf(detail):
        item: dict[str, Any] = {
            "code": _normalise_code(detail["code"]),
            "message": str(detail["message"]),
        }
        parts = list(path)
        if parts and isinstance(parts[0], int):
            item["index"] = parts.pop(0)
        field = ""
        for part in parts:
            if part == "non_field_errors":
                continue
            field += f"[{part}]" if isinstance(part, int) else (f".{part}" if field else str(part))
        if field:
            item["field"] = field
        return [item]
    items: list[dict[str, Any]] = []
    if isinstance(detail, dict):
        for key, value in detail.items():
            items.extend(_flatten(value, (*path, key)))
    elif isinstance(detail, list):
        for i, value in enumerate(detail):
            items.extend(_flatten(value, path if _is_leaf(value) else (*path, i)))
    return items


def _normalise_code(code: str) -> str:
    return {
        "required": "required",
        "invalid": "invalid",
        "null": "required",
        "blank": "required",
    }.get(code, code)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    response = _handle(exc, context)
    request = context.get("request")
    if response is not None and request is not None:
        # Errors are JSON, whatever the client accepts (a PDF, the browsable page).
        request.accepted_renderer = JSONRenderer()
        request.accepted_media_type = JSONRenderer.media_type
    return response


def _handle(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DATABASE_ERRORS):
        # The database is unreachable (a restart, a full pool): try again shortly.
        logger.error("database unavailable: %s", exc, exc_info=exc)
        return Response(
            api_unavailable(),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(RETRY_AFTER), "Cache-Control": "no-store"},
        )
    if isinstance(exc, Unavailable):
        return Response(
            api_unavailable(),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(exc.retry_after), "Cache-Control": "no-store"},
        )
    if isinstance(exc, DomainError):
        return error_response([e.as_dict() for e in exc.errors], exc.status_code)
    if isinstance(exc, RequestDataTooBig):
        return error_response(
            [{"code": "request_too_large", "message": _("The request is too large.")}],
            status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, SuspiciousOperation):
        return error_response(
            [{"code": "malformed_request", "message": _("The request is malformed.")}],
            status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        items = _flatten(exc.get_full_details())
        if not items:
            items = [{"code": "invalid", "message": _("The request is invalid.")}]
        return error_response(items, status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, exceptions.APIException):
        code = next((c for cls, c in _CODES.items() if isinstance(exc, cls)), exc.default_code)
        return error_response(
            [{"code": code, "message": str(exc.detail)}],
            response.status_code,
            headers={k: v for k, v in response.items() if k in _KEPT_HEADERS},
        )
    return response
