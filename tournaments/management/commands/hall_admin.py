"""``make hall-admin``: the organiser's login for the hall, Django's ``createsuperuser``
with every prompt and message in one language.

``createsuperuser`` writes its prompts in English ("Password:", "leave blank to
use …", "Bypass password validation …?") but translates the field names and the
password validators' messages into the site's language (German), so the hall's
terminal asked in two languages at once. Here it runs with translations off
(``no_translations``): English throughout, as the rest of the hall's terminal.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.management.commands.createsuperuser import Command as CreateSuperuser
from django.core.management.base import no_translations


class Command(CreateSuperuser):
    help = "Create the organiser's login for the hall (a superuser), asking in English."

    @no_translations
    def handle(self, *args: Any, **options: Any) -> None:
        super().handle(*args, **options)
