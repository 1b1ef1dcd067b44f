"""The result form names the seating it was rendered against (api.md "The day's edges").

A seat swap after the form was opened: saving is refused as a conflict that shows
both seatings by name, the entry kept, nothing stored. The organiser who swapped is
told which table's scoresheets to reprint.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests import factories
from tests.tournaments.web.staff.test_pages import client_for, first_game, law_wins
from tournaments import services
from tournaments.models import Result, Seat

pytestmark = pytest.mark.django_db


def _swap(tournament, table: int, positions: tuple[int, int]) -> tuple[Seat, Seat]:
    a, b = (
        Seat.objects.select_related("participant").get(
            table__tournament=tournament, table__number=table, position=p
        )
        for p in positions
    )
    services.seat_swap(tournament=tournament, a=a.participant_id, b=b.participant_id)
    return a, b


def test_the_form_carries_the_seating_it_was_rendered_against() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    client = client_for(factories.make_referee())
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    assert 'name="seating" value="0"' in client.get(url).content.decode()
    _swap(tournament, 1, (2, 3))
    assert 'name="seating" value="1"' in client.get(url).content.decode()


def test_a_save_after_a_swap_shows_both_seatings_and_stores_nothing() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    client = client_for(factories.make_referee())
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    data = {**law_wins(game), "seating": 0, "seat-4-character": "Suzy Lafayette"}
    anna, bert = _swap(tournament, 1, (2, 3))  # while the referee fills in the form

    response = client.post(url, data)

    assert response.status_code == 200
    html = response.content.decode()
    assert not Result.objects.filter(game=game).exists()
    section = re.search(r'<section class="seating-conflict".*?</section>', html, re.S)
    assert section, "no seating conflict shown"
    rows = re.findall(
        r'<tr( class="changed")?><th scope="row">(\d)</th><td class="then">(.*?)</td>'
        r'<td class="now">(.*?)</td>',
        section.group(0),
    )
    changed = [(pos, then, now) for mark, pos, then, now in rows if mark]
    a, b = anna.participant.name, bert.participant.name
    assert changed == [("2", a, b), ("3", b, a)]
    assert len(rows) == 5
    # The referee's entry is kept as typed; the form now names the seating as it is.
    assert 'value="Suzy Lafayette"' in html or "Suzy Lafayette</option>" in html
    assert 'name="seating" value="1"' in html
    assert "The seats at table 1 were changed: nothing was saved" in html
    # ... and in the save bar, where Save was tapped.
    assert "Seats changed at table 1: nothing was saved." in html

    again = client.post(url, {**data, "seating": 1})
    assert again.status_code == 302
    assert Result.objects.filter(game=game).count() == 1


def test_an_outbox_entry_without_seating_is_saved_as_before() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    _swap(tournament, 1, (2, 3))
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    response = client_for(factories.make_referee()).post(url, law_wins(game))
    assert response.status_code == 302
    assert Result.objects.filter(game=game).count() == 1


def test_the_live_check_says_the_seats_changed() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    _swap(tournament, 1, (2, 3))
    url = reverse("staff:result_check", args=[tournament.pk, game.pk])
    response = client_for(factories.make_referee()).post(url, {"version": 0, "seating": 0})
    assert "The seats at this table were changed after this form was opened" in (
        response.content.decode()
    )


def test_a_swap_asks_the_organiser_to_reprint_the_tables_scoresheets() -> None:
    tournament = factories.drawn_tournament(10)
    client = client_for(factories.make_organiser())
    url = reverse("staff:draw", args=[tournament.pk])
    seats = Seat.objects.filter(table__tournament=tournament).order_by("table__number", "position")
    one, other = seats.filter(table__number=1)[:2]
    response = client.post(
        url, {"swap": "1", "a": one.participant_id, "b": other.participant_id}, follow=True
    )
    assert "Reprint the scoresheets of table 1: the printed ones show the old seats." in (
        response.content.decode()
    )
    far = seats.filter(table__number=2).first()
    response = client.post(
        url, {"swap": "1", "a": one.participant_id, "b": far.participant_id}, follow=True
    )
    assert "Reprint the scoresheets of tables 1 and 2" in response.content.decode()
