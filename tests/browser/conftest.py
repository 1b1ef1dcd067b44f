"""Browser tests: a real Chromium driven by Playwright against pytest-django's live server.

The browser itself is the session fixture ``browser`` of tests/chromium.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


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
            # another language has used the language switch (its cookie).
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
