"""Pages that listen: a save reaches an open leaderboard through the event stream within
about a second, and, with the stream blocked, by polling within 6 s (rules.md §12)."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.pages import german_bounty
from tournaments import demo, selectors
from tournaments.live import live_version

pytestmark = pytest.mark.django_db(transaction=True)


def _fragment_fetches(page) -> list[float]:
    fetches: list[float] = []
    page.on(
        "request",
        lambda request: (
            fetches.append(time.monotonic()) if "/leaderboard/live/" in request.url else None
        ),
    )
    return fetches


def test_a_save_reaches_the_open_leaderboard_through_the_stream_within_a_second(page):
    referee = factories.make_referee()
    tournament = factories.drawn_tournament(10)
    fetches = _fragment_fetches(page)
    page.goto(f"{page.base_url}/t/{tournament.pk}/leaderboard/")
    expect(page.locator("html")).to_have_attribute("data-live", "pushed")
    page.evaluate("window.__notReloaded = true")
    # Only the connect-time event's fetch so far (answered 304); no timed polls
    # while the stream is open.
    time.sleep(3.5)
    assert len(fetches) <= 1

    demo.play_group_rounds(tournament, rounds=range(1, 2), rng=random.Random(3), referees=[referee])
    saved = time.monotonic()
    top = selectors.group_standings(tournament).rows[0]
    row = page.locator("table.standings tbody tr", has_text=top.participant.name)
    expect(row).to_contain_text(german_bounty(top.bounty), timeout=1_500)
    assert time.monotonic() - saved < 1.5
    expect(page.get_by_test_id("games-progress")).to_contain_text("2")
    assert page.evaluate("window.__notReloaded") is True
    assert page.locator("html").get_attribute("data-live-version") == str(
        live_version(tournament.pk)
    )


def test_with_the_stream_blocked_the_leaderboard_updates_by_polling(page):
    referee = factories.make_referee()
    tournament = factories.drawn_tournament(10)
    page.route("**/api/tournaments/*/events/", lambda route: route.abort())
    page.goto(f"{page.base_url}/t/{tournament.pk}/leaderboard/")
    expect(page.locator("html")).to_have_attribute("data-live", "polling")
    page.evaluate("window.__notReloaded = true")

    demo.play_group_rounds(tournament, rounds=range(1, 2), rng=random.Random(3), referees=[referee])
    top = selectors.group_standings(tournament).rows[0]
    row = page.locator("table.standings tbody tr", has_text=top.participant.name)
    expect(row).to_contain_text(german_bounty(top.bounty), timeout=6_000)
    assert page.evaluate("window.__notReloaded") is True


def test_a_cut_stream_is_opened_again_by_itself(page):
    tournament = factories.drawn_tournament(10)
    blocked = {"on": True}

    def route(route):
        if blocked["on"]:
            route.abort()
        else:
            route.continue_()

    page.route("**/api/tournaments/*/events/", route)
    page.goto(f"{page.base_url}/t/{tournament.pk}/leaderboard/")
    expect(page.locator("html")).to_have_attribute("data-live", "polling")
    blocked["on"] = False
    # The first retry comes after 2 s, the next after 4 s.
    expect(page.locator("html")).to_have_attribute("data-live", "pushed", timeout=8_000)
