"""The small edges of a tournament day on a 360 px phone (issue 32's minor items):
fields that look like their neighbours, pages that never scroll sideways."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone
from tests.browser.test_projector_fill import MEASURE, font_px
from tests.browser.test_season import _season as season_with_anna
from tests.tournaments.web.public.pages import played
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

STYLE = """(selector) => {
    const e = document.querySelector(selector), s = getComputedStyle(e);
    return {font: s.fontSize, border: s.borderTopWidth, padding: s.paddingTop,
            radius: s.borderTopLeftRadius, height: Math.round(e.getBoundingClientRect().height)};
}"""


def test_the_clock_label_field_looks_like_the_minutes(new_page):
    tournament = factories.drawn_tournament(10)
    organiser = factories.make_organiser(tournament=tournament)
    page = new_page(phone=True)
    login(page, organiser.username)
    page.goto(page.base_url + reverse("staff:clock", args=[tournament.pk]))
    minutes = page.evaluate(STYLE, ".clock-form input[name=minutes]")
    label = page.evaluate(STYLE, ".clock-form input[name=label]")
    assert label == minutes
    assert_fits_phone(page)


def test_the_audit_log_with_its_long_action_names_fits_a_phone(new_page):
    tournament = factories.drawn_tournament(10)
    organiser = factories.make_organiser(tournament=tournament)
    page = new_page(phone=True)
    login(page, organiser.username)
    page.goto(page.base_url + reverse("staff:audit", args=[tournament.pk]))
    assert page.locator("select[name=action] option").count() >= 40
    assert_fits_phone(page)


#: What sticks out of the page on the right (not what scrolls inside a box of its own).
WIDEST = """() => [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .filter(e => { for (let p = e.parentElement; p; p = p.parentElement) {
        if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return false;
      } return true; })
    .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))
    .slice(0, 6)"""


def test_the_player_profile_fits_a_phone(new_page):
    _season, anna = season_with_anna()
    # A long word in a tournament's name widened the table (issue 32: 388 px).
    Tournament.objects.filter(name="Meisterschaft").update(
        name="Landesmeisterschaftsendrunde BANG! 2027"
    )
    page = new_page(phone=True)
    page.goto(page.base_url + reverse("player_profile", args=[anna.pk]))
    assert page.locator(".player-tournaments tbody tr").count() == 2
    assert page.evaluate(WIDEST) == []
    assert_fits_phone(page)


def test_the_draw_check_page_fits_a_phone(new_page):
    tournament = factories.drawn_tournament(10)
    page = new_page(phone=True)
    page.goto(page.base_url + reverse("draw_check", args=[tournament.pk]))
    assert page.evaluate(WIDEST) == []
    assert_fits_phone(page)


def test_the_leaderboard_shows_its_first_rows_on_a_phones_first_screen(new_page):
    """With the round clock running and the tables still playing listed, the first
    standings rows are on the first screen of a 360 x 740 phone, and every column (the
    games too) fits without scrolling the table sideways."""
    tournament = played(20, factories.make_referee(), rounds=range(1, 3))
    services.clock_start(tournament=tournament, minutes=45, label="Runde 3")
    page = new_page(phone=True)
    page.goto(page.base_url + reverse("leaderboard", args=[tournament.pk]))
    page.get_by_test_id("round-clock").wait_for()
    rows = page.locator("table.standings tbody tr")
    tops = [rows.nth(i).bounding_box()["y"] for i in range(6)]
    assert tops[0] < 420 and tops[5] < 740, tops
    fits = page.evaluate(
        """() => { const box = document.querySelector('.table-scroll');
                   return [box.scrollWidth, box.clientWidth]; }"""
    )
    assert fits[0] <= fits[1], fits
    games = page.locator("table.standings thead th").last.bounding_box()
    assert games["x"] + games["width"] <= 360
    # The ordering is a tap away, not gone.
    page.get_by_test_id("how-ranked").locator("summary").click()
    assert (
        page.get_by_text("bounty first", exact=False).is_visible()
        or page.get_by_text("zuerst Kopfgeld", exact=False).is_visible()
    )
    assert_fits_phone(page)


CARDS = """() => [...document.querySelectorAll('[data-phase=seating] .projector-card')]
    .filter(card => !card.hidden).map(card => {
      const box = card.getBoundingClientRect();
      return {left: Math.round(box.left), clipped: card.scrollHeight > card.clientHeight + 1};
    })"""


@pytest.mark.parametrize(("players", "pages"), [(30, 1), (60, 2)])
def test_take_your_seats_uses_the_projectors_screen(browser, live_server, players, pages):
    """1920x1080: the tables of the round's first screen fill it in three columns of
    large names (as the knockout's, issue 21), none cut off; a larger round pages."""
    tournament = factories.drawn_tournament(players)
    context = browser.new_context(locale="de-DE", viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tournament.pk}/projector/")
    page.locator("[data-phase=seating]").wait_for()
    page.wait_for_timeout(300)  # projector.js measures its pages
    box = page.evaluate(MEASURE)
    assert box["scrollWidth"] <= 1920 and box["scrollHeight"] <= 1080, box
    assert (box["bottom"] - box["top"]) / 1080 >= 0.7, box
    assert font_px(page, ".projector-card li") >= 0.03 * 1080
    cards = page.evaluate(CARDS)
    assert len({card["left"] for card in cards}) == 3
    assert not any(card["clipped"] for card in cards), cards
    indicator = page.locator(".page-indicator").text_content() or ""
    assert indicator == ("" if pages == 1 else f"Seite 1 von {pages}")
    context.close()
