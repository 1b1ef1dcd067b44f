"""Staff pages in a real Chromium: result entry on a phone, live rule checks, the draw."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import CHARACTERS, fill_seat, group_game, open_result_form
from tournaments.models import Game, Result, ResultSeat

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_referee_records_a_result_on_a_phone(new_page) -> None:
    tournament = factories.drawn_tournament(10)
    factories.make_referee(username="schiri")
    game = group_game(tournament)
    page = new_page(phone=True)
    login(page, "schiri")
    open_result_form(page, game)

    # Round 1: the Sheriff is fixed at seat 1. The Outlaws (seats 4 and 5) win.
    assert page.locator("fieldset[data-position='1'] .fixed-role").is_visible()
    assert page.locator("input[name=seat-1-lives]").get_attribute("max") == "5"
    fill_seat(page, 1, role=None, character=CHARACTERS[0], lives=0)
    fill_seat(page, 2, role="deputy", character=CHARACTERS[1], lives=0)
    fill_seat(page, 3, role="renegade", character=CHARACTERS[2], lives=0)
    fill_seat(page, 4, role="outlaw", character=CHARACTERS[3], lives=2)
    fill_seat(page, 5, role="outlaw", character="El Gringo", lives=1)
    assert page.locator("input[name=seat-5-lives]").get_attribute("max") == "3"
    # "Eliminated by" appears for a player with 0 lives; the Sheriff's matters.
    page.select_option("select[name=seat-1-eliminated_by]", "4")
    page.check("input[name=signed]")
    page.locator(".verdict").wait_for()
    assert not Result.objects.exists()  # checking does not save

    page.click("#result-form button[type=submit]")
    page.wait_for_url(lambda url: "/staff/games/" in url and "/result" not in url)
    game.refresh_from_db()
    assert game.status == Game.Status.RECORDED
    seats = ResultSeat.objects.filter(result__game=game, result__is_current=True)
    assert dict(seats.values_list("position", "bounty")) == {1: 0, 2: 0, 3: 0, 4: 2150, 5: 2150}
    assert seats.get(position=1).eliminated_by == 4


def test_an_impossible_result_shows_the_rule_at_the_seat_and_stores_nothing(new_page) -> None:
    tournament = factories.drawn_tournament(10)
    factories.make_referee(username="schiri")
    game = group_game(tournament, round=2)
    page = new_page(phone=True, locale="en-GB")
    login(page, "schiri")
    open_result_form(page, game)

    # Round 2: the Sheriff at seat 2, alive, and an Outlaw alive too.
    fill_seat(page, 1, role="deputy", character=CHARACTERS[0], lives=0)
    fill_seat(page, 2, role=None, character=CHARACTERS[1], lives=3)
    fill_seat(page, 3, role="renegade", character=CHARACTERS[2], lives=0)
    fill_seat(page, 4, role="outlaw", character=CHARACTERS[3], lives=0)
    fill_seat(page, 5, role="outlaw", character=CHARACTERS[4], lives=1)
    table = page.locator("#table-problems")
    table.get_by_text("The game is not finished").wait_for()

    # Lives above the character's maximum: the message appears at seat 3 while typing.
    page.fill("input[name=seat-3-lives]", "7")
    seat3 = page.locator("fieldset[data-position='3'] .problems")
    seat3.get_by_text("Seat 3: lives must be a whole number from 0 to 4.").wait_for()
    assert page.locator("fieldset[data-position='4'] .problem").count() == 0

    # Save is off while the live check shows the error; sent anyway, the server refuses it.
    expect(page.locator("#result-form button[type=submit]")).to_be_disabled()
    page.evaluate("document.getElementById('result-form').requestSubmit()")
    page.locator(".not-saved").wait_for()
    assert "/result/" in page.url
    assert page.locator("fieldset[data-position='3'] .problem").first.inner_text() == (
        "Seat 3: lives must be a whole number from 0 to 4."
    )
    assert Result.objects.count() == 0
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN


def test_an_organiser_runs_the_draw_and_sees_the_seating(page) -> None:
    tournament = factories.make_tournament()
    names = [p.name for p in factories.add_participants(tournament, 16)]
    factories.make_organiser(username="orga")
    page.on("dialog", lambda dialog: dialog.accept())  # the draw asks first
    login(page, "orga")
    page.goto(page.base_url + reverse("staff:draw", args=[tournament.pk]))
    assert page.input_value("input[name=seed]")  # prefilled at random
    page.fill("input[name=seed]", "Playwright 2027")
    page.click(".draw-form button[type=submit]")
    page.locator(".seating").wait_for()
    assert page.locator(".draw-seed").inner_text() == "Playwright 2027"
    assert page.locator(".seating-table").count() == 3  # 6 + 5 + 5
    seating = page.locator(".seating").inner_text()
    assert all(name in seating for name in names)


def test_a_sheriff_eliminated_by_a_player_who_is_out_shows_at_the_seat_on_a_phone(
    new_page,
) -> None:
    tournament = factories.drawn_tournament(10)
    factories.make_referee(username="schiri")
    game = group_game(tournament)
    page = new_page(phone=True)  # 360 px, German
    login(page, "schiri")
    open_result_form(page, game)

    # Round 1: the Sheriff (seat 1) out, "eliminated by" seat 4, who is out as well.
    fill_seat(page, 1, role=None, character=CHARACTERS[0], lives=0)
    fill_seat(page, 2, role="deputy", character=CHARACTERS[1], lives=0)
    fill_seat(page, 3, role="renegade", character=CHARACTERS[2], lives=0)
    fill_seat(page, 4, role="outlaw", character=CHARACTERS[3], lives=0)
    fill_seat(page, 5, role="outlaw", character="El Gringo", lives=1)
    page.select_option("select[name=seat-1-eliminated_by]", "4")
    message = "Platz 1: Die Partie endete, als der Sheriff ausschied"
    seat1 = page.locator("fieldset[data-position='1'] .problems")
    seat1.get_by_text(message, exact=False).wait_for()  # while typing, at the seat
    assert page.locator("fieldset[data-position='4'] .problem").count() == 0
    box = seat1.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360

    expect(page.locator("#result-form button[type=submit]")).to_be_disabled()
    page.evaluate("document.getElementById('result-form').requestSubmit()")
    page.locator(".not-saved").wait_for()
    assert "/result/" in page.url
    assert message in page.locator("fieldset[data-position='1'] .problems").inner_text()
    assert Result.objects.count() == 0
