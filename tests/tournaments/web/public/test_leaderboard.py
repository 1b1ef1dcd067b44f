"""The leaderboard and the projector: ranks, exclusions, missing games, sorting, QR code.

Pages are requested in English (``Accept-Language: en``, the ``client``
fixture) so that the assertions hold once the German translations exist.
"""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse

from tests import factories
from tests.tournaments.web.public.pages import RANK_CELL, body, played, row_of
from tournaments import selectors, services
from tournaments.simulation import open_games, record_random_results
from tournaments.web.tables import format_points

pytestmark = pytest.mark.django_db


def test_leaderboard_shares_ranks_honestly(client):
    tournament = factories.drawn_tournament(10)  # nothing played: all equal on 1400 bonus
    html = body(client.get(reverse("leaderboard", args=[tournament.pk])))
    assert RANK_CELL.findall(html) == ["1"] * 10


def test_leaderboard_ranks_match_the_standings(client, referee):
    tournament = played(16, referee)  # tables of 5, 5 and 6: the 5-table bonus makes ties likely
    standings = selectors.group_standings(tournament)
    html = body(client.get(reverse("leaderboard", args=[tournament.pk])))
    assert RANK_CELL.findall(html) == [str(row.rank) for row in standings.rows]
    top = standings.rows[0]
    assert top.participant.name in row_of(html, top.participant.name)
    assert f"{top.wins}</td>" in row_of(html, top.participant.name)


def test_leaderboard_shows_the_place_at_the_own_table_beside_the_table(client, referee):
    """The second tie-break is visible: equal bounties are ordered by it."""
    tournament = played(16, referee)
    standings = selectors.group_standings(tournament)
    html = body(client.get(reverse("leaderboard", args=[tournament.pk])))
    for row in standings.rows:
        line = row_of(html, row.participant.name)
        assert f'{row.table} <small class="table-rank"' in line
        assert f"({row.table_rank}.)</small>" in line
        assert f"Placement at the own table (the second tie-break): {row.table_rank}." in line


def test_leaderboard_marks_excluded_and_counts_missing_games(client, referee):
    tournament = played(10, referee)  # 2 tables of 5 games each, rounds 1-3 played
    cheat = tournament.participants.order_by("id")[3]
    services.penalty_give(participant=cheat, kind="exclusion", reason="Marked cards", actor=referee)
    html = body(client.get(reverse("leaderboard", args=[tournament.pk])))
    row = row_of(html, cheat.name)
    assert re.match(r'<tr class="excluded\b', row)
    assert ">excluded<" in row
    # Excluded players drop to the bottom.
    assert RANK_CELL.findall(html)[-1] == RANK_CELL.findall(row)[0]
    standings = selectors.group_standings(tournament)
    assert standings.games_missing > 0
    assert f"{standings.games_missing} games still missing" in html
    assert f"{standings.games_recorded} of {standings.games_total} games recorded" in html


def test_leaderboard_is_sortable(client, referee):
    tournament = played(10, referee)
    url = reverse("leaderboard", args=[tournament.pk])
    html = body(client.get(url, {"sort": "name"}))
    names = re.findall(r'<a href="/t/\d+/players/\d+/">([^<]+)</a>', html)
    assert names == sorted(names)
    assert 'aria-sort="ascending"' in html


def test_projector_shows_qr_code_and_tables_still_playing(client, referee):
    # Round 4 under way (table 2's result in): the projector shows the standings.
    tournament = played(10, referee)
    record_random_results(
        open_games(tournament, stage="group", rounds=[4]).filter(table__number=2),
        rng=random.Random(2),
        referees=[referee],
    )
    html = body(client.get(reverse("projector", args=[tournament.pk])))
    assert "<svg" in html
    assert f"http://testserver/t/{tournament.pk}/leaderboard/" in html
    assert "Table 1 · round 4" in html
    assert "Table 2 · round 5" in html
    assert 'data-rows-per-page="15"' in html
    assert len(RANK_CELL.findall(html)) == 10


def test_leaderboard_ranking_columns_come_from_the_metrics(client, referee):
    tournament = played(10, referee)
    standings = selectors.group_standings(tournament)
    html = body(client.get(reverse("leaderboard", args=[tournament.pk])))
    headers = re.findall(r'<th scope="col"[^>]*>\s*(?:<a href="\?sort=-?(\w+)">)?', html)
    shown = [m.key for m in standings.metrics if m.key != "table_rank"]
    assert headers == ["rank", "name", "nationality", "table", *shown, "games_played"]
    for metric in standings.metrics:
        if metric.key in shown:
            assert f">{metric.name}</a>" in html
    top = standings.rows[0]
    row = row_of(html, top.participant.name)
    assert f"{top.metric('wins')}</td>" in row
    assert format_points(top.metric("bounty")) in row
    by_wins = body(client.get(reverse("leaderboard", args=[tournament.pk]), {"sort": "-wins"}))
    wins_of = {row.participant.name: row.wins for row in standings.rows}
    names = re.findall(r'<a href="/t/\d+/players/\d+/">([^<]+)</a>', by_wins)
    assert [wins_of[n] for n in names] == sorted(wins_of.values(), reverse=True)


def test_the_projector_draws_the_leaderboard_table_in_rank_order_without_sort_links(
    client, referee, django_assert_max_num_queries
):
    tournament = played(10, referee)
    record_random_results(
        open_games(tournament, stage="group", rounds=[4]).filter(table__number=2),
        rng=random.Random(2),
        referees=[referee],
    )
    url = reverse("projector_fragment", args=[tournament.pk])
    with django_assert_max_num_queries(12):
        html = body(client.get(url, {"sort": "-name"}))
    table = html[html.index('<table class="data standings projector-table">') :]
    assert '<a href="?sort' not in table and "aria-sort" not in table
    assert 'class="table-rank"' not in table  # the big screen shows the table number only
    ranks = [int(rank) for rank in RANK_CELL.findall(table)]
    assert len(ranks) == 10 and ranks == sorted(ranks)
    leaderboard = body(client.get(reverse("leaderboard", args=[tournament.pk])))
    assert 'aria-sort="ascending"' in leaderboard and 'class="table-rank"' in leaderboard
