"""The pages of a Czech tournament in part II cost as many queries at 23 as at 126 players.

The public pages (leaderboard and its fragment, projector, player page,
seating, the standings API) and the referees' list of games, with part I
played and part II under way (rules.md §14): a second part must not add a
query per part, per table or per player.
"""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests import factories
from tests.tournaments.web.public.test_query_counts import MAX_QUERIES, _urls
from tests.tournaments.web.staff.test_pages import client_for
from tournaments import services
from tournaments.models import Game, Stage, Tournament
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db

#: The referees' list of open and recorded games (staff), at most.
STAFF_GAMES_MAX = 12


def czech_in_part_two(count: int, referee) -> Tournament:
    tournament = factories.make_tournament(format="czech_club", settings={"max_participants": 200})
    factories.add_participants(tournament, count)
    rng = random.Random(count)
    services.group_stage_draw(tournament=tournament, seed="q1", part=1)
    record_random_results(
        open_games(tournament, stage=Stage.GROUP, part=1), rng=rng, referees=[referee]
    )
    services.group_stage_draw(tournament=tournament, seed="q2", part=2)
    record_random_results(
        open_games(tournament, stage=Stage.GROUP, part=2, rounds=[1]), rng=rng, referees=[referee]
    )
    return tournament


def _count(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_czech_pages_in_part_two_have_a_constant_number_of_queries(
    client, referee, django_assert_max_num_queries
):
    small = czech_in_part_two(23, referee)
    large = czech_in_part_two(126, referee)
    assert Game.objects.filter(tournament=large, part=2, status=Game.Status.OPEN).count() == 26
    staff = client_for(referee)
    counts = {}
    for size, tournament in (("small", small), ("large", large)):
        for page, url in _urls(tournament).items():
            with django_assert_max_num_queries(MAX_QUERIES[page]):
                assert client.get(url).status_code == 200
            counts[size, page] = _count(client, url)
        games = reverse("staff:games", args=[tournament.pk])
        with django_assert_max_num_queries(STAFF_GAMES_MAX):
            assert staff.get(games).status_code == 200
        counts[size, "staff_games"] = _count(staff, games)
    for page in [*MAX_QUERIES, "staff_games"]:
        assert counts["small", page] == counts["large", page], page
