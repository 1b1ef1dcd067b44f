"""A tournament day in two browsers: a referee at the table, a spectator at the leaderboard."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import CHARACTERS, fill_seat, german_bounty, group_game, open_result_form
from tournaments.models import Result

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_result_entered_on_a_phone_appears_on_the_open_leaderboard(new_page):
    tournament = factories.drawn_tournament(10)
    factories.make_referee(username="schiri")
    game = group_game(tournament)
    sheriff = game.table.seats.get(position=1).participant

    spectator = new_page()
    spectator.goto(f"{spectator.base_url}/t/{tournament.pk}/leaderboard/")
    spectator.evaluate("window.__notReloaded = true")
    sheriff_row = spectator.locator("table.standings tbody tr", has_text=sheriff.name)
    expect(sheriff_row).to_contain_text(german_bounty(1400))  # the 5-table bonus only

    referee = new_page(phone=True)
    login(referee, "schiri")
    open_result_form(referee, game)
    # Round 1 at a 5-table: the Sheriff (seat 1) and the Deputy win; the Sheriff survives.
    fill_seat(referee, 1, role=None, character=CHARACTERS[0], lives=2)
    fill_seat(referee, 2, role="deputy", character=CHARACTERS[1], lives=0)
    fill_seat(referee, 3, role="renegade", character=CHARACTERS[2], lives=0)
    fill_seat(referee, 4, role="outlaw", character=CHARACTERS[3], lives=0)
    fill_seat(referee, 5, role="outlaw", character=CHARACTERS[4], lives=0)
    referee.check("input[name=signed]")
    referee.locator(".verdict").wait_for()
    referee.click("#result-form button[type=submit]")
    referee.wait_for_url(lambda url: "/result" not in url)
    assert Result.objects.filter(game=game).count() == 1

    # 2500 for the Sheriff's win at a 5-table, 150 for surviving, 1400 for the 5-table.
    expect(sheriff_row).to_contain_text(german_bounty(2500 + 150 + 1400), timeout=10_000)
    assert spectator.evaluate("window.__notReloaded") is True
