"""An erasure on the season's server reaches the event packages it made (rules.md §13,
§16): a package downloaded afterwards no longer names the person."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tournaments import services
from tournaments.models import EventPackage, PackagePlayer, Player

from .helpers import laptop_tournament

pytestmark = pytest.mark.django_db


def test_an_erased_player_leaves_the_packages_made_here(organiser):
    tournament = laptop_tournament(organiser, ["Anna Rossi", "Bruno Bianchi"])
    package = EventPackage.objects.get()
    anna = Player.objects.get(name="Anna Rossi")
    admin = factories.make_user(is_superuser=True, is_staff=True)
    services.player_erase(player=anna, confirm="Anna Rossi", actor=admin)
    anna.refresh_from_db()
    package.refresh_from_db()
    assert [p["name"] for p in package.content["players"]] == [anna.name, "Bruno Bianchi"]
    assert PackagePlayer.objects.get(tournament=tournament, federation_id=anna.pk).name == (
        anna.name
    )
    client = in_english(Client())
    client.force_login(organiser)
    file = client.get(reverse("staff:season_package_file", args=[package.season_id, package.uuid]))
    assert "Anna Rossi" not in file.content.decode()
    assert "Anna Rossi" not in json.dumps(list(EventPackage.objects.values("content")))
