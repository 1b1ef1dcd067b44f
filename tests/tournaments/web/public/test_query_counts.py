"""What the public pages cost: a fixed number of queries, whatever the size.

Pages are requested in English (``Accept-Language: en``, the ``client``
fixture) so that the assertions hold once the German translations exist.
"""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests import factories
from tests.tournaments.web.public.pages import played
from tournaments import demo
from tournaments.models import Game, Participant, Tournament

pytestmark = pytest.mark.django_db


def _count(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def _urls(tournament: Tournament) -> dict[str, str]:
    player = Participant.objects.filter(tournament=tournament).order_by("id").last()
    return {
        "leaderboard": reverse("leaderboard", args=[tournament.pk]),
        "leaderboard_fragment": reverse("leaderboard_fragment", args=[tournament.pk]),
        "projector": reverse("projector", args=[tournament.pk]),
        "player": reverse("player", args=[tournament.pk, player.pk]),
        "seating": reverse("seating", args=[tournament.pk]),
        "standings_api": reverse("api-standings", args=[tournament.pk]),
    }


MAX_QUERIES = {
    "leaderboard": 8,
    "leaderboard_fragment": 8,
    "projector": 8,
    "player": 13,  # + the game a player would call a referee to (rules.md §12)
    "seating": 6,  # + the draw commitments, + the seat corrections
    "standings_api": 8,
}


def test_query_counts_do_not_grow_with_the_tournament(
    client, referee, django_assert_max_num_queries
):
    small = played(10, referee)
    large = played(126, referee)
    assert Game.objects.filter(tournament=large, status=Game.Status.RECORDED).count() == 63
    counts = {}
    for size, tournament in (("small", small), ("large", large)):
        for page, url in _urls(tournament).items():
            with django_assert_max_num_queries(MAX_QUERIES[page]):
                assert client.get(url).status_code == 200
            counts[size, page] = _count(client, url)
    for page in MAX_QUERIES:
        assert counts["small", page] == counts["large", page], page


#: Pages answered once per state: from the cache, one query (the live version).
CACHED = {"leaderboard", "leaderboard_fragment", "projector", "player", "standings_api"}


def test_query_counts_are_the_same_for_an_open_event_of_1000(
    client, referee, django_assert_max_num_queries
):
    """10 and 1,000 participants (round 1 played): the same queries, uncached and cached."""
    small = played(10, referee, rounds=range(1, 2))
    large = factories.drawn_tournament(1000, settings={"max_participants": 1000})
    demo.play_group_rounds(large, rounds=range(1, 2), rng=random.Random(1), referees=[referee])
    assert Participant.objects.filter(tournament=large).count() == 1000
    counts = {}
    for size, tournament in (("small", small), ("large", large)):
        for page, url in _urls(tournament).items():
            with django_assert_max_num_queries(MAX_QUERIES[page]):
                assert client.get(url).status_code == 200  # rendered (uncached)
            counts[size, page] = _count(client, url)  # from the cache
            if page in CACHED:
                assert counts[size, page] <= 1, page  # the live version, nothing else
    assert {p: counts["small", p] for p in MAX_QUERIES} == {
        p: counts["large", p] for p in MAX_QUERIES
    }
