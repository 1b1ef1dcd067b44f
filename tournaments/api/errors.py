"""Every API error in one shape: ``{"errors": [{"code", "message", "field"?, "position"?}]}``.

Everything under ``/api/`` answers errors this way, as JSON whatever the
client accepts: DRF's exceptions through ``exception_handler``, and what
Django answers itself (an unmatched path, a server error) through the
``handler400/403/404/500`` views that ``config/urls.py`` installs
(``api_error_view``), which leave the other paths to Django's pages. A
database that cannot be reached answers ``503 service_unavailable`` with
``Retry-After``. ``schema.py`` documents the shape and the codes.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from tournaments.errors import DomainError
from tournaments.web.outage import DATABASE_ERRORS, RETRY_AFTER, api_unavailable, unavailable

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


def error_response(errors: list[dict[str, Any]], status_code: int, headers: Any = None) -> Response:
    return Response({"errors": errors}, status=status_code, headers=headers)


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


#: What Django itself answers under ``/api/``: status, code and message.
_DJANGO_ERRORS: dict[int, tuple[str, Any]] = {
    400: ("malformed_request", lambda: _("The request is malformed.")),
    403: ("permission_denied", lambda: exceptions.PermissionDenied.default_detail),
    404: ("not_found", lambda: exceptions.NotFound.default_detail),
    500: ("server_error", lambda: _("Something went wrong on the server; it has been logged.")),
}

_DJANGO_PAGES: dict[int, Callable[..., HttpResponse]] = {
    400: defaults.bad_request,
    403: defaults.permission_denied,
    404: defaults.page_not_found,
    500: defaults.server_error,
}


def is_api(request: HttpRequest) -> bool:
    return request.path_info == "/api" or request.path_info.startswith("/api/")


def api_error_view(status_code: int) -> Callable[..., HttpResponse]:
    """Django's error view for ``status_code``, in the API's shape under ``/api/``."""
    code, message = _DJANGO_ERRORS[status_code]
    page = _DJANGO_PAGES[status_code]

    def view(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
        if not is_api(request):
            return page(request) if status_code == 500 else page(request, exception)
        body = {"errors": [{"code": code, "message": str(message())}]}
        return JsonResponse(body, status=status_code)

    view.__name__ = f"api_error_{status_code}"
    return view


bad_request = api_error_view(400)
permission_denied = api_error_view(403)
not_found = api_error_view(404)
_server_error = api_error_view(500)


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: a database outage is a 503 (``web.outage``), anything else a 500."""
    if isinstance(sys.exc_info()[1], DATABASE_ERRORS):
        return unavailable(request)
    return _server_error(request)
