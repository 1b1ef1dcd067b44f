"""A format's final table on a 360 px phone (rules.md §14): the public page, the
organiser's page and the ranking fit, in German, with the Sheriffs and points."""

from __future__ import annotations

import os
import random

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone
from tests.tournaments.services.test_final_table import played_czech
from tournaments import selectors, services
from tournaments.models import Stage
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db(transaction=True)

#: Set to a folder to keep the screenshots of this test (for a look by eye).
SHOTS = os.environ.get("BANG_SCREENSHOTS")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def test_the_final_table_fits_a_phone(new_page):
    referee = factories.make_referee()
    organiser = factories.make_organiser(username="orga")
    tournament = played_czech(23, referee, nationality="CZ", title_nationality="CZ")
    services.knockout_start(tournament=tournament, seed="Olomouc")
    record_random_results(
        open_games(tournament, stage=Stage.FINAL)[:2], rng=random.Random(4), referees=[referee]
    )
    view = selectors.final_table_view(tournament)
    assert view is not None
    longest = max(view.rows, key=lambda row: row.points)

    phone = new_page(phone=True)
    phone.goto(f"{phone.base_url}/t/{tournament.pk}/knockout/")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Finaltisch")
    row = phone.locator("table.final-seats tbody tr", has_text=longest.participant.name)
    expect(row).to_contain_text(str(longest.points))
    expect(phone.locator("ul.final-games li")).to_have_count(5)
    expect(phone.locator("ul.final-games li").nth(2)).to_contain_text("Partie 3 · Sheriff:")
    assert_fits_phone(phone)
    shot(phone, "final-public")

    phone.goto(f"{phone.base_url}/t/{tournament.pk}/ranking/")
    expect(phone.get_by_text("Am Finaltisch wird noch gespielt")).to_be_visible()
    assert_fits_phone(phone)
    shot(phone, "final-ranking")

    staff = new_page(phone=True)
    login(staff, organiser.username)
    staff.goto(f"{staff.base_url}/t/{tournament.pk}/staff/knockout/")
    expect(staff.get_by_text("Der Turniersieger steht fest, sobald")).to_be_visible()
    expect(staff.get_by_role("link", name="Ergebnis eingeben")).to_have_count(3)
    assert_fits_phone(staff)
    shot(staff, "final-staff")

    record_random_results(
        open_games(tournament, stage=Stage.FINAL), rng=random.Random(5), referees=[referee]
    )
    champion = selectors.final_ranking(tournament).champion
    assert champion is not None
    phone.goto(f"{phone.base_url}/t/{tournament.pk}/ranking/")
    expect(phone.get_by_test_id("champion")).to_contain_text(champion.name)
    expect(phone.get_by_test_id("title-holder")).to_contain_text(champion.name)
    expect(phone.locator("table.ranking thead")).not_to_contain_text("K.-o.-Runde")
    assert_fits_phone(phone)
    shot(phone, "final-ranking-done")
