"""The admin's "Erase" action on players calls the erasure service (rules.md §13)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import factories
from tournaments import services
from tournaments.models import AuditEntry, Participant, Player, Season, TournamentArchive

pytestmark = pytest.mark.django_db


def test_the_erase_action_erases_through_the_service():
    root = factories.make_user(username="root", is_staff=True, is_superuser=True)
    client = Client(headers={"accept-language": "en"})
    client.force_login(root)
    tournament = factories.make_tournament()
    player = services.player_create(name="Erika Mustermann", nationality="DE")
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(name="Erika Mustermann", nationality="DE", player=player.pk)
        ],
    )
    response = client.post(
        "/admin/tournaments/player/",
        {"action": "erase", "_selected_action": [player.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert "Erased: now “Gelöschter Spieler 1”." in response.content.decode()
    participant = Participant.objects.get(player=player)
    assert participant.name == "Gelöschter Spieler 1"  # the tournament's language: German
    assert participant.pin == "" and participant.birth_date is None
    entry = AuditEntry.objects.get(tournament=tournament, action="player_erased")
    assert entry.actor == root
    assert Player.objects.get().erased_number == 1
    for url in (
        "/admin/tournaments/player/",
        "/admin/tournaments/season/",
        "/admin/tournaments/tournamentarchive/",
    ):
        assert client.get(url).status_code == 200
    assert not Season.objects.exists() and not TournamentArchive.objects.exists()
