"""The staff menu's team tab has a name of its own, not the words of the link to the staff
pages ("Schiedsrichter & Orga" twice in one menu)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_language

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "team"), [("de", "Team"), ("en", "Team")])
def test_the_team_tab_has_its_own_name(language, team):
    tournament = factories.drawn_tournament(10)
    client = in_language(Client(), language)
    client.force_login(factories.make_organiser(tournament=tournament))
    html = client.get(reverse("staff:tournament", args=[tournament.pk])).content.decode()
    tab = re.search(r'<a href="[^"]*/staff/team/"[^>]*>([^<]+)</a>', html)
    assert tab is not None and tab.group(1) == team
    staff_link = re.search(r'class="staff-link"[^>]*>([^<]+)</a>', html).group(1)
    assert staff_link != tab.group(1)
