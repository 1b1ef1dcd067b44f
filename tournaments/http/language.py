"""The language of a request (rules.md §15), decided here and nowhere else.

- A page: the visitor's choice in the language switch (Django's ``set_language``
  at ``/i18n/setlang/`` stores it in the language cookie); without one, the first
  language of the browser's ``Accept-Language`` (in the order of its q-values)
  that the site offers; failing that, on a tournament's pages (``/t/<id>/…``),
  the tournament's language; failing that, German (``LANGUAGE_CODE``). The
  projector is a page like the others.
- The API (``is_api``): ``Accept-Language`` alone, else German; it reads no cookie.

No page reads ``?lang=``. What the site offers is ``settings.LANGUAGES``; a
tournament's language that is not offered (yet) is not used for its pages.
The tournament's language is read once per ``TOURNAMENT_LANGUAGE_SECONDS`` per
process (``tournament_language_forget`` drops it when it changes), so that a
visitor whose browser names no offered language costs no query per page.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

from tournaments.http.api import is_api

__all__ = [
    "LanguageMiddleware",
    "accepted_language",
    "chosen_language",
    "request_language",
    "tournament_language_forget",
]

#: How long a tournament's language is kept for the pages of its visitors.
TOURNAMENT_LANGUAGE_SECONDS = 60
_TOURNAMENT_PATH = re.compile(r"^/t/([0-9]{1,18})/")


def _offered(code: str) -> str | None:
    """The offered language ``code`` stands for (``de-AT`` → ``de``), or ``None``."""
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def accepted_language(request: HttpRequest) -> str | None:
    """The first language of ``Accept-Language`` (by q-value) that the site offers."""
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    for code, _quality in parse_accept_lang_header(header):
        if code == "*":
            continue
        found = _offered(code)
        if found is not None:
            return found
    return None


def chosen_language(request: HttpRequest) -> str | None:
    """The language the visitor asked for: the switch's cookie (pages only), else
    ``Accept-Language``; ``None`` if neither names an offered language."""
    if not is_api(request):
        cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if cookie:
            found = _offered(cookie)
            if found is not None:
                return found
    return accepted_language(request)


def _cache_key(tournament_id: int) -> str:
    return f"tournament-language:{tournament_id}"


def tournament_language_forget(tournament_id: int) -> None:
    """Drop the kept language of a tournament (after it changed)."""
    cache.delete(_cache_key(tournament_id))


def _tournament_language(tournament_id: int) -> str | None:
    from tournaments.models import Tournament

    key = _cache_key(tournament_id)
    language = cache.get(key)
    if language is None:
        language = (
            Tournament.objects.filter(pk=tournament_id).values_list("language", flat=True).first()
        ) or ""
        cache.set(key, language, timeout=TOURNAMENT_LANGUAGE_SECONDS)
    return _offered(language) if language else None


def request_language(request: HttpRequest) -> str:
    """The language of ``request`` by rules.md §15 (see the module's text)."""
    chosen = chosen_language(request)
    if chosen is not None:
        return chosen
    if not is_api(request):
        match = _TOURNAMENT_PATH.match(request.path_info)
        if match:
            found = _tournament_language(int(match.group(1)))
            if found is not None:
                return found
    return settings.LANGUAGE_CODE


class LanguageMiddleware(LocaleMiddleware):
    """Django's ``LocaleMiddleware`` with the language of ``request_language``."""

    def process_request(self, request: HttpRequest) -> None:
        translation.activate(request_language(request))
        request.LANGUAGE_CODE = translation.get_language()
