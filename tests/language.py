"""Pages are German unless the visitor switches (``tournaments.web.language``): a test
that reads a page in English switches like a visitor does, with the language cookie."""

from __future__ import annotations

from django.conf import settings
from django.test import Client


def in_language(client: Client, language: str) -> Client:
    """``client`` as a visitor who chose ``language`` with the DE/EN switch."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def in_english(client: Client) -> Client:
    return in_language(client, "en")
