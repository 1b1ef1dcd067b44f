"""Small leftovers of issue 20: a favicon, unique ids, the dead group gone."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.contrib.auth.models import Group
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db


def test_favicon_ico_is_served_and_every_page_links_an_icon():
    client = Client()
    answer = client.get("/favicon.ico")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "image/x-icon"
    assert answer.content[:4] == b"\x00\x00\x01\x00"  # an ICO file
    assert finders.find("img/favicon.svg")
    html = client.get(reverse("home")).content.decode()
    assert re.search(r'<link rel="icon" href="[^"]*favicon\.svg" type="image/svg\+xml">', html)


def _duplicate_ids(html: str) -> list[str]:
    counts = Counter(re.findall(r'\sid="([^"]+)"', html))
    return [name for name, n in counts.items() if n > 1]


def test_the_participant_page_has_unique_ids(organiser):
    tournament = factories.drawn_tournament(10)
    participant = tournament.participants.first()
    client = Client()
    client.force_login(organiser)
    html = client.get(
        reverse("staff:participant", args=[tournament.pk, participant.pk])
    ).content.decode()
    assert 'id="penalty_reason"' in html and 'id="withdraw_reason"' in html
    assert _duplicate_ids(html) == []


def test_the_participant_list_has_unique_ids(organiser):
    tournament = factories.make_tournament()
    factories.add_participants(tournament, 5)
    client = Client()
    client.force_login(organiser)
    html = client.get(reverse("staff:participants", args=[tournament.pk])).content.decode()
    assert _duplicate_ids(html) == []


def test_the_site_group_referees_is_gone_organisers_stays():
    assert not Group.objects.filter(name="referees").exists()
    assert Group.objects.filter(name="organisers").exists()
