"""Every public and staff page on a 360x740 phone, as anonymous, referee and organiser:
no sideways scrolling, a visible primary action, no serious axe-core violations, and
no untranslated internal keys on the German pages.

Screenshots go to ``$SHOTS`` (e.g. ``SHOTS=/tmp/shots``) when it is set.
"""

from __future__ import annotations

import os
import random
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import CHARACTERS, fill_seat, group_game, open_result_form
from tournaments import selectors, services
from tournaments.models import Game, Knockout, Participant, Result, Stage
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}
SHOTS = os.environ.get("SHOTS")
AXE = Axe()
# Internal words that must never reach a German page (issue 13: lots, roles, stages).
INTERNAL_KEYS = re.compile(
    r"\b(table_winner|last_place|knockout_started|knockout_champion|result_recorded|"
    r"group_stage|double_check|eliminated_by)\b"
)
# A staff page's primary action: a marked button or link, or a form's submit button.
PRIMARY = "main .primary, main a.button, main button[type=submit], main [data-primary]"
# A public page's: its search, its current tab, or a link in it (the pages only show).
PUBLIC_PRIMARY = f"{PRIMARY}, main input, .tournament-nav [aria-current=page], main a"


def build_day():
    """A tournament in the knockout (group stage played, round 1 half recorded) and
    the users who look at it."""
    referee = factories.make_referee(username="schiri")
    factories.make_organiser(username="chefin")
    tournament = factories.drawn_tournament(23, name="Hallenturnier")
    rng = random.Random(5)
    record_random_results(open_games(tournament, stage="group"), rng=rng, referees=[referee])
    services.knockout_start(tournament=tournament, seed="ko", field_size=10)
    record_random_results(open_games(tournament, stage="knockout")[:1], rng=rng, referees=[referee])
    return tournament


def public_pages(tournament) -> list[str]:
    t = tournament.pk
    player = tournament.participants.first()
    return [
        reverse("home"),
        reverse("tournament", args=[t]),
        reverse("leaderboard", args=[t]),
        reverse("seating", args=[t]),
        reverse("player", args=[t, player.pk]),
        reverse("knockout", args=[t]),
        reverse("ranking", args=[t]),
    ]


def referee_pages(tournament) -> list[str]:
    t = tournament.pk
    game = Game.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT).first()
    return [
        reverse("staff:index"),
        reverse("staff:tournament", args=[t]),
        reverse("staff:games", args=[t]),
        reverse("staff:participants", args=[t]),
        reverse("staff:result", args=[t, game.pk]),
    ]


def organiser_pages(tournament) -> list[str]:
    t = tournament.pk
    player = tournament.participants.first()
    return [
        *referee_pages(tournament),
        reverse("staff:tournament_new"),
        reverse("staff:settings", args=[t]),
        reverse("staff:participant", args=[t, player.pk]),
        reverse("staff:participants_import", args=[t]),
        reverse("staff:draw", args=[t]),
        reverse("staff:progress", args=[t]),
        reverse("staff:knockout", args=[t]),
        reverse("staff:audit", args=[t]),
    ]


def check_page(page, path: str, role: str) -> list[str]:
    """Open ``path`` and return what is wrong with it on a phone."""
    problems = []
    response = page.goto(page.base_url + path)
    assert response is not None and response.status == 200, (role, path, response)
    if SHOTS:
        name = re.sub(r"[^a-z0-9]+", "-", f"{role}{path}").strip("-")
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    if width[0] > width[1]:
        problems.append(f"{role} {path}: {width[0]} px wide at {width[1]} px")
    actions = page.locator(PRIMARY if "/staff" in path else PUBLIC_PRIMARY)
    visible = [
        box
        for i in range(min(actions.count(), 20))
        if actions.nth(i).is_visible()
        and (box := actions.nth(i).bounding_box())
        and box["x"] >= 0
        and box["x"] + box["width"] <= PHONE["width"]
    ]
    if not visible:
        problems.append(f"{role} {path}: no visible primary action")
    violations = [
        v["id"]
        for v in AXE.run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    if violations:
        problems.append(f"{role} {path}: axe {violations}")
    keys = INTERNAL_KEYS.findall(page.locator("body").inner_text())
    if keys:
        problems.append(f"{role} {path}: internal keys {sorted(set(keys))}")
    return problems


def test_every_page_fits_a_phone_for_every_role(browser, live_server):
    tournament = build_day()
    problems: list[str] = []
    for role, pages in [
        ("anonymous", public_pages(tournament)),
        ("referee", public_pages(tournament) + referee_pages(tournament)),
        ("organiser", public_pages(tournament) + organiser_pages(tournament)),
    ]:
        context = browser.new_context(locale="de-DE", viewport=PHONE, bypass_csp=True)
        context.set_default_timeout(10_000)
        page = context.new_page()
        page.base_url = live_server.url
        if role != "anonymous":
            login(page, {"referee": "schiri", "organiser": "chefin"}[role])
        for path in pages:
            problems += check_page(page, path, role)
        context.close()
    assert not problems, "\n".join(problems)


def test_the_verdict_is_at_the_save_button_on_a_phone(new_page):
    tournament = factories.drawn_tournament(10)
    factories.make_referee(username="schiri")
    game = group_game(tournament)
    page = new_page(phone=True, locale="en-GB")
    login(page, "schiri")
    open_result_form(page, game)
    fill_seat(page, 1, role=None, character=CHARACTERS[0], lives=0)
    fill_seat(page, 2, role="deputy", character=CHARACTERS[1], lives=0)
    fill_seat(page, 3, role="renegade", character=CHARACTERS[2], lives=0)
    fill_seat(page, 4, role="outlaw", character=CHARACTERS[3], lives=2)
    fill_seat(page, 5, role="outlaw", character="El Gringo", lives=1)
    page.select_option("select[name=seat-1-eliminated_by]", "4")
    save = page.locator("#result-form button[name=save]")
    verdict = page.locator("#verdict-bar .bar-verdict")
    expect(verdict).to_contain_text("Valid")
    # Scrolled to the top, the save bar (verdict and button) is still on the screen.
    page.evaluate("window.scrollTo(0, 0)")
    for element in (verdict, save):
        box = element.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740
    # Not ticked "signed": a warning at the button; saving says so too.
    expect(page.locator(".unsigned-warning")).to_be_visible()
    page.check("input[name=signed]")
    expect(page.locator(".unsigned-warning")).to_be_hidden()
    page.uncheck("input[name=signed]")
    save.click()
    expect(page.locator(".staff-messages")).to_contain_text("not marked as signed")


def test_a_failed_save_says_not_saved(new_page):
    tournament = factories.drawn_tournament(10)
    factories.make_referee(username="schiri")
    game = group_game(tournament)
    page = new_page(phone=True, locale="en-GB")
    login(page, "schiri")
    open_result_form(page, game)
    fill_seat(page, 1, role=None, character=CHARACTERS[0], lives=3)
    page.locator("#result-form button[name=save]").click()
    expect(page.locator(".not-saved")).to_be_visible()
    assert not Result.objects.filter(game=game).exists()


def test_the_organiser_names_the_champion(new_page):
    referee = factories.make_referee(username="schiri")
    factories.make_organiser(username="chefin")
    tournament = factories.drawn_tournament(23)
    rng = random.Random(7)
    record_random_results(open_games(tournament, stage="group"), rng=rng, referees=[referee])
    services.knockout_start(tournament=tournament, seed="ko")
    # Play rounds until the round that decides the champion counts.
    while True:
        knockout = Knockout.objects.get(tournament=tournament)
        record_random_results(open_games(tournament, stage="knockout"), rng=rng, referees=[referee])
        if selectors.knockout_progress(tournament, knockout).decides_champion:
            break
        services.knockout_next_round(tournament=tournament)
    before = selectors.final_ranking(tournament)
    page = new_page(phone=True, locale="en-GB")
    login(page, "chefin")
    page.goto(page.base_url + reverse("staff:knockout", args=[tournament.pk]))
    rows = page.locator(".ko-ranking tbody tr")
    expect(rows.first).to_contain_text(before.rows[0].participant.name)
    assert page.get_by_role("button", name="Seat the next round").count() == 0
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Name the champion").click()
    expect(page.locator(".staff-messages")).to_contain_text("The champion has been named.")
    after = selectors.final_ranking(tournament)
    assert after.final and after.champion == before.rows[0].participant
    expect(page.locator(".ko-ranking h2")).to_have_text("Final ranking")
    expect(rows.first).to_contain_text(after.champion.name)


def test_an_organiser_edits_and_deletes_a_participant(new_page):
    factories.make_organiser(username="chefin")
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 3)
    page = new_page(phone=True, locale="en-GB")
    login(page, "chefin")
    page.goto(page.base_url + reverse("staff:participants", args=[tournament.pk]))
    page.fill("input[name=q]", people[1].name)
    page.get_by_role("button", name="Search").click()
    page.get_by_role("link", name=people[1].name).click()
    page.fill(".edit-form input[name=name]", "Berta Korrigiert")
    page.locator(".edit-form button[type=submit]").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Berta Korrigiert")
    # Deleting asks first; "cancel" keeps the participant.
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.get_by_role("button", name="Delete participant").click()
    assert Participant.objects.filter(pk=people[1].pk).exists()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Delete participant").click()
    expect(page.locator(".staff-messages")).to_contain_text("Berta Korrigiert has been deleted.")
    assert not Participant.objects.filter(pk=people[1].pk).exists()
