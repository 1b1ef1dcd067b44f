"""The login lockout cannot be turned against the organiser (issue 25 item 2,
api.md "Authentication and who may do what").

The review locked the organiser out with 30 wrong passwords for their public
user name (10 at the venue's shared address). Now a browser that logged in to
the account before carries a signed device cookie and keeps its own allowance;
everyone else, the attacker included, is counted per account as before.
"""

from __future__ import annotations

import pytest
from django.core import signing
from django.test import Client

from tests import factories
from tournaments.login_throttle import DEVICE_COOKIE
from tournaments.models import LoginDevice

pytestmark = pytest.mark.django_db

PASSWORD = "secret-password-42"  # factories.make_user's
VENUE = "203.0.113.7"  # the hall's one address: attacker and organiser share it


def _client(cookie: str | None = None) -> Client:
    client = Client(REMOTE_ADDR=VENUE, HTTP_ACCEPT_LANGUAGE="en")
    if cookie:
        client.cookies[DEVICE_COOKIE] = cookie
    return client


def _login(client: Client, password: str, door: str = "/accounts/login/"):
    data = {"username": "orga", "password": password}
    if door.startswith("/api/"):
        return client.post(door, data, content_type="application/json")
    return client.post(door, data)


@pytest.fixture
def device_cookie() -> str:
    """The organiser logged in on their own laptop yesterday: its device cookie."""
    factories.make_organiser(username="orga", is_staff=True)
    laptop = _client()
    assert _login(laptop, PASSWORD).status_code == 302
    cookie = laptop.cookies[DEVICE_COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert LoginDevice.objects.filter(username="orga").count() == 1
    return cookie.value


def test_after_40_attacker_failures_the_organisers_browser_logs_in(device_cookie):
    attacker = _client()
    answers = [_login(attacker, f"guess-{n}").status_code for n in range(20)]
    answers += [_login(attacker, f"guess-{n}", "/api/auth/token/").status_code for n in range(20)]
    assert 429 in answers
    # The attacker stays throttled, even with the right password, on every door.
    assert _login(attacker, PASSWORD).status_code == 429
    assert _login(attacker, PASSWORD, "/api/auth/token/").status_code == 429
    assert _login(_client(), PASSWORD, "/admin/login/").status_code == 429
    # The organiser's own browser, at the same address, logs in on every door.
    laptop = _client(device_cookie)
    assert _login(laptop, PASSWORD).status_code == 302
    assert _login(_client(device_cookie), PASSWORD, "/api/auth/token/").status_code == 200
    # Its login lifts nothing for the others.
    assert _login(attacker, PASSWORD).status_code == 429
    assert _login(_client(), PASSWORD, "/api/auth/token/").status_code == 429


def test_the_device_has_its_own_allowance_and_its_failures_spare_the_account(device_cookie):
    laptop = _client(device_cookie)
    answers = [_login(laptop, "typo").status_code for _ in range(10)]
    assert answers[:9] == [200] * 9 and answers[9] == 429  # the login page again, then locked
    assert _login(_client(device_cookie), PASSWORD).status_code == 429
    # The account itself counted none of these: a new phone still logs in.
    assert _login(_client(), PASSWORD).status_code == 302


def test_a_forged_or_foreign_device_cookie_counts_for_nothing(device_cookie):
    factories.make_referee(username="schiri")
    schiri = _client()
    assert (
        schiri.post("/accounts/login/", {"username": "schiri", "password": PASSWORD}).status_code
        == 302
    )
    foreign = schiri.cookies[DEVICE_COOKIE].value  # a real cookie, for another account
    nonce = LoginDevice.objects.get(username="orga").nonce
    forged = signing.dumps([["orga", nonce]], salt="another salt")
    for cookie in (foreign, forged, "garbage"):
        attacker = _client(cookie)
        for n in range(30):
            _login(attacker, f"guess-{n}")
        assert _login(attacker, PASSWORD).status_code == 429
    assert _login(_client(device_cookie), PASSWORD).status_code == 302


def test_one_browser_remembers_several_accounts(device_cookie):
    factories.make_referee(username="schiri")
    browser = _client(device_cookie)
    assert (
        browser.post("/accounts/login/", {"username": "schiri", "password": PASSWORD}).status_code
        == 302
    )
    both = browser.cookies[DEVICE_COOKIE].value
    attacker = _client()
    for n in range(30):
        _login(attacker, f"guess-{n}")
    assert _login(attacker, PASSWORD).status_code == 429
    assert _login(_client(both), PASSWORD).status_code == 302


def test_an_account_remembers_its_newest_twenty_devices(device_cookie):
    for _ in range(25):  # e.g. a script logging in through the token door again and again
        assert _login(_client(), PASSWORD, "/api/auth/token/").status_code == 200
    assert LoginDevice.objects.filter(username="orga").count() == 20
    newest = _client()
    assert _login(newest, PASSWORD).status_code == 302
    assert LoginDevice.objects.filter(username="orga").count() == 20
    assert _login(_client(newest.cookies[DEVICE_COOKIE].value), PASSWORD).status_code == 302
