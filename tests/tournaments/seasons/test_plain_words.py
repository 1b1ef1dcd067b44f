"""The public season page in plain words (issue 32): place points said in words, the
formula and the rating's method on their own page, points grouped like bounties."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.utils import translation

from tournaments import services
from tournaments.templatetags.season import points
from tournaments.web.tables import format_points

pytestmark = pytest.mark.django_db


def test_season_points_are_grouped_like_bounties():
    with translation.override("de"):
        # rules.md §15: thousands grouped as the language writes them.
        assert points(Fraction(7399, 3)) == "2.466,3"
        assert format_points(2466) == "2.466"
        assert points(Fraction(999)) == "999,0"
    with translation.override("en"):
        assert points(12345.67) == "12,345.7"
        assert format_points(2466) == "2,466"


def test_the_season_page_says_the_points_in_words_and_links_how_they_are_computed(
    client, organiser
):
    season = services.season_create(name="S", best_of=3, min_events=2, qualifiers=8)
    page = client.get(f"/seasons/{season.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "the winner earns 1000 points and the last place none" in page
    assert "(N − p)" not in page and "μ" not in page and "OpenSkill" not in page
    assert f"/seasons/{season.pk}/how/" in page
    how = client.get(f"/seasons/{season.pk}/how/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "1000 × (N − p) / (N − 1)" in how
    assert "the sum of their best 3 results" in how and "ranked from 2 results" in how
    assert "Ranks 1 to 8 qualify" in how
    assert "OpenSkill" in how and "μ − 3σ" in how
    assert client.get("/seasons/999/how/").status_code == 404
