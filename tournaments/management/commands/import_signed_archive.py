"""``manage.py import_signed_archive SEASON FILE...``: import laptops' signed archives
into a season (rules.md §16), each file on its own; exits non-zero if any was refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import services
from tournaments.models import Season


class Command(BaseCommand):
    help = "Import signed tournament archives into a season (registered keys only)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("season", type=int, help="the season's id")
        parser.add_argument("files", type=Path, nargs="+")

    def handle(self, *args: Any, **options: Any) -> None:
        season = Season.objects.filter(pk=options["season"]).first()
        if season is None:
            raise CommandError(f"There is no season {options['season']}.")
        refused = 0
        for path in options["files"]:
            try:
                signed = json.loads(path.read_text(encoding="utf-8"))
                if not isinstance(signed, dict):
                    raise ValueError("not a signed archive")
                answer = services.signed_archive_import(season=season, signed=signed)
            except (OSError, ValueError) as error:
                refused += 1
                self.stderr.write(f"{path}: {error}")
                continue
            except services.DomainError as error:
                refused += 1
                for item in error.errors:
                    self.stderr.write(f"{path}: {item.code}: {item.message}")
                continue
            body = answer.body
            done = "imported" if answer.created else "already imported, nothing changed"
            self.stdout.write(
                f"{path}: {done} as tournament #{body['tournament']}: {body['linked']} linked, "
                f"{body['new_players']} new players, {body['to_choose']} left to choose"
            )
        if refused:
            raise CommandError(f"{refused} of {len(options['files'])} files were refused.")
