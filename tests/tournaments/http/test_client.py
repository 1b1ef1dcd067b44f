"""The client's address: one rule for a Django request and an ASGI scope."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from tournaments.http.client import client_address, client_address_from_scope


def _scope(peer: str, *forwarded: str) -> dict[str, object]:
    headers = [(b"x-forwarded-for", value.encode()) for value in forwarded]
    return {"type": "http", "client": (peer, 5000), "headers": headers}


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "10.0.0.9", "127.0.0.1"),  # no proxy trusted: the header is the client's claim
        (1, "", "127.0.0.1"),
        (1, "10.0.0.9", "10.0.0.9"),
        (1, "6.6.6.6, 10.0.0.9", "10.0.0.9"),  # a forged entry before the proxy's own
        (2, "6.6.6.6, 10.0.0.9, 192.168.1.1", "10.0.0.9"),
        (3, "10.0.0.9", "10.0.0.9"),  # fewer entries than proxies: the first
    ],
)
def test_a_request_and_its_scope_name_the_same_client(settings, proxies, forwarded, expected):
    settings.TRUSTED_PROXIES = proxies
    meta = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", **meta)
    assert client_address(request) == expected
    assert client_address_from_scope(_scope("127.0.0.1", *filter(None, [forwarded]))) == expected


def test_repeated_forwarded_headers_of_a_scope_are_read_as_one_list(settings):
    settings.TRUSTED_PROXIES = 1
    assert client_address_from_scope(_scope("127.0.0.1", "6.6.6.6", "10.0.0.9")) == "10.0.0.9"


def test_a_scope_without_a_client_has_no_address(settings):
    settings.TRUSTED_PROXIES = 0
    assert client_address_from_scope({"type": "http", "headers": []}) == ""
