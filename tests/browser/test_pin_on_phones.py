"""PINs on phones (issue 32): any case, and the referee's phone signs after strangers lock a game.

api.md "The day's edges": a PIN is compared regardless of case; a PIN typed on
a logged-in staff member's phone is counted against that staff member, so the
table can always sign on the referee's phone.
"""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from scoring.results import SeatReport
from scoring.rulesets import Role
from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone
from tournaments import services
from tournaments.models import Game, Result
from tournaments.services.pins import LIMIT

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS")  # a folder for screenshots to look at, when set
ROLES = {1: "sheriff", 2: "renegade", 3: "outlaw", 4: "outlaw", 5: "deputy"}


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.fixture
def game() -> Game:
    tournament = factories.drawn_tournament(10, ruleset="showdown", settings={"double_check": True})
    game = Game.objects.filter(tournament=tournament, round=1).order_by("table__number").first()
    services.result_record(
        game=game,
        seats=[
            SeatReport(position=p, role=Role(r), lives=3 if p == 1 else 0) for p, r in ROLES.items()
        ],
        actor=factories.make_referee(tournament=tournament),
    )
    return game


def _pin(game: Game, position: int) -> str:
    return game.table.seats.select_related("participant").get(position=position).participant.pin


def _sign(page, position: int, pin: str) -> None:
    seat = page.locator(f".confirm-seat[data-position='{position}']")
    seat.locator("input[name=pin]").fill(pin)
    seat.get_by_role("button").click()


def test_a_pin_typed_in_lower_case_signs_on_a_phone(new_page, game):
    phone = new_page(phone=True, locale="en-GB")
    phone.goto(f"{phone.base_url}/t/{game.tournament_id}/games/{game.pk}/confirm/")
    _sign(phone, 1, _pin(game, 1).lower())
    expect(phone.locator(".confirm-seat[data-position='1'] .confirmed")).to_be_visible()
    assert_fits_phone(phone)
    _shot(phone, "pin-lower-case-signed")
    assert Result.objects.get(game=game).player_confirmations() == [1]


def test_after_strangers_lock_the_game_the_table_signs_on_the_referees_phone(new_page, game):
    stranger = new_page(phone=True, locale="en-GB")
    url = f"/t/{game.tournament_id}/games/{game.pk}/confirm/"
    stranger.goto(f"{stranger.base_url}{url}")
    for _ in range(LIMIT):
        _sign(stranger, 2, "AAAAAA" if _pin(game, 2) != "AAAAAA" else "CCCCCC")
        stranger.locator(".messages").wait_for()
    expect(stranger.locator(".messages")).to_contain_text("Too many wrong PINs")
    _sign(stranger, 3, _pin(game, 3))  # the right PIN on an anonymous phone: locked too
    expect(stranger.locator(".messages")).to_contain_text("Too many wrong PINs")

    referee = factories.make_referee(tournament=game.tournament, username="schiri-tisch")
    phone = new_page(phone=True, locale="en-GB")
    login(phone, referee.username)
    phone.goto(f"{phone.base_url}{url}")
    for position in (2, 3):
        _sign(phone, position, _pin(game, position))
        expect(
            phone.locator(f".confirm-seat[data-position='{position}'] .confirmed")
        ).to_be_visible()
    assert_fits_phone(phone)
    _shot(phone, "pin-referee-phone-signs-after-lock")
    assert Result.objects.get(game=game).player_confirmations() == [2, 3]
