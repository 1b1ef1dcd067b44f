"""Every public page stays in the tournament of its URL.

Pages are requested in English (``Accept-Language: en``, the ``client``
fixture) so that the assertions hold once the German translations exist.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "name",
    [
        "tournament",
        "leaderboard",
        "leaderboard_fragment",
        "projector",
        "projector_fragment",
        "seating",
        "knockout",
        "ranking",
    ],
)
def test_unknown_tournament_is_404(client, name):
    assert client.get(reverse(name, args=[987654])).status_code == 404


def test_participant_of_another_tournament_is_404(client):
    mine = factories.drawn_tournament(10)
    other = factories.drawn_tournament(10)
    stranger = other.participants.first()
    assert client.get(reverse("player", args=[mine.pk, stranger.pk])).status_code == 404
    assert client.get(reverse("player", args=[other.pk, stranger.pk])).status_code == 200
    assert client.get(reverse("player", args=[mine.pk, 987654])).status_code == 404
