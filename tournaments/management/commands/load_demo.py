from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.demo import DEMO_NAME, DEMO_PASSWORD, DEMO_USERS, build_demo
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Create a realistic demo tournament (30 players, drawn, first rounds played)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--reset", action="store_true", help="Replace an existing demo.")
        parser.add_argument("--seed", default="Demo 2027")
        parser.add_argument("--rounds", type=int, default=3, help="Group rounds already played.")

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.DEBUG:
            raise CommandError("The demo creates users with a known password: only with DEBUG on.")
        existing = Tournament.objects.filter(name=DEMO_NAME)
        if existing.exists():
            if not options["reset"]:
                self.stdout.write("The demo tournament exists already (use --reset to rebuild it).")
                return
            for tournament in existing:
                tournament.delete()
        tournament = build_demo(seed=options["seed"], rounds_played=options["rounds"])
        self.stdout.write(self.style.SUCCESS(f"Demo tournament #{tournament.pk} ready."))
        names = ", ".join(u for u, _ in DEMO_USERS)
        self.stdout.write(f"Log in as {names} with the password “{DEMO_PASSWORD}”.")
