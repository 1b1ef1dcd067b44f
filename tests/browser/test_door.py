"""Check-in at the door on a 360 px phone (issue 32): taps change their row in place
(no reload, no jump to the top), a line says who was just checked in, the count
follows, the search filters as you type, "withdraw everyone not checked in" asks
first and names how many, and the latecomer is reinstated and checked in in one tap.
"""

from __future__ import annotations

import os

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone
from tests.browser.test_hall import PHONE, check_page
from tournaments import services
from tournaments.models import AuditEntry, Participant

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=False)


def open_door(new_page, tournament):
    factories.make_organiser(username="chefin", tournament=tournament)
    page = new_page(phone=True, locale="en-GB")
    login(page, "chefin")
    page.goto(page.base_url + reverse("staff:participants", args=[tournament.pk]))
    # A page that is loaded again loses this mark: every check below proves no reload.
    page.evaluate("window.stillTheSamePage = true")
    return page


def latest(page):
    """The newest of the lines that say who was just checked in."""
    return page.get_by_test_id("check-in-status").locator("li").first


def row(page, person: Participant):
    return page.locator(f"tr#p{person.pk}")


def test_checking_in_at_the_door_happens_in_place(new_page) -> None:
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 40)
    for person in people[:5]:
        services.participant_check_in(participant=person)
    page = open_door(new_page, tournament)
    counts = page.get_by_test_id("participant-counts")
    expect(counts).to_contain_text("5 checked in.")

    first, second = people[30], people[31]
    row(page, first).scroll_into_view_if_needed()
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 500
    row(page, first).get_by_role("button").click()
    expect(latest(page)).to_have_text(f"{first.name} is checked in.")
    expect(row(page, first).get_by_role("button")).to_have_text("✓ here")
    expect(counts).to_contain_text("6 checked in.")
    row(page, second).get_by_role("button").click()
    expect(latest(page)).to_have_text(f"{second.name} is checked in.")
    expect(counts).to_contain_text("7 checked in.")
    # The lines name both, newest first: two arriving together are both confirmed.
    status = page.get_by_test_id("check-in-status")
    expect(status.locator("li:visible")).to_have_text(
        [f"{second.name} is checked in.", f"{first.name} is checked in."]
    )
    assert page.evaluate("window.stillTheSamePage") is True  # no navigation happened
    assert abs(page.evaluate("window.scrollY") - scrolled) < 80  # and no jump to the top
    expect(status).to_be_in_viewport()  # the line stays in view above the rows
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.checked_in and second.checked_in
    shot(page, "door-checked-in")

    # A second tap undoes a check-in, in place as well.
    row(page, first).get_by_role("button").click()
    expect(latest(page)).to_have_text(f"{first.name} is not checked in.")
    expect(counts).to_contain_text("6 checked in.")

    # The search filters the rows as you type, folded as on the server.
    search = page.get_by_role("searchbox")
    search.fill(people[12].name.upper())
    expect(page.locator("tr[data-participant]:visible")).to_have_count(1)
    expect(row(page, people[12])).to_be_visible()
    search.press("Enter")  # filters, does not reload
    search.fill("zzz")
    expect(page.locator("tr[data-participant]:visible")).to_have_count(0)
    expect(page.get_by_text("Nobody of this name is on the list.")).to_be_visible()
    search.fill("")
    expect(page.locator("tr[data-participant]:visible")).to_have_count(40)
    assert page.evaluate("window.stillTheSamePage") is True
    assert_fits_phone(page)

    # Withdraw-all sits after the list, and asks first, naming how many.
    withdraw = page.get_by_test_id("withdraw-absent")
    expect(withdraw).to_contain_text("Withdraw everyone not checked in (34)")
    list_end = page.locator("#participant-rows").bounding_box()
    assert withdraw.bounding_box()["y"] > list_end["y"] + list_end["height"]
    withdraw.get_by_role("button").click()
    confirm = page.get_by_test_id("withdraw-confirm")
    expect(confirm).to_contain_text("Withdraw the 34 participants who have not checked in?")
    expect(confirm.get_by_role("listitem")).to_have_count(34)
    assert not Participant.objects.filter(status="withdrawn").exists()
    shot(page, "door-withdraw-asks")
    assert_fits_phone(page)


def test_a_latecomer_after_withdraw_all_is_back_with_one_tap(new_page) -> None:
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 8)
    for person in people[:6]:
        services.participant_check_in(participant=person)
    late = people[7]
    pin = late.pin
    page = open_door(new_page, tournament)
    page.get_by_test_id("withdraw-absent").get_by_role("button").click()
    page.get_by_test_id("withdraw-confirm").get_by_role(
        "button", name="Withdraw 2 participants"
    ).click()
    expect(page.locator(".staff-messages")).to_contain_text(
        "2 participants who had not checked in have been withdrawn."
    )
    expect(row(page, late).locator(".status")).to_have_text("withdrawn")

    page.evaluate("window.stillTheSamePage = true")
    row(page, late).get_by_role("button", name=f"Reinstate {late.name} and check in").click()
    expect(latest(page)).to_have_text(f"{late.name} is back in the tournament and checked in.")
    expect(row(page, late).locator(".status")).to_have_text("active")
    expect(row(page, late).get_by_role("button")).to_have_text("✓ here")
    expect(page.get_by_test_id("participant-counts")).to_contain_text("7 checked in.")
    assert page.evaluate("window.stillTheSamePage") is True
    assert_fits_phone(page)
    shot(page, "door-latecomer")
    late.refresh_from_db()
    assert (late.status, late.checked_in, late.pin) == ("active", True, pin)
    assert AuditEntry.objects.filter(action="participant_reinstated").count() == 1


def test_a_latecomer_from_the_player_cards_qr_code(new_page) -> None:
    """The card's check-in QR opens the participant's page: one tap there as well."""
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 3)
    services.participant_check_in(participant=people[0])
    services.participants_withdraw_absent(tournament=tournament)
    late = people[2]
    factories.make_organiser(username="chefin", tournament=tournament)
    page = new_page(phone=True, locale="en-GB")
    login(page, "chefin")
    page.goto(page.base_url + reverse("staff:participant", args=[tournament.pk, late.pk]))
    page.get_by_test_id("reinstate-check-in").click()
    expect(page.locator(".staff-messages")).to_contain_text(
        f"{late.name} is back in the tournament and checked in."
    )
    expect(page.get_by_test_id("check-in")).to_contain_text("Checked in: present.")
    assert_fits_phone(page)


def test_the_door_pages_pass_the_phone_checks(browser, live_server) -> None:
    """The list with latecomers to reinstate, and a latecomer's own page: no sideways
    scrolling, a primary action in view, no serious axe-core violations (German)."""
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 6)
    for person in people[:4]:
        services.participant_check_in(participant=person)
    services.participants_withdraw_absent(tournament=tournament)
    factories.make_organiser(username="chefin", tournament=tournament)
    context = browser.new_context(locale="de-DE", viewport=PHONE, bypass_csp=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.base_url = live_server.url
    login(page, "chefin")
    problems = check_page(page, reverse("staff:participants", args=[tournament.pk]), "organiser")
    problems += check_page(
        page, reverse("staff:participant", args=[tournament.pk, people[5].pk]), "organiser"
    )
    context.close()
    assert not problems, "\n".join(problems)


def test_a_tap_that_does_not_arrive_says_so(new_page) -> None:
    """The hall's wifi drops: the tap is not lost in silence, the status line says it."""
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 3)
    page = open_door(new_page, tournament)
    page.context.set_offline(True)
    row(page, people[1]).get_by_role("button").click()
    expect(latest(page)).to_have_text(
        "Not saved: no connection to the server. Tap again when the network is back."
    )
    page.context.set_offline(False)
    row(page, people[1]).get_by_role("button").click()
    expect(latest(page)).to_have_text(f"{people[1].name} is checked in.")
    assert page.evaluate("window.stillTheSamePage") is True
