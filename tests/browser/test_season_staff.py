"""The organiser's season day on a phone (issue 32, item 5): create a season, add a
finished tournament with its weight, archive it, accept the player suggestions;
no page scrolls sideways at 360 px."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone
from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import services
from tournaments.models import Season, SeasonTournament, TournamentArchive

pytestmark = pytest.mark.django_db(transaction=True)

#: Screenshots for a person to look at (not compared): set SEASON_SCREENSHOTS=dir.
SHOTS = Path(os.environ["SEASON_SCREENSHOTS"]) if os.environ.get("SEASON_SCREENSHOTS") else None


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_an_organiser_runs_a_season_on_a_phone(new_page):
    organiser = factories.make_organiser(username="orga")
    # Änna played an earlier tournament as a known player; today she registered again.
    anna = services.player_create(name="Anna Amsel", nationality="DE")
    services.participants_register(
        tournament=factories.make_tournament(name="Vorjahr"),
        items=[services.ParticipantInput(name="Anna Amsel", nationality="DE", player=anna.pk)],
    )
    cup = finished_tournament(
        ["Änna Amsel", *names("Spielerin mit langem Namen", 9)],
        organiser=organiser,
        name="Frühjahrscup der Bohnanza-Freunde Mittelfranken",
    )
    phone = new_page(phone=True)
    login(phone, "orga")

    phone.goto(f"{phone.base_url}/staff/")
    phone.get_by_test_id("staff-seasons-link").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Saisons")
    phone.get_by_label("Name").fill("Saison 2027")
    phone.get_by_label("Plätze, die sich qualifizieren").fill("8")
    _shot(phone, "seasons-new")
    assert_fits_phone(phone)
    phone.get_by_role("button", name="Saison anlegen").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Saison 2027")
    season = Season.objects.get()
    assert season.qualifiers == 8

    phone.get_by_label("Turnier", exact=True).select_option(value=str(cup.pk))
    phone.get_by_label("Gewichtung", exact=True).fill("2")
    phone.get_by_role("button", name="Zur Saison hinzufügen").click()
    entries = phone.get_by_test_id("season-tournaments")
    expect(entries).to_contain_text(cup.name)
    expect(entries).to_contain_text("Gewichtung 2")
    assert SeasonTournament.objects.get(season=season).weight == 2
    _shot(phone, "season-detail")
    assert_fits_phone(phone)

    phone.get_by_role("link", name=cup.name).click()  # the public overview
    phone.goto(f"{phone.base_url}/t/{cup.pk}/staff/")
    archive_box = phone.get_by_test_id("archive")
    archive_box.get_by_role("button", name="Turnier archivieren").click()
    version = TournamentArchive.objects.get(tournament=cup)
    expect(phone.locator(".staff-messages")).to_contain_text(f"SHA-256 {version.sha256}")
    expect(phone.get_by_test_id("archive")).to_contain_text(version.sha256)
    _shot(phone, "tournament-archived")
    assert_fits_phone(phone)
    phone.goto(f"{phone.base_url}/t/{cup.pk}/")
    expect(phone.get_by_test_id("archives")).to_contain_text(version.sha256)
    _shot(phone, "public-archives")
    assert_fits_phone(phone)

    phone.goto(f"{phone.base_url}/t/{cup.pk}/staff/participants/")
    phone.get_by_test_id("player-links-link").click()
    suggestions = phone.get_by_test_id("link-suggestions")
    expect(suggestions).to_contain_text("Änna Amsel")
    expect(suggestions.get_by_role("radio", name="Anna Amsel (DE, Nr. ")).to_be_checked()
    _shot(phone, "player-links")
    assert_fits_phone(phone)
    phone.get_by_role("button", name="Gewählten Spieler verknüpfen").click()
    expect(phone.locator(".staff-messages")).to_contain_text("1 Teilnehmer")
    expect(phone.get_by_test_id("no-suggestions")).to_be_visible()
    assert cup.participants.get(name="Änna Amsel").player_id == anna.pk
    assert_fits_phone(phone)
