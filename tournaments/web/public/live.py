"""Pages that refresh themselves: a page, its fragment, and ``304 Not Modified`` by ETag.

Words used here:

- A **live page** (leaderboard, projector, knockout) polls its **fragment**
  URL with htmx every ``POLL_SECONDS``; the fragment is the page's body alone.
- Each answer carries an **ETag**: the tournament's *live version*
  (``selectors.live_version``) qualified by the page's **kind** (``lb``,
  ``pj``, ``ko``), the language and the query string. The page carries the tag
  for its first poll; the script sends it back as ``If-None-Match``
  (``static/js/live.js``), and while nothing has changed the server answers
  ``304 Not Modified`` after a single cheap query, which htmx is told not to
  swap.

``live_views`` builds both views of a live page from one context function.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.views.decorators.http import condition

from tournaments.live import live_version, once_per_state
from tournaments.models import Tournament
from tournaments.web.public.cache import (
    StateBody,
    render_as_nobody,
    serve,
    state_body,
    state_page,
    state_version,
    variant,
)
from tournaments.web.public.common import load_tournament

#: Builds a live page's context from the request and the loaded tournament.
ContextFunction = Callable[[HttpRequest, Tournament], dict[str, Any]]
#: A view that takes the tournament id from the URL.
TournamentView = Callable[[HttpRequest, int], HttpResponse]


def live_etag(
    kind: str, request: HttpRequest, tournament_id: int, *, version: int | None = None
) -> str | None:
    """The live version, qualified by page, language and query string (the sort order)."""
    version = live_version(tournament_id) if version is None else version
    if version is None:
        return None
    variant = hashlib.blake2s(
        f"{get_language()}|{request.GET.urlencode()}".encode(), digest_size=4
    ).hexdigest()
    return f"{kind}-{version}-{variant}"


def live_response(response: HttpResponse) -> HttpResponse:
    """Fragments are revalidated on every poll and differ by language."""
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response


def header_context(tournament: Tournament, nav: str) -> dict[str, Any]:
    """What the site header needs to be drawn again for a logged-in visitor (plain data)."""
    return {"tournament": {"pk": tournament.pk, "name": tournament.name}, "nav": nav}


def live_views(
    *,
    name: str,
    kind: str,
    template: str,
    fragment_template: str,
    context: ContextFunction,
    page_context: ContextFunction | None = None,
) -> tuple[TournamentView, TournamentView]:
    """The page view and the fragment view of a live page, both once per state.

    ``name`` names the two views (``name`` and ``name_fragment``, as their
    URLs), in the module of ``context``. ``context`` builds what both render;
    ``page_context`` adds what only the full page needs. The page gets
    ``etag``, the tag of its first poll; the fragment answers 304 while the
    tag is unchanged (one query), and otherwise its body from the cache (see
    ``tournaments.web.public.cache``): rendered once per state, language and
    query string, whichever app process asks.
    """

    def etag(request: HttpRequest, tournament_id: int) -> str | None:
        version = live_version(tournament_id)
        request._live_version = version  # type: ignore[attr-defined]  # saves the fragment a query
        return live_etag(kind, request, tournament_id, version=version)

    def page(request: HttpRequest, tournament_id: int) -> HttpResponse:
        version = state_version(tournament_id)

        def draw() -> tuple[str, dict[str, Any]]:
            tournament = load_tournament(tournament_id)
            data = context(request, tournament)
            tag = live_etag(kind, request, tournament.pk, version=version)
            data["etag"] = quote_etag(tag or "")
            if page_context is not None:
                data.update(page_context(request, tournament))
            html = render_as_nobody(request, template, data)
            return html, header_context(tournament, data["nav"])

        return state_page(
            request, kind=name, tournament_id=tournament_id, render=draw, version=version
        )

    @condition(etag_func=etag)
    def fragment(request: HttpRequest, tournament_id: int) -> HttpResponse:
        version = getattr(request, "_live_version", None)
        if version is None:
            version = state_version(tournament_id)

        def draw() -> StateBody:
            tournament = load_tournament(tournament_id)
            return state_body(
                render_as_nobody(request, fragment_template, context(request, tournament))
            )

        state = once_per_state(
            kind=f"{name}_fragment",
            tournament_id=tournament_id,
            variant=variant(request),
            render=draw,
            version=version,
        )
        return live_response(serve(request, state))

    for view, view_name in ((page, name), (fragment, f"{name}_fragment")):
        view.__name__ = view.__qualname__ = view_name
        view.__module__ = context.__module__  # where the page is defined
    return page, fragment
