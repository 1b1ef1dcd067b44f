"""The season pages in a real browser: a phone finds its row, a projector shows the top."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)

#: Screenshots for a person to look at (not compared): set SEASON_SCREENSHOTS=dir.
SHOTS = Path(os.environ["SEASON_SCREENSHOTS"]) if os.environ.get("SEASON_SCREENSHOTS") else None


def _season():
    organiser = factories.make_organiser()
    anna = services.player_create(name="Änna Amsel", nationality="DE")
    players = {"Änna Amsel": anna}
    one = finished_tournament(
        ["Änna Amsel", *names("Spieler", 11)],
        organiser=organiser,
        seed="b1",
        players=players,
        name="Frühjahrscup",
    )
    two = finished_tournament(
        ["Änna Amsel", *names("Gast", 9)],
        organiser=organiser,
        seed="b2",
        players=players,
        name="Meisterschaft",
    )
    season = services.season_create(name="Saison 2027", best_of=1, qualifiers=4, actor=organiser)
    services.season_tournament_add(season=season, tournament=one, weight=1)
    services.season_tournament_add(season=season, tournament=two, weight=2)
    return season, anna


def test_a_phone_searches_finds_itself_and_sees_counted_and_uncounted_results(new_page):
    _season()
    phone = new_page(phone=True)
    phone.goto(f"{phone.base_url}/")
    phone.get_by_test_id("seasons").get_by_role("link", name="Saison 2027").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Saison 2027")
    expect(phone.get_by_test_id("qualification")).to_contain_text("4 Plätze qualifizieren sich")
    expect(phone.get_by_test_id("rating-note")).to_contain_text("inoffiziell")
    rows = phone.locator("#season-ranking tbody tr[data-player]")
    assert rows.count() == 21
    phone.get_by_label("Spieler suchen").fill("anna")  # without the accent
    expect(rows.filter(visible=True)).to_have_count(1)
    mine = rows.filter(visible=True).first
    expect(mine).to_contain_text("Frühjahrscup")
    expect(mine.locator(".not-counted")).to_have_count(1)  # best_of 1: one result not counted
    expect(mine.locator(".counted")).to_have_count(1)
    phone.get_by_role("button", name="Mich finden").click()
    expect(phone.locator("tr.me")).to_have_count(1)
    # The page fits a phone: nothing wider than the screen but the table's own scroller.
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360 + 1
    if SHOTS:
        phone.screenshot(path=str(SHOTS / "season-phone.png"), full_page=True)
    phone.reload()  # remembered on this device: highlighted again at once
    expect(phone.locator("tr.me")).to_contain_text("Änna Amsel")
    phone.locator("tr.me").get_by_role("link", name="Änna Amsel").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Änna Amsel")
    expect(phone.locator("table.player-tournaments tbody tr")).to_have_count(2)


def test_the_projector_shows_the_ranking_large(page):
    season, _anna = _season()
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{page.base_url}/seasons/{season.pk}/projector/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Saison 2027")
    rows = page.locator("table.season-projector-table tbody tr")
    expect(rows).to_have_count(21)
    expect(page.locator("tr.qualified").first).to_be_visible()
    size = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.season-projector-table')).fontSize)"
    )
    assert size >= 30  # readable from the back of a hall at 1920 px
    if SHOTS:
        page.screenshot(path=str(SHOTS / "season-projector.png"))
