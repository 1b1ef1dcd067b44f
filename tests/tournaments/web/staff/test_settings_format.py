"""The settings page and the format (rules.md §14): the German keys of §4 are offered
only where they name cells (tables of 5 and 6), a save keeps the format's settings,
and a new tournament is created with the format chosen."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.rulesets import Role, Side
from tests import factories
from tests.language import in_english
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(factories.make_organiser())
    return client


def shown_form(client: Client, url: str) -> dict[str, str]:
    """The settings form as the browser sends it unchanged."""
    html = client.get(url).content.decode()
    form = html[
        html.index('value="settings"') : html.index("</form>", html.index('value="settings"'))
    ]
    data = {"action": "settings"}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        if not name or name.group(1) in ("action", "csrfmiddlewaretoken"):
            continue
        if 'type="checkbox"' in tag or 'type="radio"' in tag:
            if "checked" in tag:
                data[name.group(1)] = re.search(r'value="([^"]*)"', tag).group(1)
            continue
        value = re.search(r'value="([^"]*)"', tag)
        data[name.group(1)] = value.group(1) if value else ""
    for attrs, options in re.findall(r"<select([^>]*)>(.*?)</select>", form, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', options)
        data[re.search(r'name="([^"]+)"', attrs).group(1)] = chosen.group(1) if chosen else ""
    return data


def test_the_german_keys_are_offered_only_where_they_name_cells(client):
    german = factories.make_tournament()
    czech = factories.make_tournament(format="czech_club")
    german_html = client.get(reverse("staff:settings", args=[german.pk])).content.decode()
    czech_html = client.get(reverse("staff:settings", args=[czech.pk])).content.decode()
    assert 'name="setting_bounty_sheriff_5"' in german_html
    assert 'name="setting_five_table_bonus"' in german_html
    assert "setting_bounty" not in czech_html and "five_table_bonus" not in czech_html
    assert 'name="setting_max_participants"' in czech_html


def test_saving_the_settings_keeps_the_format_settings(client):
    czech = factories.make_tournament(
        format="czech_club", settings={"points": {"5": {"renegade": {"renegade": 80}}}}
    )
    url = reverse("staff:settings", args=[czech.pk])
    response = client.post(url, {**shown_form(client, url), "setting_max_participants": "40"})
    assert response.status_code == 302
    czech.refresh_from_db()
    assert czech.settings == {
        "points": {"5": {"renegade": {"renegade": 80}}},
        "max_participants": 40,
    }


def test_a_german_key_shows_and_saves_the_cell_the_format_page_set(client):
    german = factories.make_tournament(settings={"points": {"5": {"law": {"sheriff": 2700}}}})
    url = reverse("staff:settings", args=[german.pk])
    data = shown_form(client, url)
    assert data["setting_bounty_sheriff_5"] == "2700"
    client.post(url, data)
    german.refresh_from_db()
    assert german.config.format.points[5][Side.LAW][Role.SHERIFF] == 2700
    client.post(url, {**shown_form(client, url), "setting_bounty_sheriff_5": "2500"})
    german.refresh_from_db()
    assert german.config.format.points[5][Side.LAW][Role.SHERIFF] == 2500
    assert german.config.values["bounty_sheriff_5"] == 2500


def test_a_new_tournament_is_created_with_the_format_chosen(client):
    url = reverse("staff:tournament_new")
    html = client.get(url).content.decode()
    select = re.search(r'<select name="format".*?</select>', html, re.S).group(0)
    assert re.search(r'<option value="german_championship" selected>', select)
    assert "Czech club format" in select
    data = {
        **shown_form(client, url),
        "name": "Klubový turnaj",
        "date": "2027-04-10",
        "ruleset": "bang",
        "language": "de",
        "title_choice": "none",
        "format": "czech_club",
    }
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament = Tournament.objects.get(name="Klubový turnaj")
    assert tournament.format == "czech_club"
    # The German keys of the page, at their defaults, are not the Czech format's settings.
    assert not any(key.startswith("bounty_") for key in tournament.settings)
    assert tournament.config.format.table_sizes == (5, 4)
