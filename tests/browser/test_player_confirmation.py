"""A player confirms a result on their phone with their PIN (rules.md §11)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from scoring.results import SeatReport
from scoring.rulesets import Role
from tests import factories
from tests.browser.pages import assert_fits_phone
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


def test_the_pin_fields_are_the_sites_fields_on_a_phone(new_page):
    """The PIN field is as large as the site's other fields (no browser-default box of
    13 px text), with its button beside it; the call form's fields too."""
    cache.clear()
    tournament = factories.drawn_tournament(10, ruleset="showdown", settings={"double_check": True})
    game = Game.objects.filter(tournament=tournament, round=1).order_by("table__number").first()
    _record(game)
    page = new_page(phone=True)
    page.goto(f"{page.base_url}/t/{tournament.pk}/games/{game.pk}/confirm/")
    assert_fits_phone(page)
    fields = page.evaluate(
        """() => [...document.querySelectorAll(
            '.confirm-seat input[name=pin], .call-referee input[name=pin], '
            + '.call-referee input[name=note], .call-referee select')].map(e => {
            const s = getComputedStyle(e), r = e.getBoundingClientRect();
            return {name: e.name, font: parseFloat(s.fontSize), border: s.borderTopWidth,
                    height: r.height, right: r.right};
        })"""
    )
    assert len(fields) == 5 + 3
    for field in fields:
        # 16 px or more: phones do not zoom into the field, and the thumb hits it.
        assert field["font"] >= 16 and field["height"] >= 40, field
        assert field["border"] == "2px" and field["right"] <= 360, field
    seat = page.locator(".confirm-seat[data-position='1']")
    pin = seat.locator("input[name=pin]").bounding_box()
    button = seat.get_by_role("button").bounding_box()
    assert abs(pin["y"] - button["y"]) < 10 and button["x"] + button["width"] <= 360
    cache.clear()
