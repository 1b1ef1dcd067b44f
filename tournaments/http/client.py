"""The client's address: who sent a request, as the throttles, the request log and the calls see it.

The address is the connection's own peer (``REMOTE_ADDR``) unless
``TRUSTED_PROXIES`` (environment ``DJANGO_TRUSTED_PROXIES``, default 0) says
how many proxies in front of the app append to ``X-Forwarded-For``; then it
is the address the nearest trusted proxy saw. Whatever the client itself
wrote into the header (the entries before the trusted proxies') counts for
nothing, so a forged header never moves a throttle's count elsewhere.

One rule, three doors:

- ``client_address(request)``: a Django or DRF request (the login throttle,
  through ``AXES_CLIENT_IP_CALLABLE``; the PIN throttle; the request log);
- ``client_address_from_scope(scope)``: an ASGI connection scope, for code
  that answers before Django builds a request (the event streams);
- ``address_behind_proxies(peer, forwarded_for)``: the rule itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest

__all__ = ["address_behind_proxies", "client_address", "client_address_from_scope"]


def address_behind_proxies(peer: str, forwarded_for: str | None) -> str:
    """The client's address, from the connection's ``peer`` and its ``X-Forwarded-For``,
    trusting exactly ``TRUSTED_PROXIES`` proxies."""
    proxies: int = settings.TRUSTED_PROXIES
    if proxies <= 0:
        return peer
    forwarded = [part.strip() for part in (forwarded_for or "").split(",")]
    forwarded = [part for part in forwarded if part]
    if not forwarded:
        return peer
    # Each trusted proxy appends the address it saw; anything before is the client's claim.
    return forwarded[-min(proxies, len(forwarded))]


def client_address(request: HttpRequest) -> str:
    """The address of the client that sent ``request`` ("" if the server knows none)."""
    return address_behind_proxies(
        request.META.get("REMOTE_ADDR", "") or "", request.META.get("HTTP_X_FORWARDED_FOR")
    )


def client_address_from_scope(scope: Mapping[str, Any]) -> str:
    """The address of the client of an ASGI ``http`` scope ("" if the server knows none).

    Repeated ``X-Forwarded-For`` headers are joined with commas, as Django's
    ASGI handler joins them into ``HTTP_X_FORWARDED_FOR``: the same connection
    gives the same address here and in ``client_address``.
    """
    peer = str((scope.get("client") or ("", 0))[0] or "")
    values = [
        bytes(value).decode("latin-1")
        for name, value in scope.get("headers", [])
        if bytes(name).lower() == b"x-forwarded-for"
    ]
    return address_behind_proxies(peer, ",".join(values) if values else None)
