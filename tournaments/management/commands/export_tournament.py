from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Tournament
from tournaments.services.backup import export_tournament


class Command(BaseCommand):
    help = "Write one tournament, with its whole history, as JSON to standard output."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(pk=options["tournament_id"]).first()
        if tournament is None:
            raise CommandError(f"No tournament with id {options['tournament_id']}.")
        json.dump(export_tournament(tournament), self.stdout, ensure_ascii=False, indent=1)
        self.stdout.write("")
