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
from django.shortcuts import render
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.views.decorators.http import condition

from tournaments.models import Tournament
from tournaments.selectors import live_version
from tournaments.web.public.common import load_tournament

#: Builds a live page's context from the request and the loaded tournament.
ContextFunction = Callable[[HttpRequest, Tournament], dict[str, Any]]
#: A view that takes the tournament id from the URL.
TournamentView = Callable[[HttpRequest, int], HttpResponse]


def live_etag(kind: str, request: HttpRequest, tournament_id: int) -> str | None:
    """The live version, qualified by page, language and query string (the sort order)."""
    version = live_version(tournament_id)
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


def live_views(
    *,
    name: str,
    kind: str,
    template: str,
    fragment_template: str,
    context: ContextFunction,
    page_context: ContextFunction | None = None,
) -> tuple[TournamentView, TournamentView]:
    """The page view and the fragment view of a live page.

    ``name`` names the two views (``name`` and ``name_fragment``, as their
    URLs), in the module of ``context``. ``context`` builds what both render;
    ``page_context`` adds what only the full page needs (computed once per
    visit, not on every poll). The page gets ``etag``, the tag of its first
    poll; the fragment answers 304 while the tag is unchanged.
    """

    def etag(request: HttpRequest, tournament_id: int) -> str | None:
        return live_etag(kind, request, tournament_id)

    def page(request: HttpRequest, tournament_id: int) -> HttpResponse:
        tournament = load_tournament(tournament_id)
        data = context(request, tournament)
        data["etag"] = quote_etag(etag(request, tournament.pk) or "")
        if page_context is not None:
            data.update(page_context(request, tournament))
        return render(request, template, data)

    @condition(etag_func=etag)
    def fragment(request: HttpRequest, tournament_id: int) -> HttpResponse:
        tournament = load_tournament(tournament_id)
        response = render(request, fragment_template, context(request, tournament))
        return live_response(response)

    for view, view_name in ((page, name), (fragment, f"{name}_fragment")):
        view.__name__ = view.__qualname__ = view_name
        view.__module__ = context.__module__  # where the page is defined
    return page, fragment
