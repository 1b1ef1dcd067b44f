"""Every public page and the main staff pages at 360 px in the pseudo-language
(rules.md §15; tests/pseudo.py): every string about 40 % longer than English, and
still no page scrolls sideways and no button is cut off."""

from __future__ import annotations

import os
import random
import shutil

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone
from tests.pseudo import CODE, pseudo_settings
from tournaments import demo, services
from tournaments.models import Game, Stage

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext not installed"),
]

#: Where to keep screenshots for a person to look at (unset: none are taken).
SHOTS = os.environ.get("PSEUDO_SHOTS")

#: Buttons whose text is wider than the button (cut off), or that reach past the screen.
CLIPPED = """() => [...document.querySelectorAll(
    'button, .button, input[type=submit], select, a[role=button]')]
  .filter(e => e.offsetParent !== null)
  .filter(e => e.scrollWidth > e.clientWidth + 1
    || e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .map(e => (e.innerText || e.value || e.name || e.outerHTML).slice(0, 60))"""


def _check(page, url: str, name: str) -> list[str]:
    page.goto(page.base_url + url)
    assert page.locator("html").get_attribute("lang") == CODE, url
    problems = []
    wide = page.evaluate("document.documentElement.scrollWidth")
    if wide > 360:
        problems.append(f"{url}: {wide} px wide")
    problems += [f"{url}: clipped {text!r}" for text in page.evaluate(CLIPPED)]
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"pseudo-{name}.png"), full_page=True)
    return problems


def test_every_page_fits_a_phone_in_a_language_forty_percent_longer(
    browser, live_server, tmp_path
) -> None:
    tournament = factories.drawn_tournament(10, name="Pseudo Open")
    referee = factories.make_referee(username="schiri")
    demo.play_group_rounds(tournament, rounds=range(1, 3), rng=random.Random(3), referees=[referee])
    season = services.season_create(name="Saison", best_of=3, min_events=1, qualifiers=8)
    factories.make_organiser(username="orga")
    participant = tournament.participants.order_by("name").first()
    open_game = Game.objects.filter(tournament=tournament, stage=Stage.GROUP, round=3).first()
    t = tournament.pk
    public = {
        "home": reverse("home"),
        "tournament": reverse("tournament", args=[t]),
        "leaderboard": reverse("leaderboard", args=[t]),
        "seating": reverse("seating", args=[t]),
        "player": reverse("player", args=[t, participant.pk]),
        "knockout": reverse("knockout", args=[t]),
        "ranking": reverse("ranking", args=[t]),
        "rules": reverse("rules", args=[t]),
        "statistics": reverse("statistics", args=[t]),
        "projector": reverse("projector", args=[t]),
        "server-statistics": reverse("server_statistics"),
        "seasons": reverse("seasons"),
        "season": reverse("season_ranking", args=[season.pk]),
        "season-how": reverse("season_how", args=[season.pk]),
        "login": reverse("login"),
    }
    staff = {
        "staff-index": reverse("staff:index"),
        "staff-tournament": reverse("staff:tournament", args=[t]),
        "result-form": reverse("staff:result", args=[t, open_game.pk]),
        "draw": reverse("staff:draw", args=[t]),
        "participants": reverse("staff:participants", args=[t]),
        "participant": reverse("staff:participant", args=[t, participant.pk]),
        "settings": reverse("staff:settings", args=[t]),
        "format": reverse("staff:format", args=[t]),
        "games": reverse("staff:games", args=[t]),
        "progress": reverse("staff:progress", args=[t]),
    }
    with override_settings(**pseudo_settings(tmp_path)):
        context = browser.new_context(locale="en-GB", viewport={"width": 360, "height": 740})
        context.set_default_timeout(10_000)
        context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": CODE, "url": live_server.url}]
        )
        page = context.new_page()
        page.base_url = live_server.url
        try:
            problems = [p for name, url in public.items() for p in _check(page, url, name)]
            login(page, "orga")
            problems += [p for name, url in staff.items() for p in _check(page, url, name)]
            assert_fits_phone(page)
        finally:
            context.close()
    assert problems == []
