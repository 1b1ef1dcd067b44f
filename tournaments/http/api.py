"""The two things every part of the site knows of the API: which requests are
its requests, and the body of its error answers.

- ``is_api(request)``: ``/api`` and everything below it. The error pages, the
  outage answer, idempotency, the login throttle and the caching headers all
  ask here, so that a path is the API's for all of them or for none.
- ``error_body(*errors)``: ``{"errors": [{"code", "message", ...}, ...]}``,
  one item per problem, the ``message`` in the request's language. The API's
  exception handler (``tournaments.api.errors``), Django's error handlers,
  the outage answer, idempotency and the login throttle answer with it;
  ``error_json`` is the ``JsonResponse`` of one such error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, JsonResponse

__all__ = ["ErrorBody", "error_body", "error_json", "is_api"]

ErrorBody = dict[str, list[dict[str, Any]]]


def is_api(request: HttpRequest) -> bool:
    """Is this a request to the API (``/api`` and below)?"""
    return request.path_info == "/api" or request.path_info.startswith("/api/")


def error_body(*errors: Mapping[str, Any]) -> ErrorBody:
    """The body of an error answer: each of ``errors`` has a ``code`` and a
    ``message`` (a lazy translation is rendered now), and may say where the
    problem is (``field``, ``index``, ``position``)."""
    return {"errors": [{**error, "message": str(error["message"])} for error in errors]}


def error_json(status: int, code: str, message: Any) -> JsonResponse:
    """``status`` with one error in the body of ``error_body``."""
    return JsonResponse(error_body({"code": code, "message": message}), status=status)
