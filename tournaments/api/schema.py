"""The OpenAPI schema tells the whole truth: every answer an operation can give.

Words used here:

- An **error answer** is any 4xx or 5xx: its body is always the one component
  ``Error`` (``errors.py`` builds it), whatever the operation.
- An operation's **error codes** are the stable ``code`` values it can answer,
  per status. Most follow from what the view is, and are found here so that a
  new endpoint is documented without a word of its own:

  - 400 from its input (request body or query parameters): the codes of its
    serializers' fields, ``unknown_field`` for a strict input,
    ``malformed_request`` for a body that does not parse;
  - 401 where it has authenticators (a wrong token), ``not_authenticated`` and
    403 ``permission_denied`` where anonymous callers are refused (found by
    asking the view's permission classes about an anonymous caller);
  - 403 also on writes with a session (CSRF);
  - 404 ``not_found`` where the path names an object;
  - 406, 413 and 415 from content negotiation and the request body;
  - 429 ``throttled`` where the view has throttles;
  - 503 ``service_unavailable`` everywhere (the database is unreachable).

  The rest a view **declares**: ``error_codes = {"post": {409: ["draw_locked"]}}``
  (method, status, codes its services raise).
- **Anonymous access** is listed as the empty security requirement ``{}``
  beside token and cookie where the permission classes let anyone in.

Views nest their serializers (``ResultApi.InputSerializer``), so plain class
names collide; components are named after the qualified name instead
(``ResultApiInput``). Strict inputs (``StrictSerializer``) refuse unknown keys,
so their components say ``additionalProperties: false``; they are input-only
and keep their name without drf-spectacular's ``Request`` suffix.

All of it goes through drf-spectacular's public seams: the inspector's public
methods here (``get_operation``, ``get_auth``, ``get_serializer_name``), and its
extensions and a post-processing hook in ``schema_extensions``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import SimpleNamespace
from typing import Any

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.openapi import AutoSchema as BaseAutoSchema
from drf_spectacular.plumbing import ResolvedComponent
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import SAFE_METHODS
from rest_framework.settings import api_settings

from .schema_extensions import list_bounds

__all__ = ["ERROR_COMPONENT", "AutoSchema", "ErrorCodes", "error_schema"]

#: Declared error codes of a view: method → status → codes.
ErrorCodes = Mapping[str, Mapping[int, Sequence[str]]]

ERROR_COMPONENT = "Error"
ERROR_REF = {"$ref": f"#/components/schemas/{ERROR_COMPONENT}"}

#: What each error status means, the same for every operation.
STATUS_TEXT = {
    400: "Invalid input, one item per problem (with its field, seat position, list index or "
    "spreadsheet row where it applies). Nothing was stored.",
    401: "Not signed in, or the token is wrong.",
    403: "Signed in without the right to do this (or, with a session, without the CSRF token).",
    404: "There is no such object.",
    406: "The Accept header asks for a media type this operation does not answer.",
    409: "Valid, but the tournament's state does not allow it now (or the first request "
    "with this Idempotency-Key is still being processed). Nothing was stored.",
    410: "Gone: withdrawn for an erasure (only its hash is kept).",
    413: "The request body is too large.",
    415: "The request body's media type is not accepted.",
    422: "This Idempotency-Key was already used (within 24 hours) for another method, path "
    "or body. Nothing was stored.",
    429: "Too many requests: try again after the seconds in Retry-After.",
    503: "Temporarily unavailable (e.g. the database): try again after the seconds in Retry-After.",
}

HEADERS = {
    401: {"WWW-Authenticate": "The authentication scheme to use (Token)."},
    429: {"Retry-After": "Seconds to wait before trying again."},
    503: {"Retry-After": "Seconds to wait before trying again."},
}

#: The methods that take an ``Idempotency-Key`` (api.md "Idempotency").
IDEMPOTENT_METHODS = frozenset({"POST", "PUT", "DELETE"})

IDEMPOTENCY_PARAMETER = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "description": "Makes the request safe to repeat: within 24 hours a request with a key "
    "already used by the same user (anonymous: on the same path) and the same method, path and "
    "body (byte for byte) answers what the first one answered, with Idempotent-Replayed: true, "
    "and changes nothing. Another method, path or body: 422 idempotency_key_reused; while the "
    "first is processed: 409 request_in_progress at once, with Retry-After. A 5xx is not kept. "
    "One client address holds at most 2,000 anonymous keys within 24 hours; beyond that a new "
    "key answers 429 too_many_idempotency_keys with Retry-After, and nothing is stored.",
    "schema": {"type": "string", "minLength": 1, "maxLength": 100, "pattern": r"^[!-~]{1,100}$"},
}

REPLAYED_RESPONSE_HEADER = {
    "Idempotent-Replayed": {
        "description": "true: the stored answer to an earlier request with this Idempotency-Key.",
        "schema": {"type": "string", "enum": ["true"]},
    }
}

#: DRF's error codes that ``errors.py`` reports under another name.
_RENAMED = {"null": "required", "blank": "required"}


def error_schema() -> dict[str, Any]:
    """The body of every error answer (``tournaments.http.api.error_body``)."""
    return {
        "type": "object",
        "description": "Every error answer of the API: one item per problem found.",
        "properties": {
            "errors": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "properties": {
                        "code": {
                            "type": "string",
                            "description": "Stable snake_case code; the operation's answer "
                            "lists the codes it can give.",
                        },
                        "message": {
                            "type": "string",
                            "description": "For people, in the request's language.",
                        },
                        "field": {
                            "type": "string",
                            "description": "The input field at fault, e.g. seats[2].lives.",
                        },
                        "position": {
                            "type": "integer",
                            "description": "The seat at fault.",
                        },
                        "index": {
                            "type": "integer",
                            "description": "The item of a posted list at fault.",
                        },
                        "row": {
                            "type": "integer",
                            "description": "The spreadsheet row at fault.",
                        },
                    },
                    "required": ["code", "message"],
                },
            }
        },
        "required": ["errors"],
    }


def input_codes(serializer: Any) -> set[str]:
    """Every error code the fields of ``serializer`` (a class, instance or list) can raise."""
    if isinstance(serializer, type):
        serializer = serializer()
    codes: set[str] = set()
    pending: list[Any] = [serializer]
    while pending:
        field = pending.pop()
        if not isinstance(field, serializers.Field):
            continue
        codes.update(_RENAMED.get(code, code) for code in field.error_messages)
        if isinstance(field, serializers.CharField):  # DRF's own validators
            codes.update({"null_characters_not_allowed", "surrogate_characters_not_allowed"})
        if isinstance(field, serializers.Serializer):
            pending.extend(field.fields.values())
        child = getattr(field, "child", None)
        if child is not None:
            pending.append(child)
    return codes


class AutoSchema(BaseAutoSchema):
    """drf-spectacular's inspector, plus every error answer and anonymous access."""

    # --- names and shapes -------------------------------------------------------

    def get_serializer_name(self, serializer: Any, direction: str) -> str:
        return type(serializer).__qualname__.replace(".", "").replace("Serializer", "")

    # --- who may call -------------------------------------------------------------

    def anyone_may_call(self) -> bool:
        """Whether every permission class of the view lets an anonymous caller in."""
        caller: Any = SimpleNamespace(method=self.method, user=AnonymousUser(), auth=None)
        try:
            return all(p.has_permission(caller, self.view) for p in self.view.get_permissions())
        except Exception:  # a permission that needs more than the method refuses anonymity
            return False

    def get_auth(self) -> list[dict[str, Any]]:
        auths = [auth for auth in super().get_auth() if auth]
        if self.anyone_may_call():
            auths.append({})
        return auths

    # --- error answers ----------------------------------------------------------

    def get_operation(
        self, path: str, path_regex: str, path_prefix: str, method: str, registry: Any
    ) -> dict[str, Any] | None:
        operation: dict[str, Any] | None = super().get_operation(
            path, path_regex, path_prefix, method, registry
        )
        if operation is None:
            return None
        # ``?format=`` picks a renderer only for people in a browser; documents
        # refuse it and JSON is the default: it is no part of the contract.
        skip = ("query", api_settings.URL_FORMAT_OVERRIDE)
        parameters = [p for p in operation.get("parameters", []) if (p["in"], p["name"]) != skip]
        if parameters:
            operation["parameters"] = parameters
        else:
            operation.pop("parameters", None)
        request = self.get_request_serializer() if "requestBody" in operation else None
        if isinstance(request, serializers.ListSerializer):  # a list body: its bounds
            for media in operation["requestBody"]["content"].values():
                media["schema"].update(list_bounds(request))
        self.registry.register_on_missing(
            ResolvedComponent(
                name=ERROR_COMPONENT,
                type=ResolvedComponent.SCHEMA,
                object=ERROR_COMPONENT,
                schema=error_schema(),
            )
        )
        responses = operation["responses"]
        idempotent = self.method in IDEMPOTENT_METHODS
        if idempotent:
            operation.setdefault("parameters", []).append(IDEMPOTENCY_PARAMETER)
        for status, codes in sorted(self.error_codes(operation).items()):
            responses.setdefault(str(status), self.error_response(status, codes))
        if idempotent:
            # Any kept answer may be a replay: every status below 500.
            for status, response in responses.items():
                if int(status) < 500:
                    response.setdefault("headers", {}).update(REPLAYED_RESPONSE_HEADER)
        return operation

    def declared_error_codes(self) -> Mapping[int, Sequence[str]]:
        declared: ErrorCodes = getattr(self.view, "error_codes", {})
        return declared.get(self.method.lower(), {})

    def error_codes(self, operation: Mapping[str, Any]) -> dict[int, set[str]]:
        """Status → the codes this operation can answer with it."""
        codes: dict[int, set[str]] = {406: {"not_acceptable"}, 503: {"service_unavailable"}}

        def add(status: int, found: Iterable[str]) -> None:
            codes.setdefault(status, set()).update(found)

        parameters = operation.get("parameters", [])
        if "requestBody" in operation:
            add(400, {"malformed_request", *self.body_codes()})
            add(413, {"request_too_large"})
            add(415, {"unsupported_media_type"})
        if any(p["in"] == "query" for p in parameters):
            add(400, self.query_codes())
        authenticators = self.view.get_authenticators()
        if authenticators:
            add(401, {"authentication_failed"})
        if {} not in operation.get("security", []):
            add(401, {"not_authenticated"})
            add(403, {"permission_denied"})
        elif self.method not in SAFE_METHODS and any(
            isinstance(a, SessionAuthentication) for a in authenticators
        ):
            add(403, {"permission_denied"})
        if any(p["in"] == "path" for p in parameters):
            add(404, {"not_found"})
        if self.view.get_throttles():
            add(429, {"throttled"})
        for status, declared in self.declared_error_codes().items():
            add(status, declared)
        if self.method in IDEMPOTENT_METHODS:
            add(400, {"invalid_idempotency_key"})
            add(409, {"request_in_progress"})
            add(422, {"idempotency_key_reused"})
            add(429, {"too_many_idempotency_keys"})
        return codes

    def body_codes(self) -> set[str]:
        request = self.get_request_serializer()
        found = request.values() if isinstance(request, dict) else [request]
        codes: set[str] = set()
        for serializer in found:
            if isinstance(serializer, serializers.BaseSerializer | type):
                codes |= input_codes(serializer)
        return codes

    def query_codes(self) -> set[str]:
        codes: set[str] = set()
        for parameter in self.get_override_parameters():
            if isinstance(parameter, serializers.BaseSerializer | type):
                codes |= input_codes(parameter)
        return codes

    def error_response(self, status: int, codes: Iterable[str]) -> dict[str, Any]:
        ordered = sorted(codes)
        response: dict[str, Any] = {
            "description": f"{STATUS_TEXT.get(status, 'Error.')} Codes: "
            + ", ".join(f"`{code}`" for code in ordered)
            + ".",
            "content": {"application/json": {"schema": ERROR_REF}},
            "x-error-codes": ordered,
        }
        if status in HEADERS:
            response["headers"] = {
                name: {"description": text, "schema": {"type": "string"}}
                for name, text in HEADERS[status].items()
            }
        return response
