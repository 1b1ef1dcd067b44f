"""``manage.py make_package SEASON --name … --date … --players 3,5,9``: an event package
for a tournament of the season played on a laptop (rules.md §16), written as the JSON
the laptop takes (to standard output, or ``--output FILE``)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import services
from tournaments.errors import DomainError
from tournaments.models import Season, Tournament


def _ids(text: str) -> list[int]:
    try:
        return [int(part) for part in text.replace(",", " ").split()]
    except ValueError as error:
        raise CommandError(f"--players takes player ids, e.g. 3,5,9: {error}") from error


class Command(BaseCommand):
    help = "Make an event package of a season's tournament for a laptop (JSON)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("season", type=int, help="The season's id.")
        parser.add_argument("--name", required=True)
        parser.add_argument("--date", required=True, type=date.fromisoformat, help="YYYY-MM-DD")
        parser.add_argument("--players", default="", help="Player ids, e.g. 3,5,9.")
        parser.add_argument("--ruleset", default="bang", choices=Tournament.RulesetChoice.values)
        parser.add_argument(
            "--format",
            default=Tournament.FormatChoice.GERMAN_CHAMPIONSHIP.value,
            choices=Tournament.FormatChoice.values,
        )
        parser.add_argument("--output", type=Path, help="Write the file here.")

    def handle(self, *args: Any, **options: Any) -> None:
        season = Season.objects.filter(pk=options["season"]).first()
        if season is None:
            raise CommandError(f"There is no season {options['season']}.")
        try:
            package = services.package_make(
                season=season,
                name=options["name"],
                date=options["date"],
                ruleset=options["ruleset"],
                format=options["format"],
                players=_ids(options["players"]),
            )
        except DomainError as error:
            raise CommandError("; ".join(str(e.message) for e in error.errors)) from error
        text = json.dumps(package.content, ensure_ascii=False, indent=2)
        if options["output"]:
            options["output"].write_text(text + "\n", encoding="utf-8")
            self.stderr.write(f"Package {package.uuid} written to {options['output']}.")
        else:
            self.stdout.write(text)
