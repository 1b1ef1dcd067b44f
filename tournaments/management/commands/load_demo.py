from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.demo import DEMO_PASSWORD, DEMO_SUFFIX, DEMO_USERS, build_demo
from tournaments.models import Tournament


class Command(BaseCommand):
    help = (
        "Create four demo tournaments: a finished championship, a Showdown cup in the "
        "group stage, a club tournament in the knockout and a Czech club tournament in "
        "part II."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--reset", action="store_true", help="Replace existing demos.")
        parser.add_argument("--seed", default="Demo 2027")

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.DEBUG:
            raise CommandError("The demo creates users with a known password: only with DEBUG on.")
        existing = Tournament.objects.filter(name__endswith=DEMO_SUFFIX)
        if existing.exists():
            if not options["reset"]:
                self.stdout.write("The demo tournaments exist already (use --reset to rebuild).")
                return
            for tournament in existing:
                tournament.delete()
        for tournament in build_demo(seed=options["seed"]):
            self.stdout.write(self.style.SUCCESS(f"#{tournament.pk} {tournament.name}"))
        names = ", ".join(username for username, _group in DEMO_USERS)
        self.stdout.write(f"Log in as {names} with the password “{DEMO_PASSWORD}”.")
