"""A scoresheet prints when its seats were made: at the draw, or at the last seat swap."""

from __future__ import annotations

import io
from datetime import datetime

import pytest
from django.utils import timezone
from pypdf import PdfReader

from tests import factories
from tournaments import services
from tournaments.models import Seat, Table

pytestmark = pytest.mark.django_db


def _pages(api, tournament) -> list[str]:
    response = api.get(f"/api/tournaments/{tournament.pk}/scoresheets.pdf?stage=group&round=1")
    assert response.status_code == 200
    pages = PdfReader(io.BytesIO(response.content)).pages
    return [" ".join(page.extract_text().split()) for page in pages]


def _shown(when: datetime) -> str:
    local = timezone.localtime(when)
    return f"{local:%m/%d/%Y} at {local:%H:%M:%S}"


def test_a_scoresheet_shows_the_time_of_its_seating(referee_api):
    tournament = factories.drawn_tournament(10, language="en")
    drawn = Table.objects.get(tournament=tournament, number=1).seated_at
    first, second = _pages(referee_api, tournament)
    assert f"Seats as drawn on {_shown(drawn)}" in first

    a, b = Seat.objects.filter(table__tournament=tournament, table__number=2)[:2]
    services.seat_swap(tournament=tournament, a=a.participant_id, b=b.participant_id)
    swapped = Table.objects.get(tournament=tournament, number=2).seated_at
    assert swapped > drawn
    first, second = _pages(referee_api, tournament)
    assert f"Seats as drawn on {_shown(drawn)}" in first
    assert f"Seats as changed on {_shown(swapped)} (seat swap)" in second
