"""A backup of a tournament made from an event package keeps the package, its players
and the participants' federation players; a copy leaves the package to the original."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import PackagePlayer, Tournament

from .helpers import laptop_tournament

pytestmark = pytest.mark.django_db


def test_a_backup_keeps_the_package_and_a_copy_leaves_it_to_the_original(organiser):
    tournament = laptop_tournament(organiser, ["Anna Rossi", "Bruno Bianchi"])
    anna = PackagePlayer.objects.get(tournament=tournament, name="Anna Rossi")
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(
                name="Anna Rossi", nationality="IT", federation_player=anna.federation_id
            )
        ],
    )
    backup = services.export_tournament(tournament)
    package = tournament.package
    tournament.delete()
    restored = services.import_tournament(backup)
    assert restored.package == package
    assert restored.participants.get().federation_player == anna.federation_id
    assert sorted(restored.package_players.values_list("name", flat=True)) == [
        "Anna Rossi",
        "Bruno Bianchi",
    ]
    copy = services.import_tournament(backup, copy=True)
    assert copy.package is None and copy.package_players.count() == 2
    assert Tournament.objects.get(package=package) == restored
