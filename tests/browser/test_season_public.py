"""The public season page on a phone without jargon, and the season projector's pages
(issue 32, minor items)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.pages import assert_fits_phone
from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path(os.environ["SEASON_SCREENSHOTS"]) if os.environ.get("SEASON_SCREENSHOTS") else None


def _season():
    organiser = factories.make_organiser()
    one = finished_tournament(
        names("Spielerin mit Doppelnamen-Langform", 12), organiser=organiser, seed="p1"
    )
    two = finished_tournament(names("Gast", 10), organiser=organiser, seed="p2")
    season = services.season_create(name="Saison 2027", best_of=2, qualifiers=4, actor=organiser)
    services.season_tournament_add(season=season, tournament=one, weight=3)
    services.season_tournament_add(season=season, tournament=two, weight=1)
    return season


def test_the_season_page_speaks_plainly_and_its_table_fits_a_phone(new_page):
    season = _season()
    phone = new_page(phone=True)
    phone.goto(f"{phone.base_url}/seasons/{season.pk}/")
    lead = phone.get_by_test_id("season-lead")
    expect(lead).to_contain_text("1000 Punkte")
    expect(lead).not_to_contain_text("(N − p)")
    # The weight 3 makes the winner's points 3000: grouped like the bounties.
    expect(phone.locator("td.score").first).to_have_text("3.000,0")
    if SHOTS:
        phone.screenshot(path=str(SHOTS / "season-public.png"), full_page=True)
    table = phone.locator("#season-ranking")
    expect(phone.locator("th.rating")).to_be_visible()
    widths = table.evaluate("el => [el.scrollWidth, el.clientWidth]")
    fits = widths[0] <= widths[1]
    assert fits, "the season table scrolls sideways on a 360 px phone"
    box = phone.locator("td.rating").first.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 360
    assert_fits_phone(phone)
    phone.get_by_test_id("season-how-link").click()
    expect(phone.get_by_test_id("formula")).to_contain_text("1000 × (N − p) / (N − 1)")
    expect(phone.locator("#rating")).to_be_visible()
    expect(phone.locator("main")).to_contain_text("μ − 3σ")
    assert_fits_phone(phone)


def test_the_season_projector_pages_through_a_long_list(page):
    season = _season()
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{page.base_url}/seasons/{season.pk}/projector/")
    rows = page.locator("table.season-projector-table tbody tr")
    expect(rows).to_have_count(22)
    indicator = page.get_by_test_id("page-indicator")
    expect(indicator).to_contain_text("Seite 1 von")
    shown = rows.filter(visible=True)
    first = shown.first.inner_text()
    assert 0 < shown.count() < 22
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    page.keyboard.press("ArrowRight")
    expect(indicator).to_contain_text("Seite 2 von")
    assert rows.filter(visible=True).first.inner_text() != first
