"""Public pages composed from their cached state part and a frame drawn per visitor.

Words used here:

- The **state part** of a page is what it shows of the tournament's state,
  between ``{% state %}`` and ``{% endstate %}`` (``templatetags.live_state``):
  the same for every visitor, rendered once per state **anonymously** (no
  user, no staff link, no CSRF token) and kept by ``once_per_state``.
- The **frame** is the rest: the site header (the visitor's name, the logout
  form with its token, the staff link), the title, the projector's QR code.
  It is drawn for each logged-in visitor around the cached state part, from
  **frame data** (plain data: the tournament's id and name, the menu entry)
  and the request. Nothing is cut out of or spliced into HTML.
- The one render that fills the cache renders the whole page anonymously, and
  keeps both the state part (captured by the tag) and the whole page
  (gzipped), which anonymous visitors get as it is.
- A page's **reads**: the query parameters it reads, each with the values it
  knows. Everything else in the query string (junk, tracking tags, unknown
  sort keys) is dropped before the page is rendered or looked up, so it makes
  no cache entry and costs no render. Nor does the ``Host`` header: nothing
  cached holds an absolute URL (the projector draws its QR code in the frame).
- A **live page** (leaderboard, projector, knockout) polls its **fragment**
  with htmx; the fragment answers ``304`` while its ETag is unchanged (one
  query), else its cached body (``live_views``).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse, QueryDict
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import quote_etag
from django.utils.translation import get_language

from tournaments.models import Tournament

from .http import StateBody, live_condition, live_etag, serve, state_body, state_version
from .store import STATE_RENDER_SECONDS, once_per_state, state_key

__all__ = [
    "ANONYMOUS_CONTEXT",
    "CachedPage",
    "LivePage",
    "Reads",
    "canonical_query",
    "frame_data_of",
    "live_views",
    "render_anonymously",
    "sort_values",
    "state_page",
]

T = TypeVar("T")

#: A page's query parameters and the values it knows of each.
Reads = Mapping[str, Collection[str]]
#: What a page renders from: the request as the page sees it (only the parameters
#: it reads), the live version and the variant; returns the context and the frame data.
Render = Callable[[HttpRequest, int, str], tuple[dict[str, Any], dict[str, Any]]]
#: Builds a context from the request and the loaded tournament.
ContextFunction = Callable[[HttpRequest, Tournament], dict[str, Any]]
#: A view that takes the tournament id from the URL.
TournamentView = Callable[[HttpRequest, int], HttpResponse]

#: What a page rendered for the cache sees instead of the visitor. The language
#: switch then takes its token from the CSRF cookie when it is sent
#: (``static/js/live.js``), so the page holds no secret and may be compressed.
ANONYMOUS_CONTEXT: dict[str, Any] = {
    "user": AnonymousUser(),
    "csrf_cookie_name": settings.CSRF_COOKIE_NAME,
    "show_staff_link": False,
    "csrf_from_cookie": True,
}


def sort_values(*keys: str) -> frozenset[str]:
    """The values of a ``sort`` parameter over ``keys``: each, ascending or descending."""
    return frozenset(keys) | {f"-{key}" for key in keys}


def canonical_query(request: HttpRequest, reads: Reads) -> QueryDict:
    """The query parameters the page reads, with values it knows, in a fixed order."""
    query = QueryDict(mutable=True)
    for name in sorted(reads):
        value = request.GET.get(name)
        if value is not None and value in reads[name]:
            query[name] = value
    query._mutable = False
    return query


def with_query(request: HttpRequest, query: QueryDict) -> HttpRequest:
    """A copy of ``request`` whose query string is only ``query``."""
    seen = copy.copy(request)
    seen.GET = query  # type: ignore[assignment]  # immutable, as Django's own
    seen.META = {**request.META, "QUERY_STRING": query.urlencode()}
    return seen


def render_anonymously(request: HttpRequest, template: str, context: dict[str, Any]) -> str:
    """``template`` rendered with nothing of the visitor in it (see ``ANONYMOUS_CONTEXT``)."""
    return render_to_string(template, {**context, **ANONYMOUS_CONTEXT}, request=request)


def frame_data_of(tournament: Tournament, nav: str, **more: Any) -> dict[str, Any]:
    """What the frame of a tournament's page needs, as plain data."""
    return {"tournament": {"pk": tournament.pk, "name": tournament.name}, "nav": nav, **more}


@dataclass(frozen=True)
class CachedPage:
    """One state of a page: the whole page rendered anonymously, its state part, and
    the frame data a logged-in visitor's page is drawn from around the state part."""

    page: StateBody
    state: str
    frame_data: dict[str, Any] = field(default_factory=dict)


def state_page(
    request: HttpRequest,
    *,
    kind: str,
    tournament_id: int,
    template: str,
    render: Render,
    reads: Reads | None = None,
    per_request: Callable[[HttpRequest], dict[str, Any]] | None = None,
) -> HttpResponse:
    """A public page: its state part once per state, its frame for each visitor.

    ``per_request`` adds to the frame what may differ between requests of the
    same state (the projector's absolute URL); a page that has it is composed
    for anonymous visitors too, instead of being served whole from the cache.
    """
    version = state_version(tournament_id)
    query = canonical_query(request, reads or {})
    variant = f"{get_language()}|{query.urlencode()}"

    def cached(part: str, render_part: Callable[[], T]) -> T:
        return once_per_state(
            kind=f"{kind}:{part}",
            tournament_id=tournament_id,
            version=version,
            variant=variant,
            render=render_part,
        )

    def draw() -> CachedPage:
        seen = with_query(request, query)
        match = request.resolver_match
        page_path = reverse(match.view_name, kwargs=match.kwargs) if match else request.path
        if query:
            page_path = f"{page_path}?{query.urlencode()}"
        context, frame_data = render(seen, version, variant)
        capture: list[str] = []
        html = render_anonymously(
            seen, template, {**context, "page_path": page_path, "state_capture": capture}
        )
        if len(capture) != 1:
            raise ImproperlyConfigured(f"{template} needs one {{% state %}} part.")
        drawn = CachedPage(
            page=state_body(html) if per_request is None else StateBody(body=b""),
            state=capture[0],
            frame_data={**frame_data, "page_path": page_path},
        )
        # Kept as two entries: an anonymous visitor's request loads only the page.
        key = functools.partial(
            state_key, tournament_id=tournament_id, version=version, variant=variant
        )
        cache.set_many(
            {
                key(kind=f"{kind}:page"): drawn.page,
                key(kind=f"{kind}:state"): (drawn.state, drawn.frame_data),
            },
            timeout=STATE_RENDER_SECONDS,
        )
        return drawn

    if not request.user.is_authenticated and settings.CSRF_COOKIE_NAME not in request.COOKIES:
        get_token(request)  # the cookie the language switch sends its token from
    if request.user.is_authenticated or per_request is not None:

        def state_and_frame_data() -> tuple[str, dict[str, Any]]:
            drawn = draw()
            return drawn.state, drawn.frame_data

        state, frame_data = cached("state", state_and_frame_data)
        frame = {
            **frame_data,
            **_frame(with_query(request, query), per_request),
            "state_body": state,
        }
        if request.user.is_authenticated:
            response = HttpResponse(render_to_string(template, frame, request=request))
        else:  # drawn anonymously: it may be compressed
            response = serve(request, state_body(render_anonymously(request, template, frame)))
    else:
        page = cached("page", lambda: draw().page)
        response = serve(request, page)
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response


def _frame(
    request: HttpRequest, per_request: Callable[[HttpRequest], dict[str, Any]] | None
) -> dict[str, Any]:
    return per_request(request) if per_request is not None else {}


@dataclass(frozen=True)
class LivePage:
    """A page that refreshes itself: its page view and its fragment view.

    ``context`` builds what both render; ``page_context`` adds what only the
    full page needs (per state); ``per_request`` what the frame needs per
    request (see ``state_page``). ``kind`` qualifies the ETag (``lb``).
    """

    name: str
    kind: str
    template: str
    fragment_template: str
    load: Callable[[int], Tournament]
    context: ContextFunction
    page_context: ContextFunction | None = None
    per_request: Callable[[HttpRequest], dict[str, Any]] | None = None
    reads: Reads = field(default_factory=dict)


def live_views(live: LivePage) -> tuple[TournamentView, TournamentView]:
    """The page view and the fragment view of a live page, both once per state.

    The page carries ``etag``, the tag of its first poll; the fragment answers
    ``304`` while the tag is unchanged (one query), and otherwise its body from
    the cache: rendered once per state, language and query parameters read,
    whichever app process asks.
    """

    def page(request: HttpRequest, tournament_id: int) -> HttpResponse:
        def render(
            seen: HttpRequest, version: int, variant: str
        ) -> tuple[dict[str, Any], dict[str, Any]]:
            tournament = live.load(tournament_id)
            data = live.context(seen, tournament)
            data["etag"] = quote_etag(live_etag(live.kind, version=version, variant=variant))
            if live.page_context is not None:
                data.update(live.page_context(seen, tournament))
            return data, frame_data_of(
                tournament, data["nav"], finished=data.get("finished", False)
            )

        return state_page(
            request,
            kind=live.name,
            tournament_id=tournament_id,
            template=live.template,
            render=render,
            reads=live.reads,
            per_request=live.per_request,
        )

    def poll(request: HttpRequest, tournament_id: int) -> tuple[int, str, QueryDict]:
        """The version, variant and query a poll reads: once per request, so that the
        tag and the body cost one query together (kept on the request)."""
        if not hasattr(request, "live_poll"):
            query = canonical_query(request, live.reads)
            variant = f"{get_language()}|{query.urlencode()}"
            request.live_poll = (state_version(tournament_id), variant, query)  # type: ignore[attr-defined]
        found: tuple[int, str, QueryDict] = request.live_poll  # type: ignore[attr-defined]
        return found

    def fragment_etag(request: HttpRequest, tournament_id: int) -> str:
        version, variant, _ = poll(request, tournament_id)
        return live_etag(live.kind, version=version, variant=variant)

    @live_condition(fragment_etag)
    def fragment(request: HttpRequest, tournament_id: int) -> HttpResponse:
        version, variant, query = poll(request, tournament_id)
        seen = with_query(request, query)

        def draw() -> StateBody:
            tournament = live.load(tournament_id)
            html = render_anonymously(seen, live.fragment_template, live.context(seen, tournament))
            return state_body(html)

        state = once_per_state(
            kind=f"{live.name}:fragment",
            tournament_id=tournament_id,
            version=version,
            variant=variant,
            render=draw,
        )
        return serve(request, state)

    page.__name__ = page.__qualname__ = live.name
    fragment.__name__ = fragment.__qualname__ = f"{live.name}_fragment"
    return page, fragment
