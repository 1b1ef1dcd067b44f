"""The hall on a 360 px phone (rules.md §12): a player calls a referee and sees who
is coming; the referee sees the call without a reload and closes it; the round
clock counts down on the projector and on a phone whose own clock is an hour wrong."""

from __future__ import annotations

import datetime
import os
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone
from tournaments import services
from tournaments.models import Game, RefereeCall, RoundClock, Seat

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS")  # a folder for screenshots to look at, when set


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def _seconds(text: str) -> int:
    """``"44:58"`` or ``"1:02:03"`` as seconds."""
    parts = [int(p) for p in text.strip().split(":")]
    total = 0
    for part in parts:
        total = total * 60 + part
    return total


def test_a_player_calls_a_referee_who_sees_it_live_and_closes_it(new_page):
    referee = factories.make_referee(username="schiri")
    tournament = factories.drawn_tournament(10, name="Hallenturnier")
    game = Game.objects.get(tournament=tournament, table__number=2, round=1)
    seat = Seat.objects.select_related("participant").get(table=game.table, position=3)

    staff = new_page(phone=True)
    login(staff, referee.username)
    staff.goto(f"{staff.base_url}{reverse('staff:games', args=[tournament.pk])}")
    expect(staff.get_by_test_id("open-calls")).to_have_count(0)

    player = new_page(phone=True)
    player.goto(f"{player.base_url}{reverse('player', args=[tournament.pk, seat.participant.pk])}")
    box = player.get_by_test_id("call-referee")
    box.get_by_label("PIN").fill(seat.participant.pin)
    box.get_by_label("Notiz (freiwillig)").fill("Frage zum Dynamit")
    box.get_by_role("button", name="Schiedsrichter rufen").click()
    status = player.get_by_test_id("call-status")
    expect(status).to_contain_text("Ein Schiedsrichter kommt an deinen Tisch")
    assert RefereeCall.objects.filter(status="open", position=3).count() == 1
    _shot(player, "call-sent-phone")
    assert_fits_phone(player)

    # the referee's page shows it without a reload (the fragment is polled)
    calls = staff.get_by_test_id("open-calls")
    expect(calls).to_contain_text("Tisch 2, Platz 3", timeout=8000)
    expect(calls).to_contain_text(seat.participant.name)
    expect(calls).to_contain_text("Frage zum Dynamit")
    _shot(staff, "call-on-referee-phone")
    assert_fits_phone(staff)
    calls.get_by_role("button", name="Ich komme").click()
    expect(calls).to_contain_text("schiri ist unterwegs")

    # the caller's phone shows who is coming
    expect(status).to_contain_text("schiri kommt an deinen Tisch", timeout=8000)
    _shot(player, "call-taken-phone")

    staff.get_by_test_id("open-calls").get_by_role("button", name="Erledigt").click()
    expect(staff.get_by_test_id("open-calls")).to_have_count(0)
    expect(status).to_contain_text("Dein Ruf ist erledigt", timeout=8000)
    call = RefereeCall.objects.get()
    assert (call.status, call.taken_by) == ("closed", referee)


def test_a_wrong_pin_is_said_on_the_phone(new_page):
    tournament = factories.drawn_tournament(10)
    game = Game.objects.get(tournament=tournament, table__number=1, round=1)
    player = new_page(phone=True)
    player.goto(f"{player.base_url}{reverse('game_confirmation', args=[tournament.pk, game.pk])}")
    box = player.get_by_test_id("call-referee")
    box.get_by_label("Dein Platz").select_option("2")
    box.get_by_label("PIN").fill("ZZZZZZ")
    box.get_by_role("button", name="Schiedsrichter rufen").click()
    expect(player.get_by_test_id("call-status")).to_contain_text("PIN")
    assert not RefereeCall.objects.exists()


def test_the_clock_counts_down_on_the_projector_and_on_a_phone_an_hour_wrong(new_page):
    tournament = factories.drawn_tournament(10)
    services.clock_start(tournament=tournament, minutes=45, label="Runde 3")

    projector = new_page()
    projector.goto(f"{projector.base_url}{reverse('projector', args=[tournament.pk])}")
    clock = projector.get_by_test_id("round-clock")
    expect(clock).to_be_visible()
    expect(clock).to_contain_text("Runde 3")
    first = _seconds(clock.locator("[data-clock-time]").inner_text())
    assert 44 * 60 + 50 <= first <= 45 * 60
    projector.wait_for_timeout(2200)
    later = _seconds(clock.locator("[data-clock-time]").inner_text())
    assert first - 4 <= later <= first - 1
    _shot(projector, "clock-projector")

    phone = new_page(phone=True)
    wrong = timezone.now() + datetime.timedelta(hours=1)
    phone.clock.install(time=wrong)
    phone.goto(f"{phone.base_url}{reverse('leaderboard', args=[tournament.pk])}")
    assert phone.evaluate("new Date().getUTCHours()") == wrong.hour  # its clock is wrong
    phone_clock = phone.get_by_test_id("round-clock")
    expect(phone_clock).to_be_visible()
    shown = _seconds(phone_clock.locator("[data-clock-time]").inner_text())
    assert 44 * 60 + 45 <= shown <= 45 * 60, shown
    # Real seconds, not phone.clock.run_for(): the page fetches the clock again on
    # its stream's events and then takes the server's remaining time, which only
    # real time moves.
    phone.wait_for_timeout(2500)
    after = _seconds(phone_clock.locator("[data-clock-time]").inner_text())
    assert shown - 5 <= after < shown
    _shot(phone, "clock-phone-an-hour-wrong")
    assert_fits_phone(phone)


def test_time_is_up_at_zero_and_a_pause_reaches_the_page(new_page):
    tournament = factories.drawn_tournament(10)
    organiser = factories.make_organiser(username="chefin", tournament=tournament)
    RoundClock.objects.create(
        tournament=tournament,
        state="running",
        label="Runde 1",
        ends_at=timezone.now() + datetime.timedelta(seconds=2),
    )
    phone = new_page(phone=True)
    phone.goto(f"{phone.base_url}{reverse('leaderboard', args=[tournament.pk])}")
    clock = phone.get_by_test_id("round-clock")
    expect(clock).to_contain_text("Zeit ist um", timeout=6000)
    expect(clock.locator("[data-clock-time]")).to_have_text("0:00")
    phone.wait_for_timeout(1500)
    expect(clock.locator("[data-clock-time]")).to_have_text("0:00")  # stays at zero
    _shot(phone, "clock-time-is-up-phone")

    staff = new_page(phone=True)
    login(staff, organiser.username)
    staff.goto(f"{staff.base_url}{reverse('staff:clock', args=[tournament.pk])}")
    staff.get_by_label("Minuten").fill("20")
    staff.get_by_label("Bezeichnung").fill("Runde 2")
    staff.get_by_test_id("clock-start").get_by_role("button").click()
    staff_clock = staff.get_by_test_id("round-clock")
    expect(staff_clock).to_contain_text("Runde 2")
    expect(staff_clock.locator("[data-clock-time]")).to_have_text(re.compile(r"^(20:00|19:5\d)$"))
    staff.get_by_role("button", name="Pause").click()
    expect(staff_clock).to_contain_text("angehalten")
    assert_fits_phone(staff)
    _shot(staff, "clock-staff-page-phone")
    # the phone learns of the change by itself: the clock moved the live version, the
    # leaderboard's poll swaps, and the clock is fetched again (at the latest in 15 s)
    expect(clock).to_contain_text("Runde 2", timeout=20000)
    expect(clock).to_contain_text("angehalten")
