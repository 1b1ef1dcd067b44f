"""The laptop's address on the hall's network, as the phones there reach it.

In this order:

1. ``HALL_ADDRESS`` where the organiser names it (a laptop on two networks).
2. The address the laptop would send from towards a private address, if it has
   a route there (a UDP socket is *connected*, which sends nothing): on a
   laptop joined to a wifi router this is its address on that network.
3. The first address of an interface that is up and not the loopback,
   private addresses first (a network without any route beyond itself).
4. ``127.0.0.1``, with a warning printed by the caller: no phone can reach it.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
import struct
import sys

__all__ = ["LOOPBACK", "interface_addresses", "network_address"]

LOOPBACK = "127.0.0.1"
#: Connected to, never sent to: only the kernel's routing table is asked.
_PROBE = ("10.254.254.254", 9)
_SIOCGIFADDR = 0x8915


def _usable(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def _routed_address() -> str | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(_PROBE)
        except OSError:
            return None
        address: str = sock.getsockname()[0]
    return address if _usable(address) else None


def interface_addresses() -> list[str]:
    """IPv4 addresses of the interfaces (Linux), private ones first, loopback left out."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl

    found: list[str] = []
    for _index, name in socket.if_nameindex():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock, contextlib.suppress(OSError):
            packed = fcntl.ioctl(
                sock.fileno(), _SIOCGIFADDR, struct.pack("256s", name[:15].encode())
            )
            address = socket.inet_ntoa(packed[20:24])
            if _usable(address):
                found.append(address)
    return sorted(found, key=lambda a: not ipaddress.ip_address(a).is_private)


def network_address() -> str:
    """The address phones in the hall open (see the module's docstring)."""
    named = os.environ.get("HALL_ADDRESS", "").strip()
    if named:
        return named
    routed = _routed_address()
    if routed:
        return routed
    candidates = interface_addresses()
    return candidates[0] if candidates else LOOPBACK
