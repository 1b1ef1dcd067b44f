"""The hall on the staff and public pages (rules.md §12; issue 23 item 14)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.results import SeatReport
from tests import factories
from tests.tournaments.services.test_leaving import _final
from tests.tournaments.web.staff.test_pages import client_for
from tournaments import services
from tournaments.documents.cards import player_cards
from tournaments.models import AuditEntry, Knockout, Participant, RefereeCall, RoundClock, Seat

pytestmark = pytest.mark.django_db


def test_the_player_cards_check_in_qr_opens_one_tap_check_in():
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 5)
    cards = player_cards(tournament, absolute_uri=lambda path: f"http://hall.local{path}")
    card = next(c for c in cards if c.name == people[0].name)
    page = reverse("staff:participant", args=[tournament.pk, people[0].pk])
    assert card.check_in_url == f"http://hall.local{page}#check-in"
    assert card.check_in_qr_data_uri.startswith("data:image/svg+xml")
    assert card.check_in_qr_data_uri != card.qr_data_uri
    referee = client_for(factories.make_referee(tournament=tournament))
    body = referee.get(page).content.decode()
    assert 'id="check-in"' in body and f"Check in {people[0].name}" in body
    response = referee.post(page, {"action": "checkin", "checked_in": "1"})
    assert response.status_code == 302
    people[0].refresh_from_db()
    assert people[0].checked_in
    assert "Checked in: present." in referee.get(page).content.decode()
    assert AuditEntry.objects.filter(action="participant_checked_in").count() == 1


def test_withdraw_everyone_not_checked_in_from_the_participant_list():
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 13)
    organiser = client_for(factories.make_organiser(tournament=tournament))
    url = reverse("staff:participants", args=[tournament.pk])
    assert 'value="withdraw_absent"' not in organiser.get(url).content.decode()  # nobody in
    for person in people[:10]:
        services.participant_check_in(participant=person)
    page = organiser.get(url).content.decode()
    assert "Withdraw everyone not checked in (3)" in page
    organiser.post(url, {"action": "withdraw_absent"})  # asks first (issue 32)
    assert not tournament.participants.filter(status=Participant.Status.WITHDRAWN).exists()
    absent = [p.pk for p in people[10:]]
    organiser.post(url, {"action": "withdraw_absent", "confirm": "1", "absent": absent})
    assert set(
        tournament.participants.filter(status=Participant.Status.WITHDRAWN).values_list(
            "pk", flat=True
        )
    ) == {p.pk for p in people[10:]}
    services.group_stage_draw(tournament=tournament, seed="hall")
    assert Seat.objects.filter(table__tournament=tournament).count() == 10
    assert 'value="withdraw_absent"' not in organiser.get(url).content.decode()  # drawn


def test_a_seat_swap_on_the_draw_page_is_shown_on_the_seating_page(client):
    tournament = factories.drawn_tournament(10)
    organiser = client_for(factories.make_organiser(tournament=tournament))
    seats = list(Seat.objects.filter(table__tournament=tournament).select_related("participant"))
    a, b = seats[0], seats[7]
    draw_url = reverse("staff:draw", args=[tournament.pk])
    assert "Seats as played" in organiser.get(draw_url).content.decode()
    organiser.post(draw_url, {"swap": "1", "a": a.participant_id, "b": b.participant_id})
    # seats are recreated by the swap: a now sits where b sat
    moved = Seat.objects.get(table__tournament=tournament, participant=a.participant)
    assert (moved.table_id, moved.position) == (b.table_id, b.position)
    seating = client.get(reverse("seating", args=[tournament.pk])).content.decode()
    assert "Korrekturen nach der Auslosung" in seating  # the public page speaks German
    assert f"{a.participant.name} und {b.participant.name} haben die Plätze getauscht" in seating


def test_the_finals_form_does_not_open_after_the_champion(organiser, referee):
    tournament = factories.drawn_tournament(6)
    game, (a, b) = _final(tournament, organiser, referee)
    duel = [SeatReport(position=a.position, role=None), SeatReport(position=b.position, role=None)]
    services.result_record(game=game, seats=duel, winner=b.position, actor=referee)
    services.knockout_next_round(tournament=tournament, seed="final", actor=organiser)
    assert Knockout.objects.get(tournament=tournament).champion_id == b.participant_id
    page = client_for(referee).get(reverse("staff:result", args=[tournament.pk, game.pk]))
    body = page.content.decode()
    assert "The champion has been named" in body and "results are final" in body
    assert 'name="winner"' not in body


def test_calls_fragment_take_and_close():
    tournament = factories.drawn_tournament(10)
    referee = factories.make_referee(tournament=tournament)
    game = tournament.games.first()
    seat = game.table.seats.select_related("participant").get(position=4)
    call = services.call_create(game=game, position=4, pin=seat.participant.pin, note="Regel?")
    client = client_for(referee)
    url = reverse("staff:calls", args=[tournament.pk])
    fragment = client.get(url).content.decode()
    assert (
        "Table 1, seat 4" in fragment and "Regel?" in fragment and seat.participant.name in fragment
    )
    client.post(url, {"call": call.pk, "action": "take"}, HTTP_HX_REQUEST="true")
    call.refresh_from_db()
    assert (call.status, call.taken_by) == ("taken", referee)
    back = client.post(url, {"call": call.pk, "action": "close", "next": "/evil.example/"})
    assert back.status_code == 302
    assert RefereeCall.objects.get().status == "closed"
    assert "Table 1, seat 4" not in client.get(url).content.decode()


def test_the_clock_page_starts_and_pauses():
    tournament = factories.drawn_tournament(10)
    organiser = client_for(factories.make_organiser(tournament=tournament))
    url = reverse("staff:clock", args=[tournament.pk])
    organiser.post(url, {"action": "start", "minutes": "30", "label": "Runde 2"})
    clock = RoundClock.objects.get(tournament=tournament)
    assert (clock.state, clock.label) == ("running", "Runde 2")
    organiser.post(url, {"action": "pause"})
    clock.refresh_from_db()
    assert clock.state == "paused"
    response = organiser.post(url, {"action": "pause"}, follow=True)
    assert "Only a running clock can be paused." in response.content.decode()
    response = organiser.post(url, {"action": "start", "minutes": "0"}, follow=True)
    assert "The minutes must be a whole number from 1 to 600." in response.content.decode()
