"""Player cards: name, PIN, table and position, for staff only."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from tests import factories

pytestmark = pytest.mark.django_db


def test_player_cards_carry_name_pin_and_seat_and_only_staff_get_them(api, referee):
    tournament = factories.drawn_tournament(11, language="en")
    url = f"/api/tournaments/{tournament.pk}/player-cards.pdf"
    assert api.get(url).status_code == 401
    api.force_authenticate(referee)
    response = api.get(url)
    assert response.status_code == 200
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    for participant in tournament.participants.all():
        assert participant.name in text
        assert participant.pin in text
    assert "Table 2" in text
