"""``make hall`` on a fresh state, reached on its network address as phones in the hall reach it.

The hall server runs inside a network namespace of the test's own (as root:
``ip netns add``, a veth pair 10.231.N.1/30 on this side and 10.231.N.2/30
inside), so the address it finds and prints is the veth's, not 127.0.0.1;
the browsers drive it from outside through the veth pair. No traffic leaves
the machine. Skipped where namespaces are not permitted, failed in CI.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.servers import ROOT, require

pytestmark = [pytest.mark.servers, pytest.mark.browser]

URL_LINE = re.compile(r"open:\s+(http://[0-9.]+:[0-9]+/)")
PASSWORD = "secret-password-42"  # tests.factories.make_user


def unavailable(message: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@contextlib.contextmanager
def namespace() -> Iterator[tuple[str, str]]:
    """A network namespace joined to this one by a veth pair; yields (name, address inside)."""
    require("ip")
    tag = secrets.token_hex(3)
    name, outer, inner = f"bang-hall-{tag}", f"bh{tag}o", f"bh{tag}i"
    subnet = int(tag, 16) % 64 * 4  # 10.231.0.0/24 cut into /30s
    here, there = f"10.231.0.{subnet + 1}", f"10.231.0.{subnet + 2}"
    try:
        ip("netns", "add", name)
    except (subprocess.CalledProcessError, OSError) as error:
        unavailable(f"network namespaces are not permitted here: {error}")
    try:
        ip("link", "add", outer, "type", "veth", "peer", "name", inner)
        ip("link", "set", inner, "netns", name)
        ip("addr", "add", f"{here}/30", "dev", outer)
        ip("link", "set", outer, "up")
        ip("netns", "exec", name, "ip", "addr", "add", f"{there}/30", "dev", inner)
        ip("netns", "exec", name, "ip", "link", "set", inner, "up")
        ip("netns", "exec", name, "ip", "link", "set", "lo", "up")
        yield name, there
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            ip("link", "del", outer)
        with contextlib.suppress(subprocess.CalledProcessError):
            ip("netns", "del", name)


def wait_for_line(log: Path, process: subprocess.Popen[bytes], seconds: float) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace")
        if "Requests (method, path" in text:
            return text
        if process.poll() is not None:
            raise AssertionError(f"make hall exited with {process.returncode}:\n{text[-3000:]}")
        time.sleep(0.5)
    raise AssertionError(f"make hall did not open the hall:\n{log.read_text()[-3000:]}")


@contextlib.contextmanager
def make_hall(netns: str, data: Path) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    log = data / "hall.log"
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL", "PYTEST", "HALL_"))
    }
    env.update(
        {
            "HALL_DIR": str(data),
            "DJANGO_STATIC_ROOT": str(data / "static"),
            "HALL_PORT": "8000",
            "HALL_LANGUAGE": "en",  # the log lines the test waits for
            "UV_OFFLINE": "1",
        }
    )
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["ip", "netns", "exec", netns, "make", "-s", "hall"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield process, log
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


SEED = """
import json
import django
django.setup()
from django.urls import reverse
from tests import factories
from tests.browser.pages import group_game
tournament = factories.drawn_tournament(10)
factories.make_referee(tournament=tournament, username="schiri")
game = group_game(tournament)
print(json.dumps({
    "tournament": tournament.pk,
    "sheriff": game.table.seats.get(position=1).participant.name,
    "result": reverse("staff:result", args=[tournament.pk, game.pk]),
}))
"""


def seed(database: Path) -> dict[str, Any]:
    """A drawn 10-player tournament and a referee, written into the hall's database."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": f"sqlite:///{database}",
    }
    done = subprocess.run(
        [sys.executable, "-c", SEED],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    seeded: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return seeded


def terminal_qr(text: str, path: Path) -> None:
    """The QR code segno printed (half blocks, light modules drawn) as a PNG."""
    from PIL import Image

    rows = [line for line in text.splitlines() if line and set(line) <= set("█▀▄ ")]
    rows = [line for line in rows if "█" in line or "▀" in line or "▄" in line]
    width = max(len(line) for line in rows)
    image = Image.new("L", (width, len(rows) * 2), 0)
    for y, line in enumerate(rows):
        for x, char in enumerate(line.ljust(width)):
            top = char in "█▀"
            bottom = char in "█▄"
            image.putpixel((x, 2 * y), 255 if top else 0)
            image.putpixel((x, 2 * y + 1), 255 if bottom else 0)
    image.resize((width * 8, len(rows) * 16), Image.Resampling.NEAREST).save(path)


def decode(path: Path) -> list[str]:
    found = subprocess.run(
        [require("zbarimg"), "--quiet", "--raw", str(path)], capture_output=True, text=True
    )
    return [line for line in found.stdout.splitlines() if line]


def pdf_qr_codes(pdf: bytes, folder: Path, name: str) -> list[str]:
    (folder / f"{name}.pdf").write_bytes(pdf)
    subprocess.run(
        [require("pdftoppm"), "-r", "150", "-f", "1", "-l", "1", "-png", f"{name}.pdf", name],
        cwd=folder,
        check=True,
    )
    return [code for image in sorted(folder.glob(f"{name}*.png")) for code in decode(image)]


def test_make_hall_serves_phones_on_the_network_address(tmp_path, browser):
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        # The hall serves its own SQLite file whatever database the suite runs on
        # (make_hall below), so the suite's SQLite pass has already run exactly this.
        pytest.skip("make hall runs on its own SQLite file: tested in the SQLite pass")
    require("make")
    from playwright.sync_api import expect

    from tests.browser.pages import CHARACTERS

    with namespace() as (netns, address), make_hall(netns, tmp_path) as (process, log):
        printed = wait_for_line(log, process, seconds=300)
        assert "CLOSED HALL NETWORK" in printed
        match = URL_LINE.search(printed)
        assert match, printed[-2000:]
        url = match.group(1)
        assert url == f"http://{address}:8000/"
        terminal_qr(printed, tmp_path / "terminal-qr.png")
        assert decode(tmp_path / "terminal-qr.png") == [url]

        seeded = seed(tmp_path / "hall.sqlite3")
        tournament = seeded["tournament"]
        spectator = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
        phone = browser.new_context(
            locale="de-DE", viewport={"width": 360, "height": 740}, is_mobile=True
        )
        for context in (spectator, phone):
            context.set_default_timeout(15_000)
        board = spectator.new_page()
        board.goto(f"{url}t/{tournament}/leaderboard/")
        board.evaluate("window.__notReloaded = true")
        referee = phone.new_page()

        # The referee logs in over plain HTTP (no Secure cookie may be needed).
        referee.goto(f"{url}accounts/login/")
        referee.fill("input[name=username]", "schiri")
        referee.fill("input[name=password]", PASSWORD)
        referee.press("input[name=password]", "Enter")
        referee.wait_for_url(lambda u: "/accounts/login/" not in u)
        assert any(c["name"] == "sessionid" for c in phone.cookies())

        row = board.locator("table.standings tbody tr", has_text=seeded["sheriff"])
        expect(row).to_contain_text("1.400")  # the 5-table bonus only
        referee.goto(url.rstrip("/") + seeded["result"])
        referee.select_option("select[name=seat-1-character]", CHARACTERS[0])
        referee.fill("input[name=seat-1-lives]", "2")
        for position, role in ((2, "deputy"), (3, "renegade"), (4, "outlaw"), (5, "outlaw")):
            referee.select_option(f"select[name=seat-{position}-role]", role)
            referee.select_option(
                f"select[name=seat-{position}-character]", CHARACTERS[position - 1]
            )
            referee.fill(f"input[name=seat-{position}-lives]", "0")
        referee.check("input[name=signed]")
        referee.locator(".verdict").wait_for()
        referee.click("#result-form button[type=submit]")
        referee.wait_for_url(lambda u: "/result" not in u)

        # 2500 for the Sheriff's win at a 5-table, 150 for surviving, 1400 for the table.
        expect(row).to_contain_text("4.050", timeout=10_000)
        assert board.evaluate("window.__notReloaded") is True

        # Every QR code the software makes carries the hall's address.
        projector = spectator.new_page()
        projector.set_viewport_size({"width": 1920, "height": 1080})
        projector.goto(f"{url}t/{tournament}/projector/")
        projector.locator(".qr svg").screenshot(path=str(tmp_path / "projector-qr.png"))
        assert decode(tmp_path / "projector-qr.png") == [f"{url}t/{tournament}/leaderboard/"]
        for name, path in (
            ("scoresheets", "scoresheets.pdf?stage=group&round=1"),
            ("cards", "player-cards.pdf"),
        ):
            # The hall renders PDFs in a lower-priority process: beside a busy test
            # suite one took over 15 s once (CI), which is a loaded machine, not a fault.
            answer = referee.request.get(
                f"{url}api/tournaments/{tournament}/{path}", timeout=60_000
            )
            assert answer.status == 200, (name, answer.status)
            codes = pdf_qr_codes(answer.body(), tmp_path, name)
            assert codes, name
            assert all(code.startswith(url) for code in codes), (name, codes)
        spectator.close()
        phone.close()

        # One line per request in the hall's terminal, with the phone's own address.
        text = log.read_text()
        # The leaderboard's event stream, on the same port and server as the pages.
        assert re.search(rf"GET /api/tournaments/{tournament}/events/ 200 ", text)
        outside = address.rsplit(".", 1)[0] + "." + str(int(address.rsplit(".", 1)[1]) - 1)
        assert re.search(rf"POST /accounts/login/ 302 [0-9.]+ms {re.escape(outside)}\b", text)
