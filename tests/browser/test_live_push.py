"""Pages that listen: a save reaches an open leaderboard through the event stream within
about a second, and, with the stream blocked, by polling within 6 s (rules.md §12)."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import german_bounty, group_game, open_result_form
from tournaments import demo, selectors, services
from tournaments.live import live_version

pytestmark = pytest.mark.django_db(transaction=True)


def _fragment_fetches(page, urls: list[str] | None = None) -> list[float]:
    fetches: list[float] = []

    def seen(request) -> None:
        if "/leaderboard/live/" in request.url:
            fetches.append(time.monotonic())
            if urls is not None:
                urls.append(request.url)

    page.on("request", seen)
    return fetches


def test_a_save_reaches_the_open_leaderboard_through_the_stream_within_a_second(page):
    referee = factories.make_referee()
    tournament = factories.drawn_tournament(10)
    urls: list[str] = []
    fetches = _fragment_fetches(page, urls)
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
    # Each fetch names the version its ping announced: a shared cache in front
    # (nginx's micro-cache) keys on the URL and never answers with an older state.
    assert urls and urls[-1].endswith(f"?v={live_version(tournament.pk)}"), urls


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


def test_a_ping_during_a_fetch_reaches_a_fragment_that_replaces_itself(new_page):
    """A ping that arrives while a fragment's fetch is in flight is queued by htmx on
    that element; a fragment that swaps itself whole (``outerHTML``: the game-time
    box, the games list, the player page) used to take the queued fetch away with
    it, and the page stayed one state behind while the stream was open (CI, stop
    35: a referee's "started" did not show). Here the box's connect-time fetch is
    held until the game has started and the ping has come; the box must still end
    up showing the start."""
    tournament = factories.drawn_tournament(10, settings={"time_limit_minutes": 15})
    referee = factories.make_referee(username="schiri")
    game = group_game(tournament)
    page = new_page(phone=True)
    login(page, referee.username)

    held = []

    def hold_first_fetch(route):
        if route.request.method == "GET" and not held:
            held.append((route, route.fetch()))  # the state before the start
        else:
            route.continue_()

    # The box's path, whatever version its fetch names in the query string.
    page.route(
        lambda url: url.split("?")[0].endswith(f"/staff/games/{game.pk}/time/"), hold_first_fetch
    )
    open_result_form(page, game)
    box = page.get_by_test_id("game-time")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the box did not fetch itself when its stream connected"
    expect(box).to_contain_text("Spielzeit starten")

    services.game_start(game=game, actor=referee)
    html = page.locator("html")
    expect(html).to_have_attribute("data-live-version", str(live_version(tournament.pk)))
    page.wait_for_timeout(400)  # the ping's fetch (after a spread of up to 150 ms)

    route, response = held[0]
    route.fulfill(response=response)  # the old state replaces the box
    expect(box).to_contain_text("Gestartet um", timeout=3_000)
    expect(box.get_by_test_id("game-start")).to_have_count(0)
