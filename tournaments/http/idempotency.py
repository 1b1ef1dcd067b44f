"""Idempotency keys: a write that arrives twice acts once (api.md "Idempotency", rules.md §12).

Every ``POST``, ``PUT`` and ``DELETE`` under ``/api/`` may carry
``Idempotency-Key``; so do the pages' result form, confirmations and penalties
(the header from ``static/js/outbox.js``, or the hidden field
``idempotency_key`` where a page is sent without script). ``IdempotencyMiddleware``:

1. finds the request's **scope**: the user it is authenticated as, or for
   anonymous requests its path. Under ``/api/`` the user is the one DRF's
   own authentication classes of the view find (a token, or a session with
   a valid CSRF token), asked before the view runs; on a page it is the
   session's user, with Django's CSRF check. A request whose credentials are
   refused (a wrong token, a missing CSRF token) is nobody's request: it
   passes through and is answered as without a key (with
   ``Idempotency-Key-Ignored: credentials``, which tells the phone's outbox
   to ask for a login), so that it cannot use up a key;
2. **claims** the key with an insert into ``IdempotencyKey`` *before* the view
   runs. The unique constraint on (scope, key) lets exactly one request win,
   in every process of every app server over the database;
3. the winner runs the view; its answer (status, body and the headers that
   describe the body) is stored, except a ``5xx``: then the claim is released
   and the key may be used again;
4. a later request with the key replays the stored answer with
   ``Idempotent-Replayed: true`` if method, path and body (byte for byte) are
   the same, else answers ``422 idempotency_key_reused``; while the first is
   still being processed it answers ``409 request_in_progress`` with
   ``Retry-After: 1`` at once (as pretix's idempotency middleware does): a
   server thread is never held waiting for another request's answer, and the
   client's resend a second later gets the stored answer.

A stored answer keeps what a replay sends (the status, the headers that
describe the body, the body compressed where that is smaller) and lives
``IDEMPOTENCY_TTL`` (24 hours); after that the key is new again. An anonymous
key keeps the client's address (``client.client_address``), and one address
holds at most ``IDEMPOTENCY_ANONYMOUS_KEYS`` (2,000) keys within the TTL:
beyond that a request with a new key answers ``429 too_many_idempotency_keys``
with ``Retry-After`` (until its oldest key expires), is not acted on and
leaves nothing stored (the claim is inserted, counted and withdrawn, so that
concurrent claims never leave more). Requests without a key, replays of a key
the address holds, and users' keys are not counted. Expired keys are deleted
now and then on a claim and by ``manage.py idempotency_cleanup``. A claim left
in progress by a process that died is taken over after ``IDEMPOTENCY_STALE``.
"""

from __future__ import annotations

import hashlib
import logging
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import RequestDataTooBig
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.urls import Resolver404, resolve
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authentication import BaseAuthentication, CSRFCheck
from rest_framework.exceptions import APIException
from rest_framework.request import Request
from rest_framework.views import APIView

from tournaments.models import IdempotencyKey

from .api import error_json, is_api
from .client import client_address

__all__ = [
    "FIELD",
    "HEADER",
    "IGNORED_HEADER",
    "KEY_PATTERN",
    "REPLAYED_HEADER",
    "IdempotencyMiddleware",
    "purge_expired",
    "purge_now_and_then",
]

logger = logging.getLogger(__name__)

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
#: On an answer whose request's key was not used because its credentials were refused.
IGNORED_HEADER = "Idempotency-Key-Ignored"
#: The hidden field of a page's form that carries the key where no script sends the header.
FIELD = "idempotency_key"
#: 1 to 100 visible ASCII characters.
KEY_PATTERN = re.compile(r"[\x21-\x7e]{1,100}")
WRITE_METHODS = frozenset({"POST", "PUT", "DELETE"})
#: The headers of an answer that describe its body; a replay carries them too.
KEPT_HEADERS = (
    "Content-Type",
    "Content-Language",
    "Content-Disposition",
    "Location",
    "Retry-After",
    "WWW-Authenticate",
)
#: How often (one claim in N) a claim also deletes the expired keys.
PURGE_ONE_IN = 50
#: Seconds after which a request that found its key in progress may try again.
RETRY_AFTER = 1


def ttl() -> timedelta:
    return getattr(settings, "IDEMPOTENCY_TTL", timedelta(hours=24))


def anonymous_bound() -> int:
    """How many anonymous keys one client address may hold within the TTL."""
    return int(getattr(settings, "IDEMPOTENCY_ANONYMOUS_KEYS", 2000))


def purge_now_and_then() -> bool:
    """Whether this claim also deletes the expired keys (one claim in ``PURGE_ONE_IN``)."""
    return random.randrange(PURGE_ONE_IN) == 0


def purge_expired() -> int:
    """Delete every key older than the TTL; how many were deleted."""
    deleted, _by_model = IdempotencyKey.objects.filter(
        created_at__lte=timezone.now() - ttl()
    ).delete()
    return deleted


@dataclass(frozen=True)
class Fingerprint:
    """What makes two requests with one key the same request."""

    method: str
    path: str
    body_sha256: str

    @classmethod
    def of(cls, request: HttpRequest, body: bytes) -> Fingerprint:
        return cls(request.method or "", request.get_full_path(), hashlib.sha256(body).hexdigest())

    def matches(self, row: IdempotencyKey) -> bool:
        return (row.method, row.path, row.body_sha256) == (
            self.method,
            self.path,
            self.body_sha256,
        )


def request_key(request: HttpRequest) -> str | None:
    """The request's key: the header, or on a page's form the hidden field."""
    key = request.headers.get(HEADER)
    if key is not None:
        return key
    if is_api(request) or request.content_type != "application/x-www-form-urlencoded":
        return None
    if "HX-Request" in request.headers:
        # htmx sends the form's fields along (the live check of the result form):
        # not the submission the key belongs to.
        return None
    field = request.POST.get(FIELD)
    return field or None


def _csrf_ok(request: HttpRequest) -> bool:
    """Whether Django's CSRF check accepts (the pages check it for everyone)."""
    check = CSRFCheck(lambda _request: HttpResponse())
    check.process_request(request)
    return check.process_view(request, None, (), {}) is None  # type: ignore[arg-type]


def _api_user(request: HttpRequest, view: Any) -> Any:
    """The user the view's DRF authentication classes find (``AnonymousUser`` without
    credentials), or None if they refuse the credentials. Asked of each class as
    DRF's ``Request`` asks it, without setting ``request.user``: the view's own
    authentication runs as it always does."""
    classes: Sequence[type[BaseAuthentication]] = getattr(
        view, "authentication_classes", APIView.authentication_classes
    )
    wrapped = Request(request)
    for authentication in classes:
        try:
            found = authentication().authenticate(wrapped)
        except APIException:  # a wrong token, a session without its CSRF token
            return None
        if found is not None:
            return found[0]
    return AnonymousUser()


def request_scope(request: HttpRequest, view: Any = None) -> str | None:
    """``user:<id>``, ``path:<sha256 of the path>``, or None: credentials refused.

    ``view`` is the class (or function) of the view that answers the request."""
    if is_api(request):
        user = _api_user(request, view)
    elif _csrf_ok(request):
        user = getattr(request, "user", AnonymousUser())
    else:
        user = None  # the page's form would be refused
    if user is None:
        return None
    if user.is_authenticated:
        return f"user:{user.pk}"
    return "path:" + hashlib.sha256(request.path.encode()).hexdigest()


@dataclass(frozen=True)
class Claim:
    """The outcome of claiming a key: ``state`` is claimed, stored, reused, in_progress,
    or too_many (the address holds its bound of anonymous keys: ``retry_after`` seconds)."""

    state: str
    row: IdempotencyKey | None = None
    retry_after: int = 0


def _beyond_bound(row: IdempotencyKey) -> int:
    """0 if ``row``'s address holds no more than its bound of keys, else the seconds
    until the oldest of them expires."""
    held = IdempotencyKey.objects.filter(address=row.address, created_at__gt=row.created_at - ttl())
    if held.count() <= anonymous_bound():
        return 0
    oldest = held.order_by("created_at").values_list("created_at", flat=True).first()
    left = (oldest or row.created_at) + ttl() - row.created_at
    return max(1, int(left.total_seconds()) + 1)


def claim(scope: str, key: str, fingerprint: Fingerprint, *, address: str = "") -> Claim:
    """Insert the key for this request, or find what the first request with it did.

    ``address`` is the client's for an anonymous key ("" for a user's)."""
    stale = getattr(settings, "IDEMPOTENCY_STALE", timedelta(minutes=5))
    if purge_now_and_then():
        purge_expired()
    while True:
        now = timezone.now()
        try:
            with transaction.atomic():
                row = IdempotencyKey.objects.create(
                    scope=scope,
                    key=key,
                    method=fingerprint.method,
                    path=fingerprint.path,
                    body_sha256=fingerprint.body_sha256,
                    created_at=now,
                    address=address[:64],
                )
        except IntegrityError:
            pass
        else:
            if address and (retry_after := _beyond_bound(row)):
                release(row)
                return Claim("too_many", retry_after=retry_after)
            return Claim("claimed", row)
        found = IdempotencyKey.objects.filter(scope=scope, key=key).first()
        if found is None:  # released meanwhile (a 5xx): claim it again
            continue
        expired = found.created_at <= now - ttl()
        abandoned = found.status is None and found.created_at <= now - stale
        if expired or abandoned:
            IdempotencyKey.objects.filter(pk=found.pk, created_at=found.created_at).delete()
            continue
        if not fingerprint.matches(found):
            return Claim("reused", found)
        return Claim("in_progress" if found.status is None else "stored", found)


def _error(request: HttpRequest, status: int, code: str, message: str) -> HttpResponse:
    """An error in the API's shape under ``/api/``; plain text for a page's script."""
    if is_api(request):
        return error_json(status, code, message)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def replay(row: IdempotencyKey) -> HttpResponse:
    response = HttpResponse(row.answer_body(), status=row.status or 200)
    for name, value in row.headers.items():
        response[name] = value
    response[REPLAYED_HEADER] = "true"
    response["Cache-Control"] = "no-store"
    return response


def store(row: IdempotencyKey, response: HttpResponseBase) -> None:
    assert isinstance(response, HttpResponse)
    headers = {name: response[name] for name in KEPT_HEADERS if response.has_header(name)}
    body, body_zlib = IdempotencyKey.packed(response.content)
    IdempotencyKey.objects.filter(pk=row.pk).update(
        status=response.status_code, headers=headers, body=body, body_zlib=body_zlib
    )


def release(row: IdempotencyKey) -> None:
    IdempotencyKey.objects.filter(pk=row.pk).delete()


def _view(request: HttpRequest) -> Any:
    """The view that answers this path and method (its class, or the function), or
    None: a key never turns a 404 or a ``405 Method Not Allowed`` into a replay or ``422``."""
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    view = getattr(match.func, "cls", None) or getattr(match.func, "view_class", None)
    if view is None:
        return match.func
    return view if hasattr(view, str(request.method).lower()) else None


class IdempotencyMiddleware:
    """Claims, replays and stores keyed writes (see the module's docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.method not in WRITE_METHODS:
            return self.get_response(request)
        try:
            body = request.body
            key = request_key(request)
        except RequestDataTooBig:
            return self.get_response(request)
        view = None if key is None else _view(request)
        if key is None or view is None:
            return self.get_response(request)  # unkeyed, or the view's own 404/405
        if not KEY_PATTERN.fullmatch(key):
            return _error(
                request,
                400,
                "invalid_idempotency_key",
                _("The Idempotency-Key must be 1 to 100 visible ASCII characters."),
            )
        scope = request_scope(request, view)
        if scope is None:
            refused = self.get_response(request)
            refused[IGNORED_HEADER] = "credentials"
            return refused
        anonymous = not scope.startswith("user:")
        found = claim(
            scope, key, Fingerprint.of(request, body), address=client_address(request) * anonymous
        )
        if found.state == "too_many":
            refused = _error(
                request,
                429,
                "too_many_idempotency_keys",
                _(
                    "Too many requests with new Idempotency-Keys from this address; "
                    "try again later."
                ),
            )
            refused["Retry-After"] = str(found.retry_after)
            return refused
        assert found.row is not None
        if found.state == "stored":
            return replay(found.row)
        if found.state == "reused":
            return _error(
                request,
                422,
                "idempotency_key_reused",
                _("This Idempotency-Key was already used for another request."),
            )
        if found.state == "in_progress":
            busy = _error(
                request,
                409,
                "request_in_progress",
                _("A request with this Idempotency-Key is still being processed."),
            )
            busy["Retry-After"] = str(RETRY_AFTER)
            return busy
        try:
            response = self.get_response(request)
        except BaseException:
            release(found.row)
            raise
        if response.status_code >= 500 or response.streaming:
            release(found.row)  # the key may be used again
        else:
            store(found.row, response)
        return response
