"""``{% offered_languages as languages %}``: the languages the switch lists, each named
in itself (``settings.LANGUAGES``, untranslated: "Deutsch" on an English page too)."""

from __future__ import annotations

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def offered_languages() -> list[tuple[str, str]]:
    return [(code, str(name)) for code, name in settings.LANGUAGES]
