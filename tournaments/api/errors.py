"""Every API error in one shape: ``{"errors": [{"code", "message", "field"?, "position"?}]}``."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from tournaments.errors import DomainError

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


def error_response(errors: list[dict[str, Any]], status_code: int, headers: Any = None) -> Response:
    return Response({"errors": errors}, status=status_code, headers=headers)


def _flatten(
    detail: Any, *, field: str | None = None, index: int | None = None
) -> list[dict[str, Any]]:
    """Turn DRF's nested error details into flat error items."""
    items: list[dict[str, Any]] = []
    if isinstance(detail, dict):
        if "message" in detail and "code" in detail and isinstance(detail["message"], str):
            item: dict[str, Any] = {
                "code": _normalise_code(detail["code"]),
                "message": detail["message"],
            }
            if field and field != "non_field_errors":
                item["field"] = field
            if index is not None:
                item["index"] = index
            return [item]
        for key, value in detail.items():
            name = key if field is None or key == "non_field_errors" else f"{field}.{key}"
            if key == "non_field_errors":
                name = field
            items.extend(_flatten(value, field=name, index=index))
    elif isinstance(detail, list):
        for i, value in enumerate(detail):
            if isinstance(value, dict) and not ("message" in value and "code" in value):
                if field is None:
                    items.extend(_flatten(value, field=None, index=i))
                else:
                    items.extend(_flatten(value, field=f"{field}[{i}]", index=index))
            else:
                items.extend(_flatten(value, field=field, index=index))
    return items


def _normalise_code(code: str) -> str:
    return {
        "required": "required",
        "invalid": "invalid",
        "null": "required",
        "blank": "required",
    }.get(code, code)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DomainError):
        return error_response([e.as_dict() for e in exc.errors], exc.status_code)
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
