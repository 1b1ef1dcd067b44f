"""The language of a request (rules.md §15, api.md "Languages"): the switch, the
browser's languages in order, the tournament's language, German; the API by
``Accept-Language`` alone. Cached pages never cross languages."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse

from tests import factories
from tests.language import in_language
from tests.tournaments.web.public.pages import body
from tournaments import services
from tournaments.http.language import tournament_language_forget
from tournaments.models import Participant, Tournament

pytestmark = pytest.mark.django_db

LANG = re.compile(r'<html lang="([a-z-]+)">')


def page_language(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    found = LANG.search(body(response))
    assert found is not None
    return found.group(1)


def test_the_browsers_languages_count_in_order_of_their_q_values():
    url = reverse("home")
    assert page_language(Client(headers={"accept-language": "en"}), url) == "en"
    assert page_language(Client(headers={"accept-language": "de;q=0.3, en;q=0.9"}), url) == "en"
    assert page_language(Client(headers={"accept-language": "en;q=0.2, de;q=0.9"}), url) == "de"
    # The first the software has: Japanese is skipped, English found.
    assert page_language(Client(headers={"accept-language": "ja, en-GB;q=0.8"}), url) == "en"
    # None it has, no tournament: German.
    assert page_language(Client(headers={"accept-language": "ja, *"}), url) == "de"
    assert page_language(Client(), url) == "de"


def test_the_switch_beats_the_browser_and_no_page_reads_a_lang_parameter():
    url = reverse("home")
    visitor = Client(headers={"accept-language": "de"})
    answer = visitor.post(reverse("set_language"), {"language": "en", "next": url})
    assert answer.status_code == 302
    assert visitor.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    assert page_language(visitor, url) == "en"
    assert page_language(Client(headers={"accept-language": "de"}), url + "?lang=en") == "de"
    # A cookie of a language not offered is no choice: the browser's language counts.
    stale = in_language(Client(headers={"accept-language": "en"}), "xx")
    assert page_language(stale, url) == "en"


def test_without_a_choice_a_tournaments_pages_are_in_its_language():
    english = factories.make_tournament(language="en")
    german = factories.make_tournament(language="de")
    nobody = Client(headers={"accept-language": "ja"})
    for name in ("tournament", "leaderboard", "projector", "seating"):
        assert page_language(nobody, reverse(name, args=[english.pk])) == "en", name
        assert page_language(nobody, reverse(name, args=[german.pk])) == "de", name
    # The browser's language comes first, the switch before it.
    url = reverse("projector", args=[english.pk])
    assert page_language(Client(headers={"accept-language": "de"}), url) == "de"
    assert page_language(in_language(Client(headers={"accept-language": "en"}), "de"), url) == "de"
    # Pages that belong to no tournament: German.
    assert page_language(nobody, reverse("home")) == "de"


def test_a_changed_tournament_language_counts_at_once():
    tournament = factories.make_tournament(language="en")
    url = reverse("leaderboard", args=[tournament.pk])
    nobody = Client()
    assert page_language(nobody, url) == "en"
    services.tournament_update(tournament=tournament, language="de")
    assert page_language(nobody, url) == "de"


def test_a_tournament_language_not_offered_leaves_its_pages_german():
    tournament = factories.make_tournament(language="it")
    url = reverse("leaderboard", args=[tournament.pk])
    assert page_language(Client(), url) == "it"
    with override_settings(LANGUAGES=[("de", "Deutsch"), ("en", "English")]):
        tournament_language_forget(tournament.pk)
        assert page_language(Client(), url) == "de"


def test_two_visitors_never_get_each_others_cached_page():
    tournament = factories.drawn_tournament(10, language="de")
    for name in ("leaderboard", "seating", "projector"):
        url = reverse(name, args=[tournament.pk])
        german = Client(headers={"accept-language": "de"})
        english = Client(headers={"accept-language": "en"})
        chose_english = in_language(Client(headers={"accept-language": "de"}), "en")
        for _ in range(2):  # the second round is served from the cache
            assert page_language(german, url) == "de", name
            assert page_language(english, url) == "en", name
            assert page_language(chose_english, url) == "en", name
        assert "Accept-Language" in german.get(url)["Vary"]


def test_the_api_reads_accept_language_alone_never_the_cookie():
    missing = "/api/tournaments/987654/"

    def message(client: Client) -> str:
        return client.get(missing).json()["errors"][0]["message"]

    german = message(Client(headers={"accept-language": "de"}))
    english = message(Client(headers={"accept-language": "en"}))
    assert german != english
    assert message(Client()) == german
    assert message(in_language(Client(), "en")) == german
    assert message(in_language(Client(headers={"accept-language": "en"}), "de")) == english
    assert message(Client(headers={"accept-language": "ja, en;q=0.5"})) == english


def test_the_switch_lists_every_language_named_in_itself():
    html = body(Client().get(reverse("home")))
    switch = html[html.index('class="lang-switch"') :]
    switch = switch[: switch.index("</form>")]
    names = re.findall(r'<option value="([a-z]+)" lang="\1"[^>]*>([^<]+)</option>', switch)
    assert names == [
        ("de", "Deutsch"),
        ("en", "English"),
        ("it", "Italiano"),
        ("cs", "Čeština"),
        ("fr", "Français"),
        ("es", "Español"),
        ("pl", "Polski"),
    ]
    assert 'name="language"' in switch and reverse("set_language") in html


def test_the_seven_languages_are_offered_and_are_the_models_choices():
    assert [code for code, _ in settings.LANGUAGES] == ["de", "en", "it", "cs", "fr", "es", "pl"]
    for model in (Tournament, Participant):
        assert list(model._meta.get_field("language").choices) == settings.LANGUAGES
    # A new language is one settings entry: the choices follow without a migration.
    with override_settings(LANGUAGES=[*settings.LANGUAGES, ("nl", "Nederlands")]):
        assert ("nl", "Nederlands") in list(Participant._meta.get_field("language").choices)
