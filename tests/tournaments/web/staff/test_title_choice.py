"""The page that creates a tournament asks which title it awards (rules.md §1: none, the
German championship's, or another), instead of pre-filling the championship's; the API
keeps its documented default (api.md: ``title`` omitted is the championship's)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tournaments.models import Tournament
from tournaments.preferences import SETTINGS

pytestmark = pytest.mark.django_db

NEW = reverse("staff:tournament_new")


@pytest.fixture
def client() -> Client:
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(factories.make_organiser())
    return client


def _form(**extra: str) -> dict[str, object]:
    """The page's form as a browser sends it: every setting at its default."""
    data: dict[str, object] = {
        "action": "settings",
        "name": "Vereinspokal",
        "date": "2027-03-13",
        "ruleset": "bang",
        "language": "de",
        "setting_title": "",
    }
    for setting in SETTINGS:
        if setting.kind is int and setting.key != "title":
            data[f"setting_{setting.key}"] = "" if setting.default is None else setting.default
    return {**data, **extra}


def test_the_new_tournament_page_asks_and_prefills_no_title(client):
    html = client.get(NEW).content.decode()
    radios = re.findall(r'<input type="radio" name="title_choice"[^>]*>', html)
    assert [re.search(r'value="(\w+)"', r).group(1) for r in radios] == [
        "none",
        "championship",
        "other",
    ]
    assert not any("checked" in radio for radio in radios) and all("required" in r for r in radios)
    assert "German championship" in html and "“German BANG! champion”" in html
    title_field = re.search(r'<input type="text" name="setting_title"[^>]*>', html).group(0)
    assert "value=" not in title_field  # nothing pre-filled


@pytest.mark.parametrize(
    ("choice", "name", "stored", "shown"),
    [
        ("none", "", "", ""),
        ("none", "ignored", "", ""),
        ("championship", "", None, "German BANG! champion"),
        ("other", "Vereinsmeister", "Vereinsmeister", "Vereinsmeister"),
    ],
)
def test_each_choice_makes_its_title(client, choice, name, stored, shown):
    response = client.post(NEW, _form(title_choice=choice, setting_title=name))
    assert response.status_code == 302, response.content.decode()[:3000]
    tournament = Tournament.objects.get()
    assert tournament.settings.get("title", None) == stored
    assert ("title" in tournament.settings) == (stored is not None)
    assert tournament.config.title == shown
    # The settings page shows the choice made.
    html = client.get(reverse("staff:settings", args=[tournament.pk])).content.decode()
    assert re.search(rf'value="{choice}"[^>]*checked', html)


def test_no_choice_or_an_unnamed_other_title_creates_nothing(client):
    asked = client.post(NEW, _form())
    assert asked.status_code == 200
    assert "Choose which title the tournament awards." in asked.content.decode()
    unnamed = client.post(NEW, _form(title_choice="other", setting_title="  "))
    assert "Name the title, or choose none." in unnamed.content.decode()
    assert not Tournament.objects.exists()


def test_the_api_keeps_the_championships_title_as_its_default(organiser_api):
    created = organiser_api.post(
        "/api/tournaments/", {"name": "Cup", "date": "2027-03-13", "ruleset": "bang"}, format="json"
    )
    assert created.status_code == 201
    assert Tournament.objects.get().config.title == "German BANG! champion"
