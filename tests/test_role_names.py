"""The role names of each language's published edition of the game (rules.md §15) on
the result form and on the scoresheet."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_language
from tests.test_language_leftovers import pdf_text
from tests.tournaments.web.staff.test_pages import first_game

pytestmark = pytest.mark.django_db

#: Sheriff, Deputy, Outlaw, Renegade as each edition prints them.
EDITIONS = {
    "de": ("Sheriff", "Hilfssheriff", "Bandit", "Renegat"),
    "en": ("Sheriff", "Deputy", "Outlaw", "Renegade"),
    "it": ("Sceriffo", "Vice", "Fuorilegge", "Rinnegato"),
    "cs": ("Šerif", "Pomocník šerifa", "Bandita", "Odpadlík"),
    "fr": ("Shérif", "Adjoint", "Hors-la-loi", "Renégat"),
    "es": ("Sheriff", "Ayudante del Sheriff", "Forajido", "Renegado"),
    "pl": ("Szeryf", "Zastępca szeryfa", "Bandyta", "Renegat"),
}


@pytest.mark.parametrize("language", EDITIONS)
def test_the_result_form_and_the_scoresheet_name_the_roles_as_the_edition_does(language):
    tournament = factories.drawn_tournament(10, language=language)  # two tables of five
    referee = factories.make_referee()
    factories.appoint(referee, tournament, "referee")
    game = first_game(tournament)
    client = in_language(Client(), language)
    client.force_login(referee)
    form = client.get(reverse("staff:result", args=[tournament.pk, game.pk])).content.decode()
    sheet = client.get(f"/api/tournaments/{tournament.pk}/scoresheets.pdf?stage=group&round=1")
    assert sheet.status_code == 200
    text = pdf_text(b"".join(sheet) if sheet.streaming else sheet.content)
    sheriff, *others = EDITIONS[language]
    assert f'<strong class="fixed-role">{sheriff}</strong>' in form  # the round's Sheriff
    for role in others:
        assert f">{role}</option>" in form, role
    for role in EDITIONS[language]:
        assert role in text, role
