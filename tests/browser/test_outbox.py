"""The phone's outbox (rules.md §12 "Entry that survives the network") on a 360 px phone.

The network is cut with Playwright's ``context.set_offline``; the result is
checked in the database: stored exactly once, never overwritten.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable

import pytest
from django.contrib.sessions.models import Session
from django.db import OperationalError
from django.urls import reverse
from playwright.sync_api import expect

from scoring.results import SeatReport
from scoring.rulesets import Role
from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import CHARACTERS, fill_seat, group_game, open_result_form
from tournaments import services
from tournaments.models import Game, OutboxReport, Result

pytestmark = pytest.mark.django_db(transaction=True)

PENDING = ".save-bar [data-outbox-status]"


def wait_until(check: Callable[[], bool], seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OperationalError):  # the live server writes (SQLite)
            if check():
                return
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s")


def wait_for_games_list(phone) -> None:
    """The outbox is done: it has shown the open games the server sent on to.

    (The form's own address also holds ``/staff/games/``: only the list's will do.)
    """
    expect(phone).to_have_url(re.compile(r"/staff/games/\?show=open$"))


def versions(game: Game) -> int:
    for _attempt in range(50):
        with contextlib.suppress(OperationalError):  # the live server writes (SQLite)
            return Result.objects.filter(game=game).count()
        time.sleep(0.1)
    raise AssertionError("the database stayed locked")


def enter_outlaws_win(page) -> None:
    fill_seat(page, 1, role=None, character=CHARACTERS[0], lives=0)
    fill_seat(page, 2, role="deputy", character=CHARACTERS[1], lives=0)
    fill_seat(page, 3, role="renegade", character=CHARACTERS[2], lives=0)
    fill_seat(page, 4, role="outlaw", character=CHARACTERS[3], lives=2)
    fill_seat(page, 5, role="outlaw", character="El Gringo", lives=1)
    page.select_option("select[name=seat-1-eliminated_by]", "4")
    page.check("input[name=signed]")


def record_first_version(game: Game, referee) -> None:
    """Version 1 (the outlaws win), stored as if another phone had sent it."""
    reports = [
        SeatReport(
            position=1, role=Role.SHERIFF, character=CHARACTERS[0], lives=0, eliminated_by=4
        ),
        SeatReport(position=2, role=Role.DEPUTY, character=CHARACTERS[1], lives=0),
        SeatReport(position=3, role=Role.RENEGADE, character=CHARACTERS[2], lives=0),
        SeatReport(position=4, role=Role.OUTLAW, character=CHARACTERS[3], lives=2),
        SeatReport(position=5, role=Role.OUTLAW, character="El Gringo", lives=1),
    ]
    services.result_record(game=game, seats=reports, signed=True, actor=referee)


def correct(game: Game, referee, *, lives: int, reason: str) -> None:
    current = Result.objects.get(game=game, is_current=True)
    reports = [
        SeatReport(
            position=s.position,
            role=Role(s.role),
            character=s.character,
            lives=lives if s.position == 5 else s.lives,
            eliminated_by=s.eliminated_by,
        )
        for s in current.seats.all()
    ]
    game.refresh_from_db()
    services.result_record(
        game=game, seats=reports, signed=True, reason=reason, version=game.version, actor=referee
    )


@pytest.fixture
def hall(new_page):
    tournament = factories.drawn_tournament(10)
    referee = factories.make_referee(username="schiri")
    game = group_game(tournament)
    phone = new_page(phone=True, locale="en-GB")
    login(phone, "schiri")
    return tournament, referee, game, phone


def test_an_offline_save_stays_on_the_phone_and_arrives_once_when_back_online(hall):
    _tournament, _referee, game, phone = hall
    open_result_form(phone, game)
    form_url = phone.url
    enter_outlaws_win(phone)
    phone.context.set_offline(True)
    phone.locator("#result-form button[name=save]").click()
    # The form stays, with what was typed, and says what is waiting.
    expect(phone.locator(PENDING)).to_contain_text("not sent yet (1)")
    assert phone.url == form_url
    expect(phone.locator("input[name=seat-4-lives]")).to_have_value("2")
    time.sleep(1)
    assert versions(game) == 0

    phone.context.set_offline(False)
    wait_until(lambda: versions(game) == 1, 10)
    wait_for_games_list(phone)
    expect(phone.locator(".staff-messages")).to_contain_text("Result saved")
    time.sleep(1.5)  # a timer's resend would come now: nothing more is stored
    assert versions(game) == 1
    result = Result.objects.get(game=game)
    assert result.seats.get(position=4).lives == 2


def test_an_offline_double_tap_of_a_correction_makes_one_new_version(hall):
    _tournament, referee, game, phone = hall
    record_first_version(game, referee)
    open_result_form(phone, game)
    phone.fill("input[name=seat-5-lives]", "2")
    phone.fill("[name=reason]", "lives of seat 5")
    phone.context.set_offline(True)
    save = phone.locator("#result-form button[name=save]")
    save.click()
    save.click()
    expect(phone.locator(PENDING)).to_contain_text("not sent yet (1)")
    phone.context.set_offline(False)
    wait_until(lambda: versions(game) == 2)
    wait_for_games_list(phone)
    time.sleep(1.5)
    assert versions(game) == 2
    assert Result.objects.get(game=game, is_current=True).seats.get(position=5).lives == 2


def test_a_kept_submission_survives_a_closed_browser_and_is_sent_once(hall, browser):
    tournament, _referee, game, phone = hall
    open_result_form(phone, game)
    enter_outlaws_win(phone)
    phone.context.set_offline(True)
    phone.locator("#result-form button[name=save]").click()
    expect(phone.locator(PENDING)).to_contain_text("not sent yet (1)")
    storage = phone.context.storage_state()
    phone.context.close()  # the browser is closed, offline

    context = browser.new_context(
        storage_state=storage, locale="en-GB", viewport={"width": 360, "height": 740}
    )
    try:
        context.set_default_timeout(10_000)
        reopened = context.new_page()
        # The hall's wifi still drops the result's request: it waits on the games list.
        form = reverse("staff:result", args=[tournament.pk, game.pk])
        reopened.route(f"**{form}", lambda route: route.abort())
        reopened.goto(phone.base_url + reverse("staff:games", args=[tournament.pk]))
        expect(reopened.locator(".outbox-banner")).to_contain_text("not sent yet (1)")
        # The phone told the staff: the progress board marks the table.
        wait_until(lambda: OutboxReport.objects.filter(game=game).exists())
        organiser = factories.make_organiser(username="orga")
        board = context.browser.new_context(locale="en-GB")
        try:
            board_page = board.new_page()
            board_page.base_url = phone.base_url
            login(board_page, organiser.username)
            board_page.goto(phone.base_url + reverse("staff:progress", args=[tournament.pk]))
            expect(board_page.locator("[data-pending-on-phone]")).to_have_count(1)
        finally:
            board.close()
        assert versions(game) == 0
        reopened.unroute(f"**{form}")
        wait_until(lambda: versions(game) == 1)
        expect(reopened.locator(".outbox-banner")).to_be_hidden()
        wait_until(lambda: not OutboxReport.objects.filter(game=game).exists())
        time.sleep(1.5)
        assert versions(game) == 1
    finally:
        context.close()


def test_a_conflict_shows_both_versions_and_overwrites_nothing(hall):
    _tournament, referee, game, phone = hall
    record_first_version(game, referee)
    open_result_form(phone, game)
    phone.fill("input[name=seat-5-lives]", "3")
    phone.fill("[name=reason]", "seat 5 had three lives")
    phone.context.set_offline(True)
    phone.locator("#result-form button[name=save]").click()
    expect(phone.locator(PENDING)).to_contain_text("not sent yet (1)")
    # Meanwhile a second referee corrects the game.
    correct(game, factories.make_referee(username="schiri2"), lives=2, reason="other referee")
    phone.context.set_offline(False)

    compare = phone.locator(".conflict-compare")
    expect(compare).to_be_visible()
    expect(compare).to_contain_text("version 2")
    changed = compare.locator("tr.changed")
    expect(changed).to_have_count(1)
    expect(changed.locator(".stored")).to_contain_text("2 lives")
    expect(changed.locator(".sent")).to_contain_text("3 lives")
    expect(compare.locator("[data-keep-stored]")).to_be_visible()
    time.sleep(1.5)
    # Nothing overwritten until the referee chooses.
    assert versions(game) == 2
    current = Result.objects.get(game=game, is_current=True)
    assert (current.version, current.seats.get(position=5).lives) == (2, 2)

    phone.locator("#result-form button[name=save]").click()  # "send mine as a new correction"
    wait_until(lambda: versions(game) == 3)
    current = Result.objects.get(game=game, is_current=True)
    assert (current.version, current.seats.get(position=5).lives) == (3, 3)
    assert current.reason == "seat 5 had three lives"


def test_an_expired_session_while_offline_asks_for_a_login_then_sends_once(hall):
    _tournament, _referee, game, phone = hall
    open_result_form(phone, game)
    enter_outlaws_win(phone)
    phone.context.set_offline(True)
    phone.locator("#result-form button[name=save]").click()
    expect(phone.locator(PENDING)).to_contain_text("not sent yet (1)")
    Session.objects.all().delete()  # the login expires meanwhile
    phone.context.set_offline(False)

    again = phone.locator(PENDING).locator("a.outbox-login")
    expect(again).to_be_visible()
    expect(phone.locator(PENDING)).to_contain_text("not sent yet (1)")
    assert versions(game) == 0
    again.click()
    phone.fill("input[name=username]", "schiri")
    phone.fill("input[name=password]", "secret-password-42")
    phone.press("input[name=password]", "Enter")
    wait_until(lambda: versions(game) == 1)
    wait_for_games_list(phone)
    time.sleep(1.5)
    assert versions(game) == 1
    assert Result.objects.get(game=game).recorded_by.username == "schiri"


def test_a_late_result_says_when_it_was_entered_and_when_it_arrived(hall):
    _tournament, _referee, game, phone = hall
    open_result_form(phone, game)
    enter_outlaws_win(phone)
    phone.context.set_offline(True)
    phone.locator("#result-form button[name=save]").click()
    expect(phone.locator(PENDING)).to_contain_text("not sent yet (1)")
    # The phone's clock entered it two minutes ago (the outage lasted that long).
    phone.evaluate(
        """() => {
          const items = JSON.parse(localStorage.getItem("bang-outbox-v1"));
          items[0].enteredAt = new Date(Date.now() - 120000).toISOString();
          localStorage.setItem("bang-outbox-v1", JSON.stringify(items));
        }"""
    )
    phone.context.set_offline(False)
    wait_until(lambda: versions(game) == 1)
    result = Result.objects.get(game=game)
    assert result.entered_at is not None
    assert 100 < (result.recorded_at - result.entered_at).total_seconds() < 200
    # Leaving before the phone has its answer would leave the item in the outbox, and
    # the next page would send it again (answered as a replay, stored once).
    wait_for_games_list(phone)
    open_result_form(phone, game)
    expect(phone.locator(".history-table .sent-late")).to_contain_text("entered on the phone")
