from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.http.idempotency import purge_expired


class Command(BaseCommand):
    help = "Delete the idempotency keys older than 24 hours (claims also do it now and then)."

    def handle(self, *args: Any, **options: Any) -> None:
        deleted = purge_expired()
        self.stdout.write(f"{deleted} expired idempotency keys deleted.")
