"""Erasing a player on a phone (issue 32, serious 7): the page shows what will change and
erases only once the player's name is typed; it fits 360 px."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone
from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import services
from tournaments.models import Player, TournamentArchive

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS")  # a folder for screenshots to look at, when set
NAME = "Maximiliane von Hohenzollern-Sigmaringen"


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def test_an_erasure_on_a_phone_shows_what_changes_and_asks_for_the_name(new_page):
    organiser = factories.make_organiser()
    player = services.player_create(name=NAME, nationality="DE")
    cup = finished_tournament(
        [NAME, *names("Spieler", 9)],
        organiser=organiser,
        seed="erase",
        players={NAME: player},
        name="Frühjahrscup der Landesmeisterschaft",
    )
    services.archive_create(tournament=cup, actor=organiser)
    factories.make_user(username="root", is_superuser=True, is_staff=True)
    phone = new_page(phone=True)
    login(phone, "root")
    phone.goto(f"{phone.base_url}/staff/players/{player.pk}/erase/")
    expect(phone.get_by_test_id("erase-tournaments")).to_contain_text(
        "Frühjahrscup der Landesmeisterschaft"
    )
    expect(phone.get_by_test_id("erase-archives")).to_contain_text("Version 1")
    assert_fits_phone(phone)
    _shot(phone, "erase-preview")
    phone.get_by_label("Name des Spielers, zur Bestätigung").fill("Maximiliane")
    phone.get_by_role("button", name="Endgültig löschen").click()
    expect(phone.locator(".field-error")).to_contain_text("genau wie angezeigt")
    assert Player.objects.get(pk=player.pk).erased_number is None
    assert_fits_phone(phone)
    _shot(phone, "erase-refused")
    phone.get_by_label("Name des Spielers, zur Bestätigung").fill(NAME.lower())
    phone.get_by_role("button", name="Endgültig löschen").click()
    expect(phone.locator(".staff-messages")).to_contain_text("Gelöschter Spieler 1")
    assert_fits_phone(phone)
    _shot(phone, "erase-done")
    assert Player.objects.get(pk=player.pk).erased_number == 1
    assert TournamentArchive.objects.filter(tournament=cup, withdrawn="erasure").count() == 1
