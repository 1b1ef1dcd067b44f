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

from tests import factories
from tests.browser.conftest import login
from tournaments import services
from tournaments.models import Game, Stage
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
