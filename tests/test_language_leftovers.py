"""No German or English left on a page or a document in the five other languages
(rules.md §15; issue 30).

For each of it, cs, fr, es and pl the public pages, the staff pages, the result
form with a refused result, an error page, the scoresheets, player cards,
standings and ranking PDFs and the workbooks' headers are read as text. What the
organisers and players typed (names, the tournament's, the characters' as
printed on the cards) is taken out first; every word left must not be a word of
the English source or the German catalogue that the language's own catalogue
does not use too ("Sheriff" is English and Spanish alike, "Sceriffo" Italian).
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils.translation import trans_real
from openpyxl import load_workbook
from pypdf import PdfReader

from tests import factories
from tests.language import in_language
from tests.pseudo import _entries
from tests.tournaments.web.staff.test_pages import first_game, law_wins
from tournaments import demo, services
from tournaments.models import Character, Participant, Season, Tournament

pytestmark = pytest.mark.django_db

LANGUAGES = ["it", "cs", "fr", "es", "pl"]
WORD = re.compile(r"[^\W\d_]{3,}")
ENGLISH = Path(settings.BASE_DIR) / "locale" / "en" / "LC_MESSAGES" / "django.po"

#: Names that are the same in every language: the games, file formats, the software.
PROPER = {
    "bang", "showdown", "pdf", "excel", "xlsx", "csv", "json", "pin", "pins", "api", "html",
    "wlan", "wifi", "url", "high", "noon", "ddr", "utc", "cet", "cest", "django",
}  # fmt: skip


def _words(text: str) -> set[str]:
    return {word.casefold() for word in WORD.findall(text)}


def _catalogue_texts(language: str) -> Iterator[str]:
    for _key, value in trans_real.translation(language)._catalog.items():
        yield value


def foreign_words(language: str) -> set[str]:
    """Words of the English source and the German catalogue that ``language``'s own
    catalogue (ours and Django's) never uses."""
    english = [
        e[k]
        for e in _entries(ENGLISH.read_text("utf-8"))
        for k in ("msgid", "msgid_plural")
        if k in e
    ]
    german = list(_catalogue_texts("de"))
    own = set().union(*(_words(text) for text in _catalogue_texts(language)))
    foreign = set().union(*(_words(text) for text in [*english, *german]))
    return foreign - own - PROPER


class _Text(HTMLParser):
    """The text a reader sees: text nodes and the attributes read aloud or shown
    (title, placeholder, aria-label, alt, a button's value); not scripts, styles,
    nor an element in another language (the switch names each language in itself)."""

    SHOWN = ("title", "placeholder", "aria-label", "alt")
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "wbr"}

    def __init__(self, language: str) -> None:
        super().__init__(convert_charrefs=True)
        self.language = language
        self.parts: list[str] = []
        self.hidden: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        other = found.get("lang") not in (None, self.language) and tag != "html"
        if tag not in self.VOID:
            self.hidden.append(tag in ("script", "style", "template") or other)
        if any(self.hidden) or other:
            return
        self.parts += [found[name] or "" for name in self.SHOWN if name in found]
        if tag == "input" and found.get("type") in ("submit", "button"):
            self.parts.append(found.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.hidden:
            self.hidden.pop()

    def handle_data(self, data: str) -> None:
        if not any(self.hidden):
            self.parts.append(data)


def page_text(html: str, language: str) -> str:
    parser = _Text(language)
    parser.feed(html)
    return " ".join(parser.parts)


def pdf_text(data: bytes) -> str:
    """A PDF's text; a word hyphenated at a line's end (U+2010 or "-") joined again."""
    text = " ".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)
    return re.sub(r"[\u2010-]\n", "", text)


def workbook_text(data: bytes) -> str:
    book = load_workbook(io.BytesIO(data), read_only=True)
    return " ".join(
        str(cell)
        for sheet in book.worksheets
        for row in sheet.iter_rows(values_only=True)
        for cell in row
        if isinstance(cell, str)
    )


def typed_by_people() -> list[str]:
    """What organisers and players typed, the characters' printed names and the
    participants' PINs: longest first, so that a name is taken out whole before a
    part of it."""
    typed: set[str] = set()
    typed |= set(Participant.objects.values_list("name", flat=True))
    # PINs are drawn at random from letters and digits ("9WELL7" printed on a card).
    typed |= set(Participant.objects.values_list("pin", flat=True))
    typed |= set(Tournament.objects.values_list("name", flat=True))
    typed |= set(Season.objects.values_list("name", flat=True))
    typed |= set(Character.objects.values_list("name", flat=True))
    typed |= set(get_user_model().objects.values_list("username", flat=True))
    typed |= {name for _code, name in settings.LANGUAGES}  # each named in itself
    return sorted((t for t in typed if t), key=len, reverse=True)


#: Addresses (the projector's, a scoresheet's QR line) and codes with digits in them
#: (a seed, a fingerprint): not words of a language.
ADDRESS = re.compile(r"https?://\S+|\S*/[\w./?=&-]*/\S*|\S+/(?=\s|$)|\b(?=\w*\d)\w{6,}\b")


def leftovers(text: str, language: str, typed: Iterable[str], foreign: set[str]) -> set[str]:
    for name in typed:
        text = text.replace(name, " ")
    return _words(ADDRESS.sub(" ", text)) & foreign


@pytest.fixture
def day(db) -> dict:
    """A tournament of ten in its third round, a season, an organiser and a referee."""
    tournament = factories.drawn_tournament(10, name="Torneo 2027")
    referee = factories.make_referee(username="arbitro")
    demo.play_group_rounds(tournament, rounds=range(1, 3), rng=random.Random(3), referees=[referee])
    services.staff_appoint(
        tournament=tournament,
        user=referee,
        role="referee",
        actor=factories.make_organiser(username="boss"),
    )
    organiser = factories.make_organiser(username="orga")
    services.staff_appoint(tournament=tournament, user=organiser, role="organiser", actor=organiser)
    season = services.season_create(name="Lega 2027", best_of=3, min_events=1, qualifiers=8)
    return {"tournament": tournament, "referee": referee, "organiser": organiser, "season": season}


def _pages(day: dict) -> dict[str, str]:
    t = day["tournament"].pk
    participant = day["tournament"].participants.order_by("name").first()
    game = first_game(day["tournament"], round=3)
    return {
        "home": reverse("home"),
        "tournament": reverse("tournament", args=[t]),
        "leaderboard": reverse("leaderboard", args=[t]),
        "projector": reverse("projector", args=[t]),
        "seating": reverse("seating", args=[t]),
        "player": reverse("player", args=[t, participant.pk]),
        "knockout": reverse("knockout", args=[t]),
        "ranking": reverse("ranking", args=[t]),
        "rules": reverse("rules", args=[t]),
        "statistics": reverse("statistics", args=[t]),
        "seasons": reverse("seasons"),
        "season": reverse("season_ranking", args=[day["season"].pk]),
        "season-how": reverse("season_how", args=[day["season"].pk]),
        "login": reverse("login"),
        "staff-index": reverse("staff:index"),
        "staff-tournament": reverse("staff:tournament", args=[t]),
        "participants": reverse("staff:participants", args=[t]),
        "participant": reverse("staff:participant", args=[t, participant.pk]),
        "settings": reverse("staff:settings", args=[t]),
        "format": reverse("staff:format", args=[t]),
        "draw": reverse("staff:draw", args=[t]),
        "games": reverse("staff:games", args=[t]),
        "progress": reverse("staff:progress", args=[t]),
        "result-form": reverse("staff:result", args=[t, game.pk]),
        "knockout-staff": reverse("staff:knockout", args=[t]),
        "clock": reverse("staff:clock", args=[t]),
        "team": reverse("staff:team", args=[t]),
        "audit": reverse("staff:audit", args=[t]),
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_german_or_english_on_the_pages(day, language) -> None:
    foreign = foreign_words(language)
    typed = typed_by_people()
    client = in_language(Client(), language)
    client.force_login(day["organiser"])
    found = {}
    for name, url in _pages(day).items():
        response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        html = response.content.decode()
        assert f'lang="{language}"' in html[:300], name
        if words := leftovers(page_text(html, language), language, typed, foreign):
            found[name] = sorted(words)
    assert found == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_result_and_an_error_page_are_in_the_language(day, language) -> None:
    foreign = foreign_words(language)
    typed = typed_by_people()
    client = in_language(Client(), language)
    client.force_login(day["referee"])
    game = first_game(day["tournament"], round=3)
    data = law_wins(game)
    data["winner"] = "outlaws"  # the lives say the Sheriff's side won
    url = reverse("staff:result", args=[day["tournament"].pk, game.pk])
    refused = client.post(url, data)
    html = refused.content.decode()
    assert 'role="alert"' in html  # the refusal is on the page
    assert leftovers(page_text(html, language), language, typed, foreign) == set()
    missing = client.get("/t/999999/")
    assert missing.status_code == 404
    assert (
        leftovers(page_text(missing.content.decode(), language), language, typed, foreign) == set()
    )
    api = Client(headers={"accept-language": language}).get("/api/tournaments/999999/")
    assert api.status_code == 404
    assert leftovers(api.json()["errors"][0]["message"], language, typed, foreign) == set()


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_german_or_english_in_the_documents(day, language) -> None:
    tournament = day["tournament"]
    services.tournament_update(tournament=tournament, language=language)
    foreign = foreign_words(language)
    typed = typed_by_people()
    client = Client()
    client.force_login(day["organiser"])
    base = f"/api/tournaments/{tournament.pk}"
    documents = {
        "scoresheets": (f"{base}/scoresheets.pdf?stage=group&round=3", pdf_text),
        "player-cards": (f"{base}/player-cards.pdf", pdf_text),
        "seating": (f"{base}/seating.pdf?round=3", pdf_text),
        "standings": (f"{base}/standings.pdf", pdf_text),
        "standings-workbook": (f"{base}/standings.xlsx", workbook_text),
        "results-workbook": (f"{base}/results.xlsx", workbook_text),
        "statistics-workbook": (f"{base}/statistics.xlsx", workbook_text),
    }
    found = {}
    for name, (url, read) in documents.items():
        response = client.get(url)
        assert response.status_code == 200, (name, response.content[:300])
        text = read(b"".join(response) if response.streaming else response.content)
        assert len(text) > 40, name
        if words := leftovers(text, language, typed, foreign):
            found[name] = sorted(words)
    assert found == {}
