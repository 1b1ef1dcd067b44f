"""``manage.py installation_key``: this installation's public key and fingerprint
(rules.md §16), to read out to the federation. Made now if there is none yet."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tournaments import services, signing


class Command(BaseCommand):
    help = "Print this installation's public signing key and its fingerprint."

    def handle(self, *args: Any, **options: Any) -> None:
        raw = bytes(services.installation_key().public_key)
        self.stdout.write(f"public key:  {signing.b64(raw)}")
        self.stdout.write(f"fingerprint: {signing.fingerprint(raw)}")
