"""The projector's knockout and champion screens use the screen: large type filling at least
70 % of the height of a 1920x1080 and a 1280x720 screen, nothing overflowing, beside the QR
code of the site's (the hall's) address (issue 21)."""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.servers import require
from tournaments import services
from tournaments.simulation import open_games, play_knockout, record_random_results

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]
SHOTS = os.environ.get("SHOTS")
HALL_URL = "http://10.231.0.2:8000"

#: The box around what the phase shows (its visible children), and the screen's scroll size.
MEASURE = """() => {
  const phase = document.querySelector('[data-phase]');
  let top = Infinity, bottom = 0, left = Infinity, right = 0;
  for (const el of phase.querySelectorAll('h2, h3, li, p')) {
    const box = el.getBoundingClientRect();
    if (!box.height || el.closest('[hidden]')) continue;
    top = Math.min(top, box.top); bottom = Math.max(bottom, box.bottom);
    left = Math.min(left, box.left); right = Math.max(right, box.right);
  }
  const doc = document.documentElement;
  return {top, bottom, left, right, scrollWidth: doc.scrollWidth, scrollHeight: doc.scrollHeight};
}"""


def font_px(page, selector: str) -> float:
    return page.locator(selector).first.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")


def check_screen(browser, live_server, tournament, phase: str, tmp_path: Path) -> None:
    for size in SIZES:
        context = browser.new_context(locale="de-DE", viewport=size)
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{tournament.pk}/projector/")
        expect(page.locator(f"[data-phase={phase}]")).to_be_visible()
        page.wait_for_timeout(300)  # projector.js measures its pages
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/projector-fill-{phase}-{size['width']}.png")
        box = page.evaluate(MEASURE)
        width, height = size["width"], size["height"]
        assert box["scrollWidth"] <= width and box["scrollHeight"] <= height, (phase, size, box)
        assert box["bottom"] <= height and box["right"] <= width, (phase, size, box)
        filled = (box["bottom"] - box["top"]) / height
        assert filled >= 0.7, (phase, size, f"{filled:.0%}")

        # Large type: read from the back of the hall.
        if phase == "knockout":
            assert font_px(page, ".projector-card li") >= 0.03 * height, size
        else:
            assert font_px(page, ".champion-name") >= 0.1 * height, size
            assert font_px(page, ".projector-ranking li") >= 0.035 * height, size

        # The QR code beside it carries the hall's address.
        qr = page.locator(".qr svg")
        expect(qr).to_be_visible()
        qr_box = qr.bounding_box()
        assert qr_box["width"] >= 0.15 * height and qr_box["y"] + qr_box["height"] <= height
        shot = tmp_path / f"qr-{phase}-{width}.png"
        qr.screenshot(path=str(shot))
        found = subprocess.run(
            [require("zbarimg"), "--quiet", "--raw", str(shot)], capture_output=True, text=True
        )
        assert found.stdout.split() == [f"{HALL_URL}/t/{tournament.pk}/leaderboard/"]
        context.close()


def test_the_knockout_and_the_champion_fill_the_screen(browser, live_server, settings, tmp_path):
    settings.SITE_URL = HALL_URL
    referee = factories.make_referee()
    tournament = factories.drawn_tournament(30)
    rng = random.Random(7)
    record_random_results(open_games(tournament, stage="group"), rng=rng, referees=[referee])
    services.knockout_start(tournament=tournament, seed="ko", field_size=21)
    check_screen(browser, live_server, tournament, "knockout", tmp_path)
    play_knockout(tournament, seed="ko", rng=rng, referees=[referee])
    check_screen(browser, live_server, tournament, "champion", tmp_path)
