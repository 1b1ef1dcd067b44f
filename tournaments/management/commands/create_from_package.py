"""``manage.py create_from_package FILE``: the tournament of an event package, on this laptop
(rules.md §16), as the staff page "New tournament from an event package" creates it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import services
from tournaments.documents.packages import read_package_file
from tournaments.errors import DomainError


class Command(BaseCommand):
    help = "Create the tournament of an event package (a .json file from the season's server)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--organiser",
            metavar="USERNAME",
            help="The user who organises the new tournament (else none: appoint one later).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        organiser = None
        if options["organiser"]:
            organiser = User.objects.filter(username=options["organiser"], is_active=True).first()
            if organiser is None:
                raise CommandError(f"There is no user {options['organiser']}.")
        try:
            with options["file"].open("rb") as file:
                values = read_package_file(file)
            tournament = services.tournament_from_package(**values, actor=organiser)
        except OSError as error:
            raise CommandError(f"Cannot read {options['file']}: {error}") from error
        except DomainError as error:
            problems = "; ".join(str(e.message) for e in error.errors)
            raise CommandError(f"Cannot create from {options['file']}: {problems}") from error
        players = tournament.package_players.count()
        self.stdout.write(
            self.style.SUCCESS(
                f"Created “{tournament.name}” as tournament #{tournament.pk} "
                f"with {players} players of the package."
            )
        )
