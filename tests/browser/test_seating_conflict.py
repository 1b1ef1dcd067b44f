"""Conflicts on the result form, on a 360 px phone.

The referee opens table 1; the organiser swaps seats 2 and 3 on the draw page
(and is asked to reprint table 1's scoresheets); the referee saves the form as
shown: the save is refused as a conflict showing both seatings by name, the
entry is kept, nothing is stored. The same through the phone's outbox.

Two referees save the same game: the conflict view stacks both versions on the
phone, and its sticky bar offers the page's two choices (no "reload").
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone, group_game, open_result_form
from tests.browser.test_outbox import (
    correct,
    enter_outlaws_win,
    record_first_version,
    versions,
    wait_until,
)
from tournaments.models import Result, Seat

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def day(new_page):
    tournament = factories.drawn_tournament(10)
    factories.make_referee(username="schiri")
    organiser = factories.make_organiser(username="orga")
    game = group_game(tournament)
    phone = new_page(phone=True, locale="en-GB")
    login(phone, "schiri")
    desk = new_page(locale="en-GB")
    login(desk, organiser.username)
    names = {
        seat.position: seat.participant.name
        for seat in Seat.objects.filter(table=game.table).select_related("participant")
    }
    return tournament, game, phone, desk, names


def swap_seats_2_and_3(desk, tournament, names) -> None:
    desk.goto(desk.base_url + reverse("staff:draw", args=[tournament.pk]))
    desk.select_option("select[name=a]", label=f"Table 1, seat 2: {names[2]}")
    desk.select_option("select[name=b]", label=f"Table 1, seat 3: {names[3]}")
    desk.locator("button[name=swap]").click()
    expect(desk.locator(".staff-messages")).to_contain_text(
        "Reprint the scoresheets of table 1: the printed ones show the old seats."
    )


def expect_seating_conflict(phone, names) -> None:
    conflict = phone.locator("[data-testid=seating-conflict]")
    expect(conflict).to_be_visible()
    changed = conflict.locator("tr.changed")
    expect(changed).to_have_count(2)
    expect(changed.nth(0).locator(".then")).to_have_text(names[2])
    expect(changed.nth(0).locator(".now")).to_have_text(names[3])
    expect(changed.nth(1).locator(".then")).to_have_text(names[3])
    expect(changed.nth(1).locator(".now")).to_have_text(names[2])
    # The reason stays in the sticky bar, where Save is tapped.
    bar = phone.locator("#verdict-bar")
    expect(bar).to_contain_text("Seats changed at table 1: nothing was saved")
    # The entry is kept as typed.
    expect(phone.locator("input[name=seat-4-lives]")).to_have_value("2")
    # The seats now show the names as they sit.
    expect(phone.locator('fieldset[data-position="2"] .seat-name')).to_have_text(names[3])
    assert_fits_phone(phone)


def test_a_swap_while_the_form_is_open_is_a_conflict_and_stores_nothing(day):
    tournament, game, phone, desk, names = day
    open_result_form(phone, game)
    expect(phone.locator('fieldset[data-position="2"] .seat-name')).to_have_text(names[2])
    enter_outlaws_win(phone)

    swap_seats_2_and_3(desk, tournament, names)

    phone.locator("#result-form button[name=save]").click()
    expect_seating_conflict(phone, names)
    phone.screenshot(path="/tmp/seating-conflict-360.png", full_page=True)
    assert versions(game) == 0

    # Checked against the new seats, a second save is stored.
    phone.locator("#result-form button[name=save]").click()
    wait_until(lambda: versions(game) == 1)
    expect(phone.locator(".staff-messages")).to_contain_text("Result saved")


def test_an_entry_waiting_in_the_outbox_carries_its_seating(day):
    tournament, game, phone, desk, names = day
    open_result_form(phone, game)
    enter_outlaws_win(phone)
    phone.context.set_offline(True)
    phone.locator("#result-form button[name=save]").click()
    expect(phone.locator(".save-bar [data-outbox-status]")).to_contain_text("not sent yet (1)")

    swap_seats_2_and_3(desk, tournament, names)

    phone.context.set_offline(False)
    expect_seating_conflict(phone, names)
    assert versions(game) == 0


# ---------------------------------------------------------------- two referees, one game


@pytest.fixture
def conflict(day):
    """Version 1 stored; the phone corrects seat 5 while another referee saves version 2."""
    _tournament, game, phone, _desk, _names = day
    referee = factories.make_referee(username="schiri1")
    record_first_version(game, referee)
    open_result_form(phone, game)
    phone.fill("input[name=seat-5-lives]", "3")
    phone.fill("[name=reason]", "seat 5 had three lives")
    correct(game, factories.make_referee(username="schiri2"), lives=2, reason="other referee")
    phone.locator("#result-form button[name=save]").click()
    expect(phone.locator(".conflict-compare")).to_be_visible()
    return game, phone


def test_the_conflict_view_fits_a_phone_and_its_bar_offers_the_two_choices(conflict):
    game, phone = conflict
    assert_fits_phone(phone)
    phone.screenshot(path="/tmp/version-conflict-360.png", full_page=True)
    phone.locator(".conflict-table tr.changed").scroll_into_view_if_needed()
    phone.screenshot(path="/tmp/version-conflict-screen-360.png")
    # Both versions of every seat lie wholly on the screen (stacked on a phone).
    cells = phone.locator(".conflict-table td").evaluate_all(
        """cells => cells.map(c => {
            const box = c.getBoundingClientRect();
            return [box.left, box.right, c.scrollWidth <= c.clientWidth];
        })"""
    )
    assert len(cells) == 2 * 6  # five seats and the winner, stored and sent
    assert all(left >= 0 and right <= 360 and whole for left, right, whole in cells), cells
    changed = phone.locator(".conflict-table tr.changed")
    expect(changed.locator(".stored")).to_contain_text("2 lives")
    expect(changed.locator(".sent")).to_contain_text("3 lives")
    # The sticky bar: no "reload", the page's own two choices.
    bar = phone.locator(".save-bar")
    expect(bar).not_to_contain_text("Reload")
    expect(bar.locator("#verdict-bar")).to_contain_text("Someone else saved version 2")
    choices = bar.locator(".save-bar-buttons > :visible")
    expect(choices).to_have_text(["Keep the stored version", "Send mine as a new correction"])
    for choice in choices.all():
        box = choice.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360

    choices.nth(0).click()  # keep theirs
    phone.wait_for_url(lambda url: url.endswith(f"?round={game.round}"))
    assert versions(game) == 2
    assert Result.objects.get(game=game, is_current=True).reason == "other referee"


def test_the_bars_send_mine_stores_the_entry_as_a_new_correction(conflict):
    game, phone = conflict
    phone.locator(".save-bar .save-bar-buttons button[name=save]").click()
    wait_until(lambda: versions(game) == 3)
    current = Result.objects.get(game=game, is_current=True)
    assert (current.seats.get(position=5).lives, current.reason) == (3, "seat 5 had three lives")


#: Cells of the conflict's table whose text runs out of the cell (into the next one).
OVERFLOWING_CELLS = """() => [...document.querySelectorAll(
    '.seating-change-table th, .seating-change-table td')]
  .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"""


def test_the_conflicts_table_wraps_its_german_headers_on_a_phone(new_page):
    """ "In deinem Formular" ran into "Sitzt jetzt dort" at 360 px: the tables' rule
    against wrapping headers outweighed the conflict table's own."""
    tournament = factories.drawn_tournament(10)
    factories.make_referee(username="schiri")
    organiser = factories.make_organiser(username="orga")
    game = group_game(tournament)
    phone = new_page(phone=True)  # German
    login(phone, "schiri")
    desk = new_page()
    login(desk, organiser.username)
    names = {
        seat.position: seat.participant.name
        for seat in Seat.objects.filter(table=game.table).select_related("participant")
    }
    open_result_form(phone, game)
    enter_outlaws_win(phone)
    desk.goto(desk.base_url + reverse("staff:draw", args=[tournament.pk]))
    desk.select_option("select[name=a]", label=f"Tisch 1, Platz 2: {names[2]}")
    desk.select_option("select[name=b]", label=f"Tisch 1, Platz 3: {names[3]}")
    desk.locator("button[name=swap]").click()
    expect(desk.locator(".staff-messages")).to_contain_text("Tisch 1")

    phone.locator("#result-form button[name=save]").click()
    expect(phone.locator("[data-testid=seating-conflict]")).to_contain_text("In deinem Formular")
    assert phone.evaluate(OVERFLOWING_CELLS) == []
    assert_fits_phone(phone)
    assert versions(game) == 0
