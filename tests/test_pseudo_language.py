"""The pseudo-language the 360 px walk reads (tests/pseudo.py): longer, accented, and
every placeholder still there, so a page renders in it as in a real language."""

from __future__ import annotations

import shutil

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from tests import factories
from tests.language import in_language
from tests.pseudo import CODE, pseudo, pseudo_settings

needs_msgfmt = pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext not installed")


def test_a_pseudo_message_is_longer_accented_and_keeps_its_placeholders():
    source = "Table %(table)s: <strong>{name}</strong> saved %d results"
    made = pseudo(source)
    assert len(made) >= len(source) + 0.3 * len("Table : saved  results")
    for kept in ("%(table)s", "<strong>", "{name}", "</strong>", "%d"):
        assert kept in made
    assert "á" in made and "Table" not in made


@needs_msgfmt
@pytest.mark.django_db
def test_the_pages_speak_the_pseudo_language_to_a_visitor_who_chose_it(tmp_path):
    tournament = factories.make_tournament()
    with override_settings(**pseudo_settings(tmp_path)):
        with translation.override(CODE):
            expected = pseudo("Leaderboard")
        html = in_language(Client(), CODE).get(reverse("leaderboard", args=[tournament.pk]))
        text = html.content.decode()
        assert f'<html lang="{CODE}">' in text
        assert expected in text
