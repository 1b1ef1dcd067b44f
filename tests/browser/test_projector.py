"""The projector in every phase, at 1920x1080 and 1280x720: what it shows, and that
it fits the screen (no scrolling), paging through what does not fit."""

from __future__ import annotations

import os
import random

import pytest
from playwright.sync_api import expect

from tests import factories
from tournaments import services
from tournaments.models import Stage, Table
from tournaments.simulation import open_games, play_knockout, record_random_results

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]
SHOTS = os.environ.get("SHOTS")
ITEMS = "table.projector-table tbody tr, [data-page-item]"


def assert_fits_and_pages(page, phase: str, total: int) -> None:
    """Every page of items fits the window; together the pages show every item once."""
    expect(page.locator(f"[data-phase={phase}]")).to_be_visible()
    size = page.viewport_size
    seen = 0
    indicator = page.get_by_test_id("page-indicator")
    pages = 1
    text = indicator.inner_text()
    if text:
        pages = int(text.split()[-1])
    for number in range(pages):
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/projector-{phase}-{size['width']}-p{number + 1}.png")
        scroll = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
        )
        assert scroll[0] <= size["width"] and scroll[1] <= size["height"], (phase, size, scroll)
        visible = page.locator(ITEMS).filter(visible=True)
        count = visible.count()
        assert count > 0
        last = visible.nth(count - 1).bounding_box()
        assert last["y"] + last["height"] <= size["height"]
        seen += count
        page.keyboard.press("ArrowRight")
    assert seen == total, (phase, size, seen, total)


def open_projector(browser, live_server, tournament, size):
    context = browser.new_context(locale="de-DE", viewport=size)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tournament.pk}/projector/")
    page.wait_for_function("document.querySelector('[data-projector]') !== null")
    page.wait_for_timeout(300)  # projector.js measures the pages
    return context, page


def test_the_projector_follows_the_day_and_fits_the_screen(browser, live_server):
    referee = factories.make_referee()
    tournament = factories.drawn_tournament(126, settings={"max_participants": 126})
    rng = random.Random(4)
    phases = []

    def look(phase: str, total: int) -> None:
        for size in SIZES:
            context, page = open_projector(browser, live_server, tournament, size)
            assert_fits_and_pages(page, phase, total)
            context.close()
        phases.append(phase)

    # Round 1 drawn, nothing played: the seating, 21 tables.
    look("seating", 21)
    # A result of round 1 is in: the standings, 126 rows.
    record_random_results(open_games(tournament, stage="group")[:1], rng=rng, referees=[referee])
    look("standings", 126)
    record_random_results(open_games(tournament, stage="group"), rng=rng, referees=[referee])
    services.knockout_start(tournament=tournament, seed="ko", field_size=21)
    look("knockout", Table.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT).count())
    # The knockout played to its end: the champion and the top eight.
    play_knockout(tournament, seed="ko", rng=rng, referees=[referee])
    look("champion", 8)
    assert phases == ["seating", "standings", "knockout", "champion"]
