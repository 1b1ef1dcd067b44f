"""The HTTP side of state renders: gzipped state bodies, the ETag and ``304 Not Modified``.

Words used here:

- A **state body** is a response body computed from the tournament's state
  alone: the bytes, and their gzip when that pays (compressed once per state,
  not per request).
- A **live ETag** is the tournament's live version qualified by what is shown
  (``lb``, ``pj``, ``ko``, ``standings``), the language and the query
  parameters read. A poll sends it back as ``If-None-Match``
  (``static/js/live.js``); while nothing has changed the answer is ``304 Not
  Modified`` after a single cheap query. Django's ``condition`` compares the
  tags and answers the ``304``; ``live_condition`` adds only ``no_cache``,
  which ``condition`` does not put on a ``304``.

The gzip rule (BREACH): only a state body is ever compressed; a response that
carries a CSRF token or anything of the visitor is never compressed.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import condition

from .version import live_version

__all__ = [
    "GZIP_MIN_BYTES",
    "StateBody",
    "live_condition",
    "live_etag",
    "no_cache",
    "serve",
    "state_body",
    "state_version",
]

#: Bodies smaller than this are sent as they are: gzip would not pay.
GZIP_MIN_BYTES = 1024
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")


@dataclass(frozen=True)
class StateBody:
    """A body computed once per state, and its gzip ("" where that would not pay)."""

    body: bytes
    gzipped: bytes = b""


def state_body(text: str) -> StateBody:
    """``text`` encoded, and compressed once if that pays."""
    body = text.encode()
    gzipped = gzip.compress(body, compresslevel=6) if len(body) >= GZIP_MIN_BYTES else b""
    return StateBody(body=body, gzipped=gzipped)


def state_version(tournament_id: int) -> int:
    """The tournament's live version; 404 for an unknown tournament."""
    version = live_version(tournament_id)
    if version is None:
        raise Http404("No such tournament.")
    return version


def serve(
    request: HttpRequest, state: StateBody, *, content_type: str = "text/html; charset=utf-8"
) -> HttpResponse:
    """A state body, gzipped when the client accepts it."""
    if state.gzipped and _ACCEPTS_GZIP.search(request.headers.get("Accept-Encoding", "")):
        response = HttpResponse(state.gzipped, content_type=content_type)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(state.body, content_type=content_type)
    patch_vary_headers(response, ["Accept-Encoding"])
    return response


def live_etag(kind: str, *, version: int, variant: str) -> str:
    """The tag of what ``kind`` shows at ``version``; ``variant`` as in ``once_per_state``."""
    digest = hashlib.blake2s(variant.encode(), digest_size=4).hexdigest()
    return f"{kind}-{version}-{digest}"


View = Callable[..., HttpResponse]


def live_condition(etag: Callable[..., str]) -> Callable[[View], View]:
    """Django's ``condition(etag_func=etag)``, every answer (the ``304`` too) ``no_cache``."""

    def decorator(view: View) -> View:
        conditional = condition(etag_func=etag)(view)

        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            return no_cache(conditional(request, *args, **kwargs))

        return wrapped

    return decorator


def no_cache(response: HttpResponse) -> HttpResponse:
    """A live answer: revalidated on every poll, different by language and login."""
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response
