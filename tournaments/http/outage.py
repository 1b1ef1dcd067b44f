"""Answers while the database is unreachable: ``503`` with ``Retry-After``, never a 500.

A restart of PostgreSQL (or a full connection pool) raises ``OperationalError``
or ``InterfaceError`` wherever the next query runs: in a view, in the session
or in the authentication. The API answers in its error shape
(``{"errors": [{"code": "service_unavailable", ...}]}``), pages with the plain
``503.html``, rendered without a request context so that it needs no database.
"""

from __future__ import annotations

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _

from .api import ErrorBody, error_body, is_api

__all__ = ["DATABASE_ERRORS", "RETRY_AFTER", "api_unavailable", "unavailable"]

DATABASE_ERRORS = (OperationalError, InterfaceError)
#: Seconds a client should wait before trying again.
RETRY_AFTER = 30


def api_unavailable() -> ErrorBody:
    """The API's error body while the database is unreachable."""
    return error_body(
        {
            "code": "service_unavailable",
            "message": _("The service is briefly unavailable; please try again shortly."),
        }
    )


def unavailable(request: HttpRequest) -> HttpResponse:
    """``503``: JSON in the error shape under ``/api/``, the plain 503 page elsewhere."""
    response: HttpResponse
    if is_api(request):
        response = JsonResponse(api_unavailable(), status=503)
    else:
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response
