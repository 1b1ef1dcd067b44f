"""A season's organiser on a phone (rules.md §16): imports two signed archives at
once, chooses the player of the participant two players could be, and the public
season ranking counts them for that player; nothing scrolls sideways at 360 px."""

from __future__ import annotations

import json
import os
from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone
from tests.tournaments.seasons.helpers import finished_tournament, names
from tests.tournaments.seasons.signed import register_installation_key, signed_archive
from tournaments import services, signing
from tournaments.models import Participant, Season

pytestmark = pytest.mark.django_db(transaction=True)

#: Screenshots for a person to look at (not compared): set SEASON_SCREENSHOTS=dir.
SHOTS = Path(os.environ["SEASON_SCREENSHOTS"]) if os.environ.get("SEASON_SCREENSHOTS") else None


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_an_organiser_imports_two_archives_and_chooses_a_player(new_page, tmp_path):
    organiser = factories.make_organiser(username="orga", tournament="nowhere")
    services.player_create(name="Max Muster", nationality="DE")
    swiss = services.player_create(name="Max Muster", nationality="CH")
    played = [
        finished_tournament(
            ["Max Muster", *names("Spielerin mit langem Namen", 9)],
            organiser=organiser,
            seed="phone-a",
            day=date(2027, 3, 1),
            name="Frühjahrscup der Bohnanza-Freunde Mittelfranken",
        ),
        finished_tournament(
            names("Herbst", 10), organiser=organiser, seed="phone-b", name="Herbstcup"
        ),
    ]
    files = []
    for number, tournament in enumerate(played, start=1):
        path = tmp_path / f"laptop-{number}.signed.json"
        path.write_text(json.dumps(signed_archive(tournament, actor=organiser)))
        files.append(str(path))
    season = services.season_create(name="Saison 2027", actor=organiser)
    register_installation_key(season, label="Laptop Bamberg")

    phone = new_page(phone=True)
    login(phone, "orga")
    phone.goto(f"{phone.base_url}/staff/seasons/{season.pk}/")
    phone.get_by_test_id("season-imports-link").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Turniere von anderen Laptops")
    expect(phone.get_by_test_id("season-keys")).to_contain_text("Laptop Bamberg")
    phone.get_by_label("Dateien").set_input_files(files)
    phone.get_by_role("button", name="Importieren", exact=True).click()
    messages = phone.locator(".staff-messages")
    expect(messages).to_contain_text("laptop-1.signed.json: importiert; ")
    expect(messages).to_contain_text("laptop-2.signed.json: importiert; ")
    expect(messages).to_contain_text("1 noch zuzuordnen")
    _shot(phone, "imports-done")
    assert_fits_phone(phone)

    waiting = Participant.objects.get(name="Max Muster", tournament__imports__season=season)
    phone.goto(f"{phone.base_url}/seasons/{season.pk}/")
    expect(phone.locator(f'tr[data-player="t{waiting.pk}"]')).to_have_count(1)

    phone.go_back()
    choice = phone.get_by_test_id(f"choose-{waiting.pk}")
    choice.get_by_label(f"Max Muster (CH, Nr. {swiss.pk})").check()
    _shot(phone, "imports-choose")
    assert_fits_phone(phone)
    choice.get_by_role("button", name="Diesen Spieler verknüpfen").click()
    expect(phone.get_by_test_id("nothing-to-choose")).to_be_visible()
    waiting.refresh_from_db()
    assert waiting.player_id == swiss.pk

    phone.goto(f"{phone.base_url}/seasons/{season.pk}/")
    expect(phone.locator(f'tr[data-player="p{swiss.pk}"]')).to_have_count(1)
    expect(phone.locator(f'tr[data-player="t{waiting.pk}"]')).to_have_count(0)
    _shot(phone, "imports-ranking")
    assert_fits_phone(phone)
    phone.goto(f"{phone.base_url}/staff/installation-key/")
    expect(phone.get_by_test_id("fingerprint")).to_have_text(
        signing.fingerprint(bytes(services.installation_key().public_key))
    )
    _shot(phone, "installation-key")
    assert_fits_phone(phone)
    assert Season.objects.get(pk=season.pk).entries.count() == 2
