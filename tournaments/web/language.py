"""Which language a request is answered in.

The users are German: **pages are German** unless the visitor switches to
English with the DE/EN switch in the header (Django's ``set_language``, which
remembers the choice in the language cookie). The browser's own language
(``Accept-Language``) does not count for pages: a German visitor on a phone
set to English still gets the German pages. The **API** answers in the
request's language, ``Accept-Language: de`` or ``en`` (api.md), German when
it names neither.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.cache import patch_vary_headers

__all__ = ["SiteLanguageMiddleware", "page_language"]

API_PREFIX = "/api/"


def page_language(request: HttpRequest) -> str:
    """The language of a page: the visitor's choice (the cookie), else German."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


class SiteLanguageMiddleware(LocaleMiddleware):
    """``LocaleMiddleware`` for the API; the visitor's choice alone for pages."""

    def process_request(self, request: HttpRequest) -> None:
        if request.path_info.startswith(API_PREFIX):
            super().process_request(request)
            return
        translation.activate(page_language(request))
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        response = super().process_response(request, response)
        if not request.path_info.startswith(API_PREFIX):
            patch_vary_headers(response, ("Cookie",))  # the language cookie decides
        return response
