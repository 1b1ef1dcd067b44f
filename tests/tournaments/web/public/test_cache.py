"""Public pages served once per state: nothing of one visitor reaches another; gzip only where safe.

Pages are requested in English (``Accept-Language: en``, the ``client``
fixture) so that the assertions hold once the German translations exist.
"""

from __future__ import annotations

import gzip
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tests.tournaments.web.public.pages import body, played
from tournaments import selectors, services
from tournaments.names import fold

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate"}


def _client(user=None) -> Client:
    visitor = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    if user is not None:
        visitor.force_login(user)
    return visitor


@pytest.mark.parametrize("page", ["leaderboard", "knockout", "ranking", "projector", "player"])
def test_no_token_or_name_of_one_visitor_is_served_to_another(referee, page):
    tournament = played(10, referee)
    args = [tournament.pk]
    if page == "player":
        args.append(tournament.participants.order_by("id").first().pk)
    url = reverse(page, args=args)
    alice = factories.make_referee(username="alice-the-referee")
    bob = factories.make_user(username="bob-the-visitor")

    first = body(_client(alice).get(url))  # renders the page into the cache
    assert "alice-the-referee" in first or page == "projector"
    alice_tokens = set(TOKEN.findall(first))

    anonymous = _client().get(url, **GZIP)
    html = gzip.decompress(anonymous.content).decode()
    assert "alice-the-referee" not in html
    assert TOKEN.findall(html) in ([], [""])  # the form takes its token from the cookie
    assert "csrftoken" in anonymous.cookies  # ... which the page sets

    own = body(_client(bob).get(url))
    assert "alice-the-referee" not in own
    if page != "projector":
        assert "bob-the-visitor" in own
        assert "Log out" in own
    assert not alice_tokens & set(TOKEN.findall(own)) - {""}


def test_pages_with_a_token_are_never_compressed(referee):
    """BREACH: only bodies without a secret are gzipped (see README, "Performance")."""
    tournament = played(10, referee)
    url = reverse("leaderboard", args=[tournament.pk])
    logged_in = _client(referee).get(url, **GZIP)
    assert "Content-Encoding" not in logged_in
    assert TOKEN.search(logged_in.content.decode()).group(1)  # a real token, uncompressed
    login = _client().get(reverse("login"), **GZIP)
    assert "Content-Encoding" not in login


def test_state_bodies_are_gzipped_and_equal_to_the_plain_ones(referee):
    tournament = played(10, referee)
    visitor = _client()
    for url, headers in (
        (reverse("leaderboard", args=[tournament.pk]), {}),
        (reverse("leaderboard_fragment", args=[tournament.pk]), {"HTTP_HX_REQUEST": "true"}),
        (reverse("api-standings", args=[tournament.pk]), {"HTTP_ACCEPT": "application/json"}),
    ):
        plain = visitor.get(url, **headers)
        packed = visitor.get(url, **headers, **GZIP)
        assert packed["Content-Encoding"] == "gzip", url
        assert "Accept-Encoding" in packed["Vary"]
        assert gzip.decompress(packed.content) == plain.content, url


def test_the_cached_standings_answer_is_the_serializers(referee, api):
    tournament = played(10, referee)
    url = reverse("api-standings", args=[tournament.pk])
    first = json.loads(api.get(url).content)
    assert [row["rank"] for row in first["rows"]] == [
        row.rank for row in selectors.group_standings(tournament).rows
    ]
    browsable = api.get(url, HTTP_ACCEPT="text/html")
    assert browsable.status_code == 200
    assert "games_recorded" in browsable.content.decode()
    assert api.get(reverse("api-standings", args=[999999])).status_code == 404


def test_a_new_result_is_on_the_next_poll(referee):
    tournament = played(10, referee, rounds=range(1, 2))
    url = reverse("leaderboard_fragment", args=[tournament.pk])
    visitor = _client()
    before = body(visitor.get(url, HTTP_HX_REQUEST="true"))
    cheat = tournament.participants.order_by("id")[3]
    services.penalty_give(participant=cheat, kind="exclusion", reason="Marked cards", actor=referee)
    after = body(visitor.get(url, HTTP_HX_REQUEST="true"))
    assert ">excluded<" not in before
    assert ">excluded<" in after


def test_rows_carry_what_search_and_find_me_need(referee):
    tournament = played(10, referee)
    html = body(_client().get(reverse("leaderboard", args=[tournament.pk])))
    player = tournament.participants.order_by("id").first()
    assert f'data-player="{player.pk}"' in html
    assert f'data-name="{fold(player.name)}"' in html
    assert 'id="leaderboard-filter"' in html
    assert "Find me" in html


MAIN = re.compile(r"<main\b.*?</main>", re.S)
TITLE = re.compile(r"<title>.*?</title>", re.S)


@pytest.mark.parametrize("page", ["leaderboard", "knockout", "ranking", "projector", "player"])
def test_a_logged_in_visitor_gets_the_same_page_around_their_own_header(referee, page):
    """Composed, not spliced: the cached state part and the frame drawn for the
    visitor make the same page as the anonymous one, but for the header."""
    tournament = played(10, referee)
    args = [tournament.pk]
    if page == "player":
        args.append(tournament.participants.order_by("id").first().pk)
    url = reverse(page, args=args)
    anonymous = body(_client().get(url))
    own = body(_client(referee).get(url))
    assert MAIN.search(own).group(0) == MAIN.search(anonymous).group(0)
    assert TITLE.search(own).group(0) == TITLE.search(anonymous).group(0)
    assert tournament.name in TITLE.search(own).group(0)
    if page != "projector":
        assert '<span class="user">referee</span>' in own
        assert '<span class="user">' not in anonymous
