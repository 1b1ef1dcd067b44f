"""Browser tests: a real Chromium driven by Playwright against pytest-django's live server.

Chromium comes from Debian (``/usr/bin/chromium``); ``playwright install`` cannot
download here. Without Chromium the tests are skipped locally and fail in CI
(``REQUIRE_BROWSER=1``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest
from django.conf import settings

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


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


@pytest.fixture
def page(browser, live_server) -> Iterator[object]:
    """A fresh browser context (own cookies) on a desktop-sized window, German first."""
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.base_url = live_server.url
    yield page
    context.close()


@pytest.fixture
def new_page(browser, live_server):
    """Make more pages (e.g. a referee and a spectator at once), optionally phone-sized."""
    contexts = []

    def make(*, phone: bool = False, locale: str = "de-DE"):
        viewport = {"width": 360, "height": 740} if phone else {"width": 1280, "height": 900}
        context = browser.new_context(locale=locale, viewport=viewport)
        context.set_default_timeout(10_000)
        if not locale.startswith("de"):
            # Pages are German unless the visitor switches: a visitor who reads them in
            # another language has used the DE/EN switch (its cookie).
            language = locale.split("-")[0]
            context.add_cookies(
                [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
            )
        contexts.append(context)
        page = context.new_page()
        page.base_url = live_server.url
        return page

    yield make
    for context in contexts:
        context.close()


def login(page, username: str, password: str = "secret-password-42") -> None:
    """Log in through the login page (Enter in the password field: the header has
    buttons of its own, such as the language switch)."""
    page.goto(f"{page.base_url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.press("input[name=password]", "Enter")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
