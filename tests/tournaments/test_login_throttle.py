"""Logins are throttled on every door, per account and per address and account (issue 12)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import factories
from tests.language import in_english

pytestmark = pytest.mark.django_db

PASSWORD = "secret-password-42"  # factories.make_user's
DOORS = ["/accounts/login/", "/admin/login/", "/api/auth/token/"]


def _try(door: str, username: str, password: str, address: str, **headers: str):
    client = in_english(Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE="en", **headers))
    data = {"username": username, "password": password}
    if door.startswith("/api/"):
        return client.post(door, data, content_type="application/json")
    return client.post(door, data)


def _logged_in(door: str, response) -> bool:
    if door.startswith("/api/"):
        return response.status_code == 200 and "token" in response.json()
    return response.status_code == 302  # a redirect after a successful login


@pytest.mark.parametrize("door", DOORS)
def test_thirty_wrong_passwords_from_any_addresses_lock_the_account(door):
    victim = factories.make_organiser(username="victim", is_staff=True)
    other = factories.make_organiser(username="neighbour", is_staff=True)
    for attempt in range(30):
        response = _try(door, "victim", "wrong", f"10.0.{attempt}.1")
        assert response.status_code != 429 or attempt >= 29
    # The right password, from a fresh address: refused for the cool-off.
    locked = _try(door, victim.username, PASSWORD, "10.9.9.9")
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) >= 15 * 60
    if door.startswith("/api/"):
        assert locked.json()["errors"][0]["code"] == "too_many_login_attempts"
    else:
        assert b"Too many failed logins" in locked.content
    # Another account logs in from the same (shared venue) address.
    assert _logged_in(door, _try(door, other.username, PASSWORD, "10.0.29.1"))


def test_wrong_passwords_from_one_address_lock_that_address_for_the_account_earlier():
    factories.make_referee(username="schiri")
    door = "/api/auth/token/"
    for attempt in range(10):
        # the answer to the 10th says so already
        answer = _try(door, "schiri", "wrong", "192.0.2.7")
        assert answer.status_code == (429 if attempt == 9 else 400)
    assert _try(door, "schiri", PASSWORD, "192.0.2.7").status_code == 429
    # The referee's own phone elsewhere still works: the account itself has 10 of 30.
    assert _logged_in(door, _try(door, "schiri", PASSWORD, "198.51.100.1"))


def test_a_forged_x_forwarded_for_counts_for_nothing(settings):
    factories.make_referee(username="schiri")
    door = "/api/auth/token/"
    settings.TRUSTED_PROXIES = 0
    for attempt in range(10):
        forged = {"HTTP_X_FORWARDED_FOR": f"203.0.113.{attempt}"}
        _try(door, "schiri", "wrong", "192.0.2.7", **forged)
    again = {"HTTP_X_FORWARDED_FOR": "203.0.113.200"}
    assert _try(door, "schiri", PASSWORD, "192.0.2.7", **again).status_code == 429


def test_behind_one_trusted_proxy_the_address_it_saw_counts(settings):
    factories.make_referee(username="schiri")
    door = "/api/auth/token/"
    settings.TRUSTED_PROXIES = 1
    proxy = "10.0.0.1"
    for _ in range(10):
        # The client forges a first entry; the proxy appends the address it saw.
        seen = {"HTTP_X_FORWARDED_FOR": "1.2.3.4, 198.51.100.20"}
        _try(door, "schiri", "wrong", proxy, **seen)
    locked = {"HTTP_X_FORWARDED_FOR": "9.9.9.9, 198.51.100.20"}
    assert _try(door, "schiri", PASSWORD, proxy, **locked).status_code == 429
    elsewhere = {"HTTP_X_FORWARDED_FOR": "198.51.100.21"}
    assert _logged_in(door, _try(door, "schiri", PASSWORD, proxy, **elsewhere))


def test_a_right_password_resets_the_count():
    factories.make_referee(username="schiri")
    door = "/api/auth/token/"
    for _ in range(9):
        _try(door, "schiri", "wrong", "192.0.2.7")
    assert _logged_in(door, _try(door, "schiri", PASSWORD, "192.0.2.7"))
    for _ in range(9):
        assert _try(door, "schiri", "wrong", "192.0.2.7").status_code == 400
    assert _logged_in(door, _try(door, "schiri", PASSWORD, "192.0.2.7"))
