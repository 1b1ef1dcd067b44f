"""A posted id that is not a whole number is a 404, never a 500.

Found at the door: ``call=abc`` on the calls fragment and ``user=abc`` on the team
page reached the database as ``ValueError`` (a 500 and a stack trace in the log).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("tampered", ["abc", "1.5", "", "١"])
@pytest.mark.parametrize(
    ("page", "field", "extra"),
    [("staff:calls", "call", {"action": "take"}), ("staff:team", "user", {"action": "remove"})],
)
def test_a_tampered_id_is_not_found(client, organiser, page, field, extra, tampered):
    tournament = factories.make_tournament()
    client.force_login(organiser)
    response = client.post(reverse(page, args=[tournament.pk]), {field: tampered, **extra})
    assert response.status_code == 404


def test_a_real_id_still_reaches_its_action(client, organiser):
    tournament = factories.make_tournament()
    referee = factories.make_referee(tournament=tournament)
    client.force_login(organiser)
    response = client.post(
        reverse("staff:team", args=[tournament.pk]), {"user": str(referee.pk), "action": "remove"}
    )
    assert response.status_code == 302
    assert not tournament.staff.filter(user=referee).exists()
