"""A test that reads a page in a language chooses it like a visitor does with the language
switch: the language cookie (it beats the browser's ``Accept-Language``)."""

from __future__ import annotations

from django.conf import settings
from django.test import Client


def in_language(client: Client, language: str) -> Client:
    """``client`` as a visitor who chose ``language`` with the language switch."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def in_english(client: Client) -> Client:
    return in_language(client, "en")
