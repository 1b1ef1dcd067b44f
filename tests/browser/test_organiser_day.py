"""A whole small tournament run through the pages only, as an organiser would on the day."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import open_result_form
from tournaments.models import Game, Stage, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["Anna Vogel", "Ben Roth", "Clara Graf", "David Haas", "Emma Kuhn"]


def submit(page, form_selector: str) -> None:
    page.locator(f"{form_selector} button[type=submit]").first.click()
    page.wait_for_load_state()


def enter_result(page, game: Game, roles: dict[int, str], lives: dict[int, int]) -> None:
    """Fill the result form (Showdown: no characters) and save it."""
    open_result_form(page, game)
    for position, role in roles.items():
        if game.sheriff_position != position:
            page.select_option(f"select[name=seat-{position}-role]", role)
        page.fill(f"input[name=seat-{position}-lives]", str(lives[position]))
    page.check("input[name=signed]")
    page.locator(".verdict").wait_for()
    page.click("#result-form button[type=submit]")
    page.wait_for_url(lambda url: "/result" not in url)


def test_an_organiser_runs_a_showdown_tournament_from_creation_to_champion(new_page):
    factories.make_organiser(username="orga")
    page = new_page(locale="en-GB")
    page.on("dialog", lambda dialog: dialog.accept())  # the draw and the knockout ask first
    login(page, "orga")

    page.goto(f"{page.base_url}/staff/tournaments/new/")
    page.fill("input[name=name]", "Stammtisch-Cup")
    page.fill("input[name=date]", "2027-03-13")
    page.select_option("select[name=ruleset]", "showdown")
    # The page asks which title the tournament awards (issue 32): the championship's.
    page.check("input[name=title_choice][value=championship]")
    submit(page, "form.settings-form")
    tournament = Tournament.objects.get(name="Stammtisch-Cup")
    assert tournament.ruleset == "showdown"

    for name in PLAYERS:
        page.goto(f"{page.base_url}/t/{tournament.pk}/staff/participants/")
        page.fill("input[name=name]", name)
        submit(page, "form.inline-form")
    assert tournament.participants.count() == 5

    page.goto(f"{page.base_url}/t/{tournament.pk}/staff/draw/")
    page.fill("input[name=seed]", "Stammtisch")
    submit(page, "form.draw-form")
    for name in PLAYERS:
        expect(page.locator("main")).to_contain_text(name)

    # Five group games: in round r the Sheriff (position r) wins, alone alive.
    for game in Game.objects.filter(tournament=tournament, stage=Stage.GROUP).order_by("round"):
        others = [p for p in range(1, 6) if p != game.round]
        roles = {game.round: "sheriff"} | dict(
            zip(others, ["deputy", "outlaw", "outlaw", "renegade"], strict=True)
        )
        lives = {p: 1 if p == game.round else 0 for p in range(1, 6)}
        enter_result(page, game, roles, lives)

    page.goto(f"{page.base_url}/t/{tournament.pk}/leaderboard/")
    expect(page.get_by_test_id("games-progress")).to_contain_text("5")

    page.goto(f"{page.base_url}/t/{tournament.pk}/staff/knockout/")
    submit(page, "form.knockout-start")
    [final] = Game.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT)
    assert final.table.size == 4
    # Knockout: roles are dealt at random; the Sheriff at seat 2 wins alone.
    enter_result(
        page,
        final,
        {1: "renegade", 2: "sheriff", 3: "outlaw", 4: "outlaw"},
        {1: 0, 2: 2, 3: 0, 4: 0},
    )
    page.goto(f"{page.base_url}/t/{tournament.pk}/staff/knockout/")
    submit(page, "form.knockout-next")

    champion = final.table.seats.get(position=2).participant
    page.goto(f"{page.base_url}/t/{tournament.pk}/ranking/")
    expect(page.get_by_test_id("champion")).to_contain_text(champion.name)
    # Everyone registered as German (the form's default): the champion holds the title.
    expect(page.get_by_test_id("title-holder")).to_contain_text(champion.name)
    tournament.refresh_from_db()
    assert tournament.knockout.champion == champion
