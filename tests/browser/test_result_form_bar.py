"""The result form's save bar on a 360 px phone: Save is off while the live check shows
an error in the entry, and the phone's outbox says in words what "not sent" means."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import CHARACTERS, assert_fits_phone, group_game, open_result_form
from tests.browser.test_outbox import enter_outlaws_win

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def phone(new_page):
    tournament = factories.drawn_tournament(10)
    factories.make_referee(username="schiri")
    game = group_game(tournament)
    page = new_page(phone=True, locale="en-GB")
    login(page, "schiri")
    open_result_form(page, game)
    return page


def test_save_is_off_while_the_live_check_shows_an_error(phone):
    save = phone.locator("#result-form button[name=save]")
    expect(save).to_be_enabled()
    phone.select_option("select[name=seat-2-role]", "deputy")
    phone.select_option("select[name=seat-2-character]", CHARACTERS[1])
    phone.fill("input[name=seat-2-lives]", "9")  # above the character's maximum
    expect(phone.locator("#verdict-bar .bar-problem")).to_be_visible()
    expect(save).to_be_disabled()
    phone.fill("input[name=seat-2-lives]", "1")
    expect(phone.locator("#verdict-bar .bar-problem")).to_have_count(0)
    expect(save).to_be_enabled()


def test_the_offline_status_says_what_it_means(phone):
    enter_outlaws_win(phone)
    phone.context.set_offline(True)
    phone.locator("#result-form button[name=save]").click()
    status = phone.locator(".save-bar [data-outbox-status]")
    expect(status).to_contain_text("not sent yet (1)")
    expect(status).to_contain_text(
        "No connection: kept on this phone, and sent by itself as soon as the network is back."
    )
    assert_fits_phone(phone)
    phone.screenshot(path="/tmp/offline-status-360.png")
    phone.context.set_offline(False)
