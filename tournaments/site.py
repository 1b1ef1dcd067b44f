"""The site's own address, as printed on paper and shown as QR codes.

``settings.SITE_URL`` (``DJANGO_SITE_URL``) names it where the address the
request came in on is not the one phones should open: the laptop in the hall
is opened as ``http://localhost:8000`` by the organiser, but the projector's
QR code and every scoresheet and player card must carry the laptop's network
address (``make hall`` sets it). Without the setting, the request's own scheme
and host.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest

__all__ = ["absolute_url", "absolute_url_builder"]


def absolute_url(request: HttpRequest, path: str) -> str:
    """``path`` (starting with ``/``) as an absolute URL of the site."""
    base: str = settings.SITE_URL
    if base:
        return base + path
    return request.build_absolute_uri(path)


def absolute_url_builder(request: HttpRequest) -> Callable[[str], str]:
    """``absolute_url`` bound to ``request`` (what the documents take as ``absolute_uri``)."""

    def build(path: str) -> str:
        return absolute_url(request, path)

    return build
