"""The statistics page in a real browser: it fits a 360 px phone and shows its charts."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests import factories
from tournaments.models import Stage
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db(transaction=True)


def test_statistics_page_fits_a_phone_and_shows_the_chart(new_page):
    tournament = factories.drawn_tournament(11)
    record_random_results(
        open_games(tournament, stage=Stage.GROUP),
        rng=random.Random(7),
        referees=[factories.make_referee()],
    )
    page = new_page(phone=True)
    page.goto(f"{page.base_url}/t/{tournament.pk}/statistics/")
    chart = page.get_by_test_id("stat-size-6").get_by_test_id("side-chart")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and 250 < box["width"] <= 360 and box["height"] > 60
    # No sideways scrolling: the page is no wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    expect(page.get_by_test_id("interval-explained")).to_contain_text("95")
