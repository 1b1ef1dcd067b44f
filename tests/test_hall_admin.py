"""``make hall-admin`` asks in one language: Django's createsuperuser wrote English
prompts around German field names and German password messages."""

from __future__ import annotations

import builtins
import getpass
import io
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.utils import translation

pytestmark = pytest.mark.django_db

GERMAN = re.compile(r"Benutzer|E-Mail|Passwort|zu kurz|gängig|leer lassen")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_hall_admin_asks_everything_in_english(monkeypatch):
    prompts: list[str] = []
    answers = iter(["orga", "orga@example.org", "n"])
    passwords = iter(["kurz", "kurz", "a-long-hall-password-42", "a-long-hall-password-42"])

    def ask(prompt: str = "") -> str:
        prompts.append(prompt)
        return next(answers)

    def ask_secret(prompt: str = "Password: ", stream: object = None) -> str:
        prompts.append(prompt)
        return next(passwords)

    monkeypatch.setattr(builtins, "input", ask)
    monkeypatch.setattr(getpass, "getpass", ask_secret)
    out, err = io.StringIO(), io.StringIO()
    with translation.override("de"):  # the site's language, as in the hall
        call_command("hall_admin", stdin=Terminal(), stdout=out, stderr=err)
    said = "\n".join([*prompts, out.getvalue(), err.getvalue()])
    assert prompts[0].startswith("Username") and "Email address" in prompts[1]
    assert "This password is too short" in said  # the validator's message, in English
    assert not GERMAN.search(said), said
    assert User.objects.get(username="orga").is_superuser
