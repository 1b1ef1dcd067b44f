"""One Chromium per test process, shared by every test that drives a browser.

Playwright's sync API runs its own event loop in the test thread, and a second
``sync_playwright()`` while the first is open fails ("using Playwright Sync API
inside the asyncio loop"). So the browser is a session fixture, registered for
the whole suite (``pytest_plugins`` in tests/conftest.py): the browser tests and
the hall command's test (tests/test_hall_command.py) share it, whatever the order
xdist runs them in.

Chromium comes from Debian (``/usr/bin/chromium``); ``playwright install`` cannot
download here. Without Chromium the tests are skipped locally and fail in CI
(``REQUIRE_BROWSER=1``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls
# from the test body are still synchronous and safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(f"Chromium not found at {CHROMIUM}")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
