"""The laptop's address as phones in the hall reach it (``tournaments.hall.address``)."""

from __future__ import annotations

from tournaments.hall.address import LOOPBACK, interface_addresses, network_address


def test_the_named_address_wins_and_the_loopback_is_never_an_interface_choice(monkeypatch):
    monkeypatch.setenv("HALL_ADDRESS", "10.9.8.7")
    assert network_address() == "10.9.8.7"
    assert LOOPBACK not in interface_addresses()
