"""A referee at a Czech club tournament (rules.md §14) on a 360 px phone: a table of 4
and a table of 5 whose Renegade won with the Deputy among the last three; the form shows
each seat's points before saving, and the saved result carries the flag and its points."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import CHARACTERS, assert_fits_phone, fill_seat, open_result_form
from tournaments import services
from tournaments.models import Game, ResultSeat, Stage

pytestmark = pytest.mark.django_db(transaction=True)


def game_of_size(tournament, size: int) -> Game:
    return (
        Game.objects.select_related("table")
        .filter(tournament=tournament, stage=Stage.GROUP, part=1, round=1, table__size=size)
        .get()
    )


def others(game: Game) -> list[int]:
    return [p for p in range(1, game.table.size + 1) if p != game.sheriff_position]


def points_at(page, position: int):
    return page.locator(f"#problems-{position} .seat-points")


def save(page) -> None:
    page.locator("#result-form button[name=save]").click()
    page.wait_for_url(lambda url: "/result/" not in url)


@pytest.fixture
def czech():
    tournament = factories.make_tournament(format="czech_club")
    factories.add_participants(tournament, 9)  # a table of 5 and a table of 4
    services.group_stage_draw(tournament=tournament, seed="Praha")
    factories.make_referee(username="schiri", tournament=tournament)
    return tournament


def test_a_referee_records_a_table_of_four_and_a_table_of_five(new_page, czech):
    page = new_page(phone=True, locale="en-GB")
    login(page, "schiri")

    # A table of 4 (Sheriff, Renegade, two Outlaws): the Outlaws win, one of them alive.
    four = game_of_size(czech, 4)
    open_result_form(page, four)
    expect(page.locator(".field-check.last-three")).to_have_count(0)  # no Deputy at 4
    renegade, alive, dead = others(four)
    fill_seat(page, four.sheriff_position, role=None, character=CHARACTERS[0], lives=0)
    fill_seat(page, renegade, role="renegade", character=CHARACTERS[1], lives=0)
    fill_seat(page, alive, role="outlaw", character=CHARACTERS[2], lives=2)
    fill_seat(page, dead, role="outlaw", character=CHARACTERS[3], lives=0)
    expect(points_at(page, alive)).to_have_text("Points: 20")
    expect(points_at(page, dead)).to_have_text("Points: 16")
    expect(points_at(page, four.sheriff_position)).to_have_text("Points: 0")
    assert_fits_phone(page)
    page.screenshot(path="/tmp/czech-four-360.png", full_page=True)
    save(page)

    # A table of 5: the Renegade wins; the Deputy was among the last three.
    five = game_of_size(czech, 5)
    open_result_form(page, five)
    renegade, deputy, outlaw_a, outlaw_b = others(five)
    last_three = page.locator(f'fieldset[data-position="{deputy}"] .last-three')
    expect(last_three).to_be_hidden()  # shown for a Deputy only
    fill_seat(page, five.sheriff_position, role=None, character=CHARACTERS[0], lives=0)
    fill_seat(page, renegade, role="renegade", character=CHARACTERS[1], lives=3)
    fill_seat(page, deputy, role="deputy", character=CHARACTERS[2], lives=0)
    fill_seat(page, outlaw_a, role="outlaw", character=CHARACTERS[3], lives=0)
    fill_seat(page, outlaw_b, role="outlaw", character=CHARACTERS[4], lives=0)
    expect(last_three).to_be_visible()
    expect(points_at(page, deputy)).to_have_text("Points: 0")
    last_three.locator("input").check()
    expect(points_at(page, deputy)).to_have_text("Points: 2")
    expect(points_at(page, renegade)).to_have_text("Points: 75")
    expect(points_at(page, five.sheriff_position)).to_have_text("Points: 5")
    expect(page.locator("#verdict-bar .bar-verdict")).to_contain_text("Renegade")
    assert_fits_phone(page)
    page.locator(f'fieldset[data-position="{deputy}"]').scroll_into_view_if_needed()
    page.screenshot(path="/tmp/czech-five-360.png", full_page=True)
    save(page)

    # Back on the referees' list: the open games name their part and round.
    expect(page.locator(".message").first).to_contain_text(
        "Result saved (table 1, part I, round 1)"
    )
    expect(page.locator(".game-card-head h2").first).to_contain_text("Part I · round 2")
    assert_fits_phone(page)
    page.screenshot(path="/tmp/czech-games-360.png", full_page=True)

    seat = ResultSeat.objects.current().get(result__game=five, position=deputy)
    assert seat.last_three is True
    assert seat.bounty == 2
    assert ResultSeat.objects.current().get(result__game=four, position=alive).bounty == 20
