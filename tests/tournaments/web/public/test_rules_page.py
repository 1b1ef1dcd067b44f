"""The public pages state a tournament's format and show its points table (rules.md §14)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db


def cell(html: str, key: str) -> str:
    """The points shown in the row of one cell of the rules page's points table."""
    row = re.search(rf'<tr data-cell="{key}">(.*?)</tr>', html, re.S)
    assert row, key
    shown = re.findall(r'<td class="points">(.*?)</td>', row.group(1))[0]
    return re.sub(r"<[^>]+>", "", shown)


def test_the_overview_states_the_czech_format_and_links_its_rules(client):
    tournament = factories.make_tournament(format="czech_club")
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    section = re.search(r'data-testid="overview-format".*?</section>', html, re.S).group(0)
    for words in (
        "Czech club format",
        "5, 4 players",
        "Part I: 3 games per table",
        "Part II: 2 games per table, drawn anew",
        "by lot, nobody twice in a part",
        "15 minutes, then High Noon",
    ):
        assert words in section, words
    assert reverse("rules", args=[tournament.pk]) in section


def test_the_rules_page_shows_the_points_table_per_size_with_changes(
    client, django_assert_max_num_queries
):
    tournament = factories.make_tournament(
        format="czech_club", settings={"points": {"5": {"renegade": {"renegade": 80}}}}
    )
    with django_assert_max_num_queries(2):
        html = client.get(reverse("rules", args=[tournament.pk])).content.decode()
    assert re.findall(r'<table class="data points-table" data-size="(\d)"', html) == ["5", "4"]
    assert cell(html, "5_renegade_renegade") == "80"
    assert cell(html, "4_renegade_renegade") == "50"
    assert cell(html, "5_law_deputy") == "alive 35, dead 20"
    assert cell(html, "5_renegade_deputy") == "among the last three 2, else 0"
    assert cell(html, "4_law_renegade") == "final duel 16, else 0"
    assert cell(html, "5_law_outlaw") == "0"
    assert 'data-cell="4_law_deputy"' not in html  # no Deputy at a table of 4
    assert "Final" in html and "a final table of 5 players, 5 games" in html


def test_the_german_championship_shows_its_bounty_and_bonuses(client):
    tournament = factories.make_tournament(settings={"bounty_sheriff_6": 3100})
    html = client.get(reverse("rules", args=[tournament.pk])).content.decode()
    assert re.findall(r'<table class="data points-table" data-size="(\d)"', html) == ["6", "5"]
    assert cell(html, "6_law_sheriff") == "3100"
    assert cell(html, "5_outlaws_outlaw") == "2000"
    assert "Part I: one game per player" in html
    assert "in turn: in game r the player at position r" in html
    bonuses = html[html.index("Bonuses") :]
    assert "150" in bonuses and "-1000" in bonuses and "1400" in bonuses


def test_an_unknown_tournament_has_no_rules_page(client):
    assert client.get(reverse("rules", args=[987654])).status_code == 404
