"""Cache keys are what a page depends on and nothing else (issue 25, items 5 and 6).

A page's cached state part depends on the tournament's state, the language and
the query parameters the page reads (with values it knows). Not on the scheme
or the host: nothing cached holds an absolute URL, the projector draws its QR
code for each request. So one visitor's ``X-Forwarded-Proto`` never reaches
another, and junk query strings or ``Host`` ports make no entry and no render.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from django.test import Client, override_settings
from django.urls import reverse

from tests.tournaments.web.public.pages import body, played
from tournaments import selectors
from tournaments.web.public.projector import qr_svg

pytestmark = pytest.mark.django_db

BEHIND_PROXY = override_settings(
    SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
    ALLOWED_HOSTS=["bang.example", "testserver"],
)


def _entries() -> int:
    return len(caches["default"]._cache)


@BEHIND_PROXY
def test_one_plain_http_request_does_not_change_what_https_visitors_get(referee):
    tournament = played(10, referee)
    url = reverse("projector", args=[tournament.pk])
    board = reverse("leaderboard", args=[tournament.pk])
    spoiler = Client(HTTP_HOST="bang.example", HTTP_X_FORWARDED_PROTO="http")
    first = body(spoiler.get(url))
    assert f"http://bang.example{board}" in first  # their own request, their own scheme
    for _ in range(6):
        visitor = Client(HTTP_HOST="bang.example", HTTP_X_FORWARDED_PROTO="https")
        html = body(visitor.get(url))
        assert f'<span class="url">https://bang.example{board}</span>' in html
        assert "http://bang.example" not in html
        assert qr_svg(f"https://bang.example{board}") in html  # the QR code says https too


@BEHIND_PROXY
@pytest.mark.parametrize(
    ("page", "junk"),
    [("leaderboard", 2000), ("ranking", 200), ("knockout", 200), ("projector", 200)],
)
def test_junk_query_strings_add_no_cache_entry_and_no_render(referee, monkeypatch, page, junk):
    tournament = played(10, referee)
    url = reverse(page, args=[tournament.pk])
    visitor = Client(HTTP_HOST="bang.example")
    body(visitor.get(url))
    body(visitor.get(url, {"sort": "-name"} if page != "projector" else {}))
    before = _entries()
    renders: list[int] = []
    for name in ("group_standings", "final_ranking", "knockout_tables"):
        original = getattr(selectors, name)

        def counted(*args, _original=original, **kwargs):
            renders.append(1)
            return _original(*args, **kwargs)

        monkeypatch.setattr(selectors, name, counted)
    for index in range(junk):
        query = {f"junk{index}": "x", "sort": f"nonsense{index}", "utm_source": str(index)}
        response = visitor.get(url, query)
        assert response.status_code == 200
    assert _entries() - before <= 3
    assert renders == []


@BEHIND_PROXY
def test_host_port_variants_add_no_cache_entry(referee):
    tournament = played(10, referee)
    url = reverse("leaderboard", args=[tournament.pk])
    body(Client(HTTP_HOST="bang.example").get(url))
    before = _entries()
    for port in range(8000, 8200):
        assert Client(HTTP_HOST=f"bang.example:{port}").get(url).status_code == 200
    assert _entries() - before <= 1


def test_the_sort_order_read_is_part_of_the_key_and_of_the_links(referee):
    tournament = played(10, referee)
    url = reverse("leaderboard", args=[tournament.pk])
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    by_name = body(visitor.get(url, {"sort": "name", "junk": "1"}))
    by_rank = body(visitor.get(url))
    assert by_name != by_rank
    assert 'aria-sort="ascending"' in by_name
    assert "junk" not in by_name  # links and the poll URL carry only what is read
    fragment = re.search(r'hx-get="([^"]+)"', by_name).group(1)
    assert fragment.endswith("?sort=name")


def test_the_local_memory_cache_is_bounded(settings):
    from django.conf import settings as django_settings

    options = django_settings.CACHES["default"].get("OPTIONS", {})
    if django_settings.CACHES["default"]["BACKEND"].endswith("LocMemCache"):
        assert 0 < options["MAX_ENTRIES"] <= 5000
