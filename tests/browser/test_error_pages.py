"""The site's error pages on a 360 px phone, in both languages (issue 20)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("locale", "heading", "home"),
    [
        ("de-DE", "Seite nicht gefunden", "Zur Startseite"),
        ("en-GB", "Page not found", "To the home page"),
    ],
)
def test_an_unknown_tournament_shows_the_sites_404_on_a_phone(new_page, locale, heading, home):
    page = new_page(phone=True, locale=locale)
    response = page.goto(f"{page.base_url}/t/987654/")
    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page.locator(".site-header .brand")).to_be_visible()
    assert_fits_phone(page)
    page.get_by_role("link", name=home).click()
    page.wait_for_url(f"{page.base_url}/")


def test_a_referee_of_another_tournament_is_sent_to_its_public_pages(new_page):
    mine = factories.make_tournament(name="Heimturnier")
    theirs = factories.make_tournament(name="Fremdes Turnier")
    factories.make_referee(username="gast", tournament=mine)
    page = new_page(phone=True)
    login(page, "gast")
    response = page.goto(f"{page.base_url}/t/{theirs.pk}/staff/")
    assert response.status == 403
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Sie sind nicht im Team dieses Turniers."
    )
    assert_fits_phone(page)
    page.get_by_role("link", name="Zu den öffentlichen Seiten von Fremdes Turnier").click()
    page.wait_for_url(f"{page.base_url}/t/{theirs.pk}/")
