"""High Noon on screen (rules.md §14 "Time limit"): when a game's time limit passes,
the projector, the game's page and the referees' list show the rule within about a
second, without a reload, also with the network cut and on a phone whose own clock
is an hour wrong; a referee marks a game started on a 360 px phone."""

from __future__ import annotations

import datetime
import os
import time

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone, group_game, open_result_form
from tournaments.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS")  # a folder for screenshots to look at, when set

#: How late after its deadline a page may show the rule (rules.md §14: within 1 s;
#: a little more for a loaded test machine's browser).
LATE = 1.5


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def _started(game: Game, *, seconds_ago: float) -> float:
    """Set the game's start directly in the database; answer its deadline (1 minute
    later) as a ``time.time()`` value."""
    at = timezone.now() - datetime.timedelta(seconds=seconds_ago)
    Game.objects.filter(pk=game.pk).update(started_at=at)
    return (at + datetime.timedelta(minutes=1)).timestamp()


def test_high_noon_shows_at_the_deadline_on_the_projector_and_the_staff_pages(new_page):
    tournament = factories.drawn_tournament(10, settings={"time_limit_minutes": 1})
    referee = factories.make_referee(username="schiri")
    game = group_game(tournament)
    # The pages are opened first, before the deadline, which then passes while they
    # stay open: nothing is written at that moment.
    deadline = _started(game, seconds_ago=50)

    projector = new_page()
    projector.goto(f"{projector.base_url}{reverse('projector', args=[tournament.pk])}")
    board = projector.get_by_test_id("projector-time-rules")

    phone = new_page(phone=True)
    phone.clock.install(time=timezone.now() + datetime.timedelta(hours=1))  # an hour wrong
    login(phone, referee.username)
    open_result_form(phone, game)
    notice = phone.get_by_test_id("game-time").get_by_test_id("time-rule")
    expect(phone.get_by_test_id("game-time")).to_contain_text("Gestartet um")

    games = new_page(phone=True)
    login(games, referee.username)
    games.goto(f"{games.base_url}{reverse('staff:games', args=[tournament.pk])}")
    card = games.locator(f'[data-game="{game.pk}"]').get_by_test_id("time-rule")

    assert time.time() < deadline - 1, "the pages took too long to open"
    for hidden in (board, notice, card):
        expect(hidden).to_be_hidden()
    expect(phone.get_by_test_id("round-clock")).to_be_hidden()  # no clock runs
    _shot(phone, "time-rule-before-phone")
    # The projector loses its network before the deadline: it has the deadline already.
    projector.wait_for_timeout(1000)  # its clock answer (the server's time) is in
    projector.context.set_offline(True)

    time.sleep(max(0.0, deadline - 0.4 - time.time()))
    for hidden in (board, notice, card):
        expect(hidden).to_be_hidden()  # not before its time
    expect(board).to_be_visible(timeout=(deadline + LATE - time.time()) * 1000)
    expect(notice).to_be_visible(timeout=max(1, deadline + LATE - time.time()) * 1000)
    expect(card).to_be_visible(timeout=max(1, deadline + LATE - time.time()) * 1000)
    assert time.time() <= deadline + LATE + 0.3

    expect(board).to_contain_text("Jetzt gilt High Noon")
    expect(board).to_contain_text("Tisch 1")
    expect(notice).to_have_text("Jetzt gilt High Noon")
    expect(card).to_have_text("Jetzt gilt High Noon")
    _shot(projector, "time-rule-projector")
    _shot(phone, "time-rule-game-phone")
    _shot(games, "time-rule-games-phone")
    assert_fits_phone(phone)
    assert_fits_phone(games)


def test_a_referee_marks_a_game_started_and_the_list_learns_it_live(new_page):
    tournament = factories.drawn_tournament(10, settings={"time_limit_minutes": 15})
    referee = factories.make_referee(username="schiri")
    game = group_game(tournament)

    games = new_page(phone=True)
    login(games, referee.username)
    games.goto(f"{games.base_url}{reverse('staff:games', args=[tournament.pk])}")
    card = games.locator(f'[data-game="{game.pk}"]')
    expect(card).not_to_contain_text("gestartet")

    phone = new_page(phone=True)
    login(phone, referee.username)
    open_result_form(phone, game)
    box = phone.get_by_test_id("game-time")
    assert_fits_phone(phone)
    _shot(phone, "game-start-button-phone")
    box.get_by_test_id("game-start").click()
    expect(box).to_contain_text("Gestartet um")
    expect(box).to_contain_text("High Noon ab")
    expect(box.get_by_test_id("game-start")).to_have_count(0)
    game.refresh_from_db()
    assert game.started_at is not None
    _shot(phone, "game-started-phone")
    assert_fits_phone(phone)

    # The other referee's list shows it without a reload (the start moved the live version).
    expect(card).to_contain_text("gestartet um", timeout=5000)
    expect(card.get_by_test_id("time-rule")).to_be_hidden()
    assert_fits_phone(games)
