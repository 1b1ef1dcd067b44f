"""Tables of 4 in the statistics (rules.md §5, §14): the Law is the Sheriff alone, no
Deputy counts, and the Sheriff's position is the one drawn for the game."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tournaments import selectors, services
from tournaments.documents.statistics import size_rows
from tournaments.models import Game, Stage
from tournaments.simulation import record_random_results

pytestmark = pytest.mark.django_db


@pytest.fixture
def czech(referee):
    tournament = factories.make_tournament(format="czech_club", language="en")
    factories.add_participants(tournament, 13)  # tables of 5, 4 and 4
    services.group_stage_draw(tournament=tournament, seed="Olomouc")
    games = Game.objects.filter(tournament=tournament, stage=Stage.GROUP).select_related(
        "table", "tournament"
    )
    record_random_results(
        games.order_by("round", "table__number"), rng=random.Random(4), referees=[referee]
    )
    return tournament


def test_the_statistics_count_tables_of_four_without_a_deputy(czech):
    statistics = selectors.tournament_statistics(czech)
    by_size = {table.size: table for table in statistics.tables}
    assert sorted(by_size) == [4, 5]
    assert by_size[4].games == 2 * 3 and by_size[5].games == 3
    assert not by_size[4].has_deputy and by_size[5].has_deputy
    # By the Sheriff's drawn position, not by the round.
    drawn = Counter(
        Game.objects.filter(tournament=czech, table__size=4).values_list(
            "sheriff_position", flat=True
        )
    )
    assert {count.round: count.games for count in by_size[4].law_by_round} == dict(drawn)
    rows = {row[0]: row for row in size_rows(statistics)}
    assert rows[4][-1] is None  # no Deputy, no "Deputy eliminated the Sheriff" count
    assert rows[5][-1] == by_size[5].deputy_killed_sheriff


def test_the_statistics_page_names_the_sheriff_alone_at_four(czech):
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    html = client.get(reverse("statistics", args=[czech.pk])).content.decode()
    four = re.search(r'data-testid="stat-size-4">(.*?)</section>', html, re.S)
    five = re.search(r'data-testid="stat-size-5">(.*?)</section>', html, re.S)
    assert four and five
    sides = re.findall(r'<tr><th scope="row">([^<]*)</th><td>\d+</td><td>[^<]*%', four.group(1))
    assert sides[:3] == ["Sheriff", "Outlaws", "Renegade"]
    assert "Deputy" not in four.group(1)
    assert "Sheriff and Deputies" in five.group(1)
    assert "A Deputy eliminated their own Sheriff" in five.group(1)
