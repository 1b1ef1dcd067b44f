"""The statistics page: numbers, SVG charts and the interval explained; the workbook."""

from __future__ import annotations

import io
import random

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from scoring.rulesets import Side
from tests import factories
from tests.language import in_language
from tests.tournaments.web.public.pages import body
from tournaments import documents, selectors, services
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


def test_statistics_page_shows_charts_numbers_and_what_the_interval_means(
    client, finished, django_assert_max_num_queries
):
    tournament, _knockout = finished
    with django_assert_max_num_queries(4):
        html = body(client.get(reverse("statistics", args=[tournament.pk])))
    statistics = selectors.tournament_statistics(tournament)
    (table,) = statistics.tables
    assert 'data-testid="side-chart"' in html and 'data-testid="round-chart"' in html
    assert "<script" not in html.split("<main")[1]  # charts are drawn by the server
    assert "95 % interval" in html and "range of true win rates" in html
    law = table.side(Side.LAW)
    assert f"{law.wins}/{law.games} = {round(law.rate * 100)}\u202f%" in html
    assert html.count('class="bar law"') == 1 + len(table.law_by_round)
    assert reverse("api-statistics-xlsx", args=[tournament.pk]) in html
    # Which games: a final table's count too (rules.md §11), the knockout's never.
    assert (
        f"From {statistics.games} games whose results count (group stage and final table; "
        "knockout games are not included)." in html
    )
    german = body(in_language(Client(), "de").get(reverse("statistics", args=[tournament.pk])))
    assert (
        f"Aus {statistics.games} Partien mit gültigem Ergebnis (Vorrunde und Finaltisch;" in german
    )


def test_server_statistics_page_switches_ruleset(client, finished):
    html = body(client.get(reverse("server_statistics") + "?ruleset=showdown"))
    assert "No group game has a result that counts yet." in html
    html = body(client.get(reverse("server_statistics")))
    assert 'data-testid="side-chart"' in html


def test_statistics_workbook_has_the_figures(finished):
    tournament, _knockout = finished
    workbook = load_workbook(io.BytesIO(documents.get("statistics_xlsx").render(tournament)))
    statistics = selectors.tournament_statistics(tournament)
    (table,) = statistics.tables
    sides = list(workbook.worksheets[0].iter_rows(values_only=True))
    assert sides[1][:4] == (table.size, table.games, table.sides[0].wins, table.sides[0].rate)
    rounds = list(workbook.worksheets[1].iter_rows(values_only=True))
    assert [row[1] for row in rounds[1:]] == [r.round for r in table.law_by_round]
    assert [row[4] for row in rounds[1:]] == [r.rate for r in table.law_by_round]


def test_a_table_of_4_has_no_deputy_line_and_its_law_is_the_sheriff(client, referee):
    """Czech tables of 4 (Sheriff, Renegade, two Outlaws; rules.md §14): the page names
    the Law side "Sheriff" there and says nothing about a Deputy eliminating the Sheriff."""
    tournament = factories.make_tournament(format="czech_club")
    factories.add_participants(tournament, 13)  # tables of 5, 4 and 4
    services.group_stage_draw(tournament=tournament, seed="stat4")
    record_random_results(
        open_games(tournament, stage="group"), rng=random.Random(4), referees=[referee]
    )
    html = body(client.get(reverse("statistics", args=[tournament.pk])))
    four = html.split('data-testid="stat-size-4"')[1].split("</section>")[0]
    five = html.split('data-testid="stat-size-5"')[1].split("</section>")[0]
    assert "eliminated their own Sheriff" not in four
    assert "eliminated their own Sheriff" in five
    assert '<th scope="row">Sheriff</th>' in four
    assert '<th scope="row">Sheriff and Deputies</th>' in five
