"""An event package on a 360 px phone (rules.md §16): a laptop's organiser uploads the
package file, and registers a participant by searching the package's players by
name; the name and nationality are taken over. The package's pages fit the phone.
"""

from __future__ import annotations

import json
import os
from datetime import date

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone
from tests.tournaments.packages.helpers import make_package, season_with_players
from tournaments import services
from tournaments.models import Participant, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_a_package_becomes_a_tournament_and_its_players_are_found_by_name(new_page, tmp_path):
    federation = factories.make_organiser(username="federazione", tournament="nowhere")
    names = ["Anna Rossi", "Bruno Bianchi", "Chiara Conti", "Ludovica Maria Bevilacqua-Santangelo"]
    content = make_package(federation, names)
    file = tmp_path / "package.json"
    file.write_text(json.dumps(content), encoding="utf-8")
    factories.make_organiser(username="laptop", tournament="nowhere")

    page = new_page(phone=True, locale="en-GB")
    login(page, "laptop")
    page.goto(page.base_url + reverse("staff:index"))
    page.get_by_role("link", name="New tournament from an event package").click()
    page.set_input_files("input[type=file]", str(file))
    assert_fits_phone(page)
    shot(page, "package-upload")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.get_by_text("has been created from the event package")).to_be_visible()
    tournament = Tournament.objects.get(package=content["package"])

    page.goto(page.base_url + reverse("staff:participants", args=[tournament.pk]))
    search = page.get_by_label("Search the package's players")
    search.fill("bevilac")
    select = page.locator("select[name=federation_player]")
    ludovica = next(p["id"] for p in content["players"] if p["name"].startswith("Ludovica"))
    expect(select).to_have_value(str(ludovica))
    expect(page.locator("input[name=name]")).to_have_value(names[3])
    expect(page.locator("select[name=nationality]")).to_have_value("IT")
    assert_fits_phone(page)
    shot(page, "package-register")
    page.get_by_role("button", name="Register", exact=True).click()
    expect(page.get_by_text(f"{names[3]} has been registered.")).to_be_visible()
    person = Participant.objects.get(tournament=tournament)
    assert (person.name, person.federation_player) == (names[3], ludovica)
    # She is taken: the list no longer offers her.
    expect(
        page.locator(f"select[name=federation_player] option[value='{ludovica}']")
    ).to_have_count(0)


def test_the_season_packages_page_fits_a_phone(new_page):
    federation = factories.make_organiser(username="federazione", tournament="nowhere")
    season, players = season_with_players(federation, ["Anna Rossi"])
    services.package_make(
        season=season,
        name="Tappa Bologna con un nome molto lungo per un telefono",
        date=date(2027, 5, 1),
        players=[p.pk for p in players],
    )
    page = new_page(phone=True, locale="en-GB")
    login(page, "federazione")
    page.goto(page.base_url + reverse("staff:season", args=[season.pk]))
    page.get_by_role("link", name="Event packages for laptops").click()
    expect(page.get_by_role("heading", name="Make a package")).to_be_visible()
    expect(page.get_by_role("link", name="Tappa Bologna con un nome molto lungo")).to_be_visible()
    assert_fits_phone(page)
    shot(page, "season-packages")
