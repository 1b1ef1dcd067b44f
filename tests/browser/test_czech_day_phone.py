"""The Czech club format's day on phones, in one piece (issue 29, rules.md §14).

At 360 px an organiser picks the Czech club format, changes one cell of its points
table and shortens the time limit to one minute, then draws part I; a referee records
a table of 4 and a table of 5 whose Renegade won with the Deputy among the last three;
when a started game's minute is up, the projector shows High Noon in force without a
reload.
"""

from __future__ import annotations

import datetime
import time

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from scoring.rulesets import Role, Side
from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import CHARACTERS, assert_fits_phone, fill_seat, open_result_form
from tournaments.models import Game, ResultSeat, Stage, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

#: How late after its deadline the projector may show the rule (rules.md §14: within
#: 1 s; a little more for a loaded test machine's browser).
LATE = 1.5


def _game(tournament: Tournament, *, size: int, round: int) -> Game:
    return (
        Game.objects.select_related("table")
        .filter(tournament=tournament, stage=Stage.GROUP, part=1, round=round, table__size=size)
        .get()
    )


def _others(game: Game) -> list[int]:
    return [p for p in range(1, game.table.size + 1) if p != game.sheriff_position]


def _points(page, position: int):
    return page.locator(f"#problems-{position} .seat-points")


def _save(page) -> None:
    page.locator("#result-form button[name=save]").click()
    page.wait_for_url(lambda url: "/result/" not in url)


def test_the_czech_format_chosen_played_and_timed_on_phones(new_page) -> None:
    tournament = factories.make_tournament(name="Klubový turnaj Plzeň")
    factories.add_participants(tournament, 9)  # a table of 5 and a table of 4
    factories.make_organiser(username="orga", tournament=tournament)
    factories.make_referee(username="schiri", tournament=tournament)

    # The organiser: the format, one cell, a one-minute limit, then part I's draw.
    organiser = new_page(phone=True, locale="en-GB")
    login(organiser, "orga")
    organiser.goto(organiser.base_url + reverse("staff:tournament", args=[tournament.pk]))
    organiser.click("[data-testid=format-tab]")
    organiser.select_option("select[name=format]", "czech_club")
    organiser.click("text=Choose this format")
    expect(organiser.locator("[data-testid=format-facts]")).to_contain_text("Czech club format")
    organiser.locator("input[name=cell_4_renegade_renegade]").fill("55")
    organiser.locator("input[name=time_limit_minutes]").fill("1")
    organiser.click("text=Save the format")
    expect(organiser.locator(".staff-messages")).to_contain_text("saved")
    assert_fits_phone(organiser)
    fmt = Tournament.objects.get(pk=tournament.pk).config.format
    assert fmt.points[4][Side.RENEGADE][Role.RENEGADE] == 55
    assert fmt.time_limit_minutes == 1
    organiser.click("nav.staff-nav >> text=Draw")
    organiser.on("dialog", lambda dialog: dialog.accept())
    organiser.click("[data-testid=draw-part]")
    expect(organiser.locator(".staff-messages")).to_contain_text("Part I has been drawn")
    assert_fits_phone(organiser)

    # The referee: a table of 4 won by its Renegade, priced by the changed cell.
    referee = new_page(phone=True, locale="en-GB")
    login(referee, "schiri")
    four = _game(tournament, size=4, round=1)
    open_result_form(referee, four)
    winner, outlaw_a, outlaw_b = _others(four)
    fill_seat(referee, four.sheriff_position, role=None, character=CHARACTERS[0], lives=0)
    fill_seat(referee, winner, role="renegade", character=CHARACTERS[1], lives=2)
    fill_seat(referee, outlaw_a, role="outlaw", character=CHARACTERS[2], lives=0)
    fill_seat(referee, outlaw_b, role="outlaw", character=CHARACTERS[3], lives=0)
    expect(_points(referee, winner)).to_have_text("Points: 55")
    expect(_points(referee, four.sheriff_position)).to_have_text("Points: 4")
    assert_fits_phone(referee)
    _save(referee)

    # A table of 5: the Renegade wins, the Deputy was among the last three.
    five = _game(tournament, size=5, round=1)
    open_result_form(referee, five)
    renegade, deputy, outlaw_a, outlaw_b = _others(five)
    fill_seat(referee, five.sheriff_position, role=None, character=CHARACTERS[0], lives=0)
    fill_seat(referee, renegade, role="renegade", character=CHARACTERS[1], lives=3)
    fill_seat(referee, deputy, role="deputy", character=CHARACTERS[2], lives=0)
    fill_seat(referee, outlaw_a, role="outlaw", character=CHARACTERS[3], lives=0)
    fill_seat(referee, outlaw_b, role="outlaw", character=CHARACTERS[4], lives=0)
    referee.locator(f'fieldset[data-position="{deputy}"] .last-three input').check()
    expect(_points(referee, deputy)).to_have_text("Points: 2")
    expect(_points(referee, renegade)).to_have_text("Points: 75")
    assert_fits_phone(referee)
    _save(referee)
    assert ResultSeat.objects.current().get(result__game=five, position=deputy).bounty == 2
    assert ResultSeat.objects.current().get(result__game=four, position=winner).bounty == 55

    # Round 2 starts; its minute runs out while the projector stays open.
    # 45 s ago: the projector has 15 s to open on a busy machine before the minute is up.
    started = timezone.now() - datetime.timedelta(seconds=45)
    Game.objects.filter(tournament=tournament, part=1, round=2).update(started_at=started)
    deadline = (started + datetime.timedelta(minutes=1)).timestamp()
    wall = new_page(locale="en-GB")
    wall.goto(wall.base_url + reverse("projector", args=[tournament.pk]))
    board = wall.get_by_test_id("projector-time-rules")
    assert time.time() < deadline - 1, "the projector took too long to open"
    expect(board).to_be_hidden()
    expect(board).to_be_visible(timeout=(deadline - time.time() + LATE) * 1000)
    assert time.time() <= deadline + LATE
    expect(board).to_contain_text("High Noon")
