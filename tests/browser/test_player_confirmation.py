"""A player confirms a result on their phone with their PIN (rules.md §11)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from scoring.results import SeatReport
from scoring.rulesets import Role
from tests import factories
from tournaments import services
from tournaments.models import Game, Result

pytestmark = pytest.mark.django_db(transaction=True)

ROLES = {1: "sheriff", 2: "renegade", 3: "outlaw", 4: "outlaw", 5: "deputy"}


def _record(game: Game) -> None:
    services.result_record(
        game=game,
        seats=[
            SeatReport(position=p, role=Role(r), lives=3 if p == 1 else 0) for p, r in ROLES.items()
        ],
        actor=factories.make_referee(),
    )


def test_players_sign_on_a_phone_and_wrong_pins_are_throttled(new_page):
    cache.clear()
    tournament = factories.drawn_tournament(10, ruleset="showdown", settings={"double_check": True})
    game, other = Game.objects.filter(tournament=tournament, round=1).order_by("table__number")[:2]
    _record(game)
    _record(other)
    page = new_page(phone=True, locale="en-GB")
    page.goto(f"{page.base_url}/t/{tournament.pk}/games/{game.pk}/confirm/")
    expect(page.locator(".confirm-seat")).to_have_count(5)
    expect(page.locator(".result-status")).to_have_attribute("data-counts", "false")

    seat = page.locator(".confirm-seat[data-position='1']")
    seat.locator("input[name=pin]").fill("AAAAAA")
    seat.get_by_role("button").click()
    expect(page.locator(".messages")).to_contain_text("not right")

    for position, pin in sorted(
        (s.position, s.participant.pin) for s in game.table.seats.select_related("participant")
    ):
        seat = page.locator(f".confirm-seat[data-position='{position}']")
        seat.locator("input[name=pin]").fill(pin)
        seat.get_by_role("button").click()
        expect(
            page.locator(f".confirm-seat[data-position='{position}'] .confirmed")
        ).to_be_visible()
    expect(page.locator(".result-status")).to_have_attribute("data-counts", "true")
    assert Result.objects.counting(tournament).filter(game=game).exists()

    page.goto(f"{page.base_url}/t/{tournament.pk}/games/{other.pk}/confirm/")
    for _ in range(20):
        seat = page.locator(".confirm-seat[data-position='2']")
        seat.locator("input[name=pin]").fill("AAAAAA")
        seat.get_by_role("button").click()
        page.locator(".messages").wait_for()
    expect(page.locator(".messages")).to_contain_text("Too many wrong PINs")
    cache.clear()
