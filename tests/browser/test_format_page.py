"""The organiser's format page on a phone (rules.md §14): pick the Czech club format,
change one cell of its points grid, save, draw part I; the public rules page shows it."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.bounty import Split
from scoring.rulesets import Role, Side
from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone
from tournaments.models import AuditEntry, Game, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

#: Where to keep screenshots for a person to look at (unset: none are taken).
SHOTS = os.environ.get("FORMAT_PAGE_SHOTS")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def test_an_organiser_sets_up_the_czech_format_and_draws_part_one(new_page) -> None:
    tournament = factories.make_tournament(name="Klubový turnaj")
    factories.add_participants(tournament, 9)
    factories.make_organiser(username="orga")
    page = new_page(phone=True, locale="en-GB")
    login(page, "orga")
    page.goto(page.base_url + reverse("staff:tournament", args=[tournament.pk]))
    page.click("[data-testid=format-tab]")

    # The German championship first; the Czech club format is one choice away.
    expect(page.locator("[data-testid=format-facts]")).to_contain_text("German championship")
    page.select_option("select[name=format]", "czech_club")
    page.click("text=Choose this format")
    expect(page.locator("[data-testid=format-facts]")).to_contain_text("Czech club format")
    assert_fits_phone(page)

    # 5 players, the Renegade wins: the Renegade gets 80 instead of 75.
    cell = page.locator("input[name=cell_5_renegade_renegade]")
    expect(cell).to_have_value("75")
    # A split shows both amounts with their condition's words.
    deputy = page.locator("[data-cell='5_law_deputy']")
    expect(deputy).to_contain_text("alive")
    expect(deputy).to_contain_text("dead")
    cell.fill("80")
    shot(page, "format-page")
    page.click("text=Save the format")
    expect(page.locator(".staff-messages")).to_contain_text("saved")
    expect(page.locator("input[name=cell_5_renegade_renegade]")).to_have_value("80")
    assert_fits_phone(page)

    stored = Tournament.objects.get(pk=tournament.pk)
    assert stored.format == "czech_club"
    points = stored.config.format.points
    assert points[5][Side.RENEGADE][Role.RENEGADE] == 80
    assert points[5][Side.LAW][Role.DEPUTY] == Split("alive", 35, 20)  # the preset's
    entry = AuditEntry.objects.filter(tournament=tournament, action="settings_changed").last()
    assert entry.actor.username == "orga"
    assert entry.before["points"]["5"]["renegade"]["renegade"] == 75
    assert entry.after["points"]["5"]["renegade"]["renegade"] == 80

    # The draw page: part I first, with the Sheriffs by lot.
    page.click("nav.staff-nav >> text=Draw")
    expect(page.locator("[data-testid=draw-parts]")).to_contain_text("not drawn yet")
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("[data-testid=draw-part]")
    expect(page.locator(".staff-messages")).to_contain_text("Part I has been drawn")
    expect(page.locator("[data-testid=sheriff-positions]")).to_have_count(2)
    shot(page, "draw-page")
    assert_fits_phone(page)
    assert Game.objects.filter(tournament=tournament, part=1).count() == 6
    assert not Game.objects.filter(tournament=tournament, part=2).exists()

    # Everyone reads the format and its points table.
    public = new_page(phone=True, locale="en-GB")
    public.goto(public.base_url + reverse("tournament", args=[tournament.pk]))
    expect(public.locator("[data-testid=overview-format]")).to_contain_text("Czech club format")
    public.click("[data-testid=rules-link]")
    expect(
        public.locator("table[data-size='5'] tr[data-cell='5_renegade_renegade']")
    ).to_contain_text("80")
    shot(public, "rules-page")
    assert_fits_phone(public)
    # The points tables fit as they are: no table scrolls sideways on the phone.
    assert public.evaluate(
        "[...document.querySelectorAll('.table-scroll')]"
        ".every(box => box.scrollWidth <= box.clientWidth)"
    )

    # On the projector's screen too.
    wall = new_page(locale="en-GB")
    wall.goto(wall.base_url + reverse("rules", args=[tournament.pk]))
    expect(wall.locator("table[data-size='4']")).to_be_visible()
    assert_fits_phone(wall, width=1280)
