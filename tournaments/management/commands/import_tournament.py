from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.services.backup import BackupError, import_tournament


class Command(BaseCommand):
    help = "Restore a tournament written by export_tournament (all or nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--copy",
            action="store_true",
            help="Import even if the tournament is already present, as a second copy.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            data = json.loads(options["file"].read_text(encoding="utf-8"))
            tournament = import_tournament(data, copy=options["copy"])
        except (OSError, json.JSONDecodeError, BackupError, KeyError) as error:
            raise CommandError(f"Cannot import {options['file']}: {error}") from error
        self.stdout.write(
            self.style.SUCCESS(f"Imported “{tournament.name}” as tournament #{tournament.pk}.")
        )
