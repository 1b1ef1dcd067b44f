"""The public pages in a real browser: live updates, the language switch, search, paging."""

from __future__ import annotations

import random

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests import factories
from tournaments import demo, selectors
from tournaments.web.tables import format_points

pytestmark = pytest.mark.django_db(transaction=True)


def test_leaderboard_shows_a_new_result_without_reloading(page):
    referee = factories.make_referee()
    tournament = factories.drawn_tournament(10)
    # The page fetches its fragment after the stream's first event; while nothing has
    # changed that is answered 304 Not Modified (and not swapped). Listening from
    # before the page opens: the first event comes at once.
    with page.expect_response(lambda r: "/leaderboard/live/" in r.url and r.status == 304):
        page.goto(f"{page.base_url}/t/{tournament.pk}/leaderboard/")
    expect(page.get_by_test_id("games-progress")).to_contain_text("0")
    page.evaluate("window.__notReloaded = true")

    # Round 1 at both tables, recorded through the services as a referee would.
    demo.play_group_rounds(tournament, rounds=range(1, 2), rng=random.Random(3), referees=[referee])
    top = selectors.group_standings(tournament).rows[0]
    assert top.bounty > 1400  # more than the 5-table bonus: a game's bounty

    row = page.locator("table.standings tbody tr", has_text=top.participant.name)
    with translation.override("de"):  # the page is German: 9.450
        expect(row).to_contain_text(format_points(top.bounty), timeout=10_000)
    expect(page.get_by_test_id("games-progress")).to_contain_text("2")
    assert page.evaluate("window.__notReloaded") is True


def test_language_switch_turns_the_pages_english_and_stays(page):
    tournament = factories.drawn_tournament(10)
    page.goto(f"{page.base_url}/t/{tournament.pk}/leaderboard/")
    expect(page.locator("html")).to_have_attribute("lang", "de")

    # The switch names each language in itself; choosing one switches at once.
    page.get_by_label("Sprache").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", level=1)).to_have_text("Leaderboard")
    assert page.url.endswith(f"/t/{tournament.pk}/leaderboard/")  # back on the same page

    # The choice persists across pages.
    page.get_by_role("navigation").get_by_role("link", name="Seating").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", level=1)).to_have_text("Seating")
    expect(page.get_by_label("Language")).to_have_value("en")
    expect(page.get_by_label("Language").locator("option[value=de]")).to_have_text("Deutsch")

    page.get_by_label("Language").select_option("de")
    expect(page.locator("html")).to_have_attribute("lang", "de")


def test_seating_search_filters_by_name(new_page):
    tournament = factories.drawn_tournament(10)
    page = new_page(phone=True)
    page.goto(f"{page.base_url}/t/{tournament.pk}/seating/")
    rows = page.locator("#seating-list tbody tr:visible")
    expect(rows).to_have_count(10)

    page.locator("#seating-q").fill("clara mULLer")  # case and accents do not matter
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Clara Müller")
    expect(page.locator("[data-table-card]:visible")).to_have_count(1)
    expect(page.locator("#seating-count")).to_contain_text("1")

    page.locator("#seating-q").fill("")
    expect(rows).to_have_count(10)


def test_the_api_docs_render_under_the_content_security_policy(page):
    """Swagger UI loads, starts and lists the operations with no CSP violation."""
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text)
            if "Content Security Policy" in message.text
            or "Content-Security-Policy" in message.text
            else None
        ),
    )
    page.goto(f"{page.base_url}/api/docs/")
    expect(page.locator(".opblock").first).to_be_visible(timeout=15_000)
    expect(page.locator("#swagger-ui")).to_contain_text("/api/tournaments/")
    assert violations == []


def test_the_browser_folds_a_name_as_the_server_does(page):
    from tournaments.names import fold

    tournament = factories.drawn_tournament(10)
    page.goto(f"{page.base_url}/t/{tournament.pk}/seating/")
    names = ["  Jürgen  KRÜGER ", "Clara Müller", "Straße", "Ægir Þórsson", "Zoë\tÇelik", "ĽUBOŠ"]
    folded = page.evaluate("names => names.map(window.bang.fold)", names)
    assert folded == [fold(name) for name in names]
