"""Check-in at the door (issue 32): a refused check-in answers the page, a latecomer
withdrawn as absent is reinstated and checked in with one tap, a tap changes its row
in place (htmx), and "withdraw everyone not checked in" asks first, naming how many."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tournaments import services
from tournaments.models import AuditEntry, Participant

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(user)
    return client


def door(checked_in: int = 2, absent: int = 2):
    """A tournament before the draw: some checked in, the others withdrawn as absent."""
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, checked_in + absent)
    for person in people[:checked_in]:
        services.participant_check_in(participant=person)
    return tournament, people


def test_checking_in_someone_withdrawn_answers_the_page_with_the_reason(organiser):
    """Issue 32: the old row's "Check in" answered 500 (``not_active`` past the view)."""
    tournament, people = door()
    services.participants_withdraw_absent(tournament=tournament)
    late = people[-1]
    url = reverse("staff:participants", args=[tournament.pk])
    client = client_for(organiser)
    response = client.post(url, {"action": "checkin", "participant": late.pk, "checked_in": "1"})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert f"{late.name} is withdrawn and cannot check in." in page
    late.refresh_from_db()
    assert (late.status, late.checked_in) == ("withdrawn", False)


def test_the_latecomers_row_offers_reinstate_and_check_in_in_one_tap(organiser):
    tournament, people = door()
    services.participants_withdraw_absent(tournament=tournament)
    late = people[-1]
    pin = late.pin
    url = reverse("staff:participants", args=[tournament.pk])
    client = client_for(organiser)
    row = client.get(url).content.decode().split(f'id="p{late.pk}"')[1].split("</tr>")[0]
    assert "Reinstate + check in" in row and 'name="reinstate" value="1"' in row
    response = client.post(
        url, {"action": "checkin", "participant": late.pk, "checked_in": "1", "reinstate": "1"}
    )
    assert response["Location"].endswith(f"#p{late.pk}")  # back to the row, not the top
    late.refresh_from_db()
    assert (late.status, late.checked_in, late.pin) == ("active", True, pin)
    entry = AuditEntry.objects.get(action="participant_reinstated")
    assert entry.after == {"status": "active", "checked_in": True}
    said = client.get(response["Location"]).content.decode()
    assert f"{late.name} is back in the tournament and checked in." in said


def test_after_the_draw_a_withdrawn_row_offers_nothing(organiser):
    tournament = factories.drawn_tournament(10)
    person = tournament.participants.first()
    services.participant_withdraw(participant=person)
    page = client_for(organiser).get(reverse("staff:participants", args=[tournament.pk]))
    row = page.content.decode().split(f'id="p{person.pk}"')[1].split("</tr>")[0]
    assert "<button" not in row.split("check-in")[0] and "Reinstate" not in row


def test_a_tap_with_htmx_answers_the_button_and_what_changed(organiser):
    tournament, people = door(checked_in=1, absent=2)
    url = reverse("staff:participants", args=[tournament.pk])
    client = client_for(organiser)
    response = client.post(
        url,
        {"action": "checkin", "participant": people[1].pk, "checked_in": "1"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<form method="post"') and f'id="check-in-{people[1].pk}"' in html
    assert 'aria-pressed="true"' in html
    assert f"{people[1].name} is checked in." in html
    assert 'id="check-in-status" hx-swap-oob="afterbegin"' in html
    assert "2 checked in." in html and 'id="participant-counts"' in html
    assert 'id="withdraw-absent"' in html and "Withdraw the 1 participant not checked in" in html
    people[1].refresh_from_db()
    assert people[1].checked_in


def test_a_refused_tap_with_htmx_says_why_in_the_status_line(organiser):
    tournament, people = door()
    services.participants_withdraw_absent(tournament=tournament)
    response = client_for(organiser).post(
        reverse("staff:participants", args=[tournament.pk]),
        {"action": "checkin", "participant": people[-1].pk, "checked_in": "1"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="said said-refused"' in html and "cannot check in" in html
    assert "Reinstate + check in" in html  # the row now offers what works


def test_withdraw_everyone_not_checked_in_asks_first_and_names_them(organiser):
    tournament, people = door(checked_in=2, absent=3)
    url = reverse("staff:participants", args=[tournament.pk])
    client = client_for(organiser)
    asked = client.post(url, {"action": "withdraw_absent"})
    html = asked.content.decode()
    assert asked.status_code == 200 and 'data-testid="withdraw-confirm"' in html
    assert "Withdraw the 3 participants who have not checked in?" in html
    assert all(p.name in html for p in people[2:])
    assert "Withdraw 3 participants" in html
    assert tournament.participants.filter(status="withdrawn").count() == 0  # only asked

    # Someone arrives while the question is open: nobody is withdrawn, it asks again.
    services.participant_check_in(participant=people[2])
    stale = [p.pk for p in people[2:]]
    again = client.post(url, {"action": "withdraw_absent", "confirm": "1", "absent": stale})
    assert "Withdraw the 2 participants who have not checked in?" in again.content.decode()
    assert "meanwhile" in again.content.decode()
    assert tournament.participants.filter(status="withdrawn").count() == 0

    current = [p.pk for p in people[3:]]
    done = client.post(
        url, {"action": "withdraw_absent", "confirm": "1", "absent": current}, follow=True
    )
    assert "2 participants who had not checked in have been withdrawn." in done.content.decode()
    assert set(tournament.participants.filter(status="withdrawn").values_list("pk", flat=True)) == (
        set(current)
    )


def test_the_withdraw_all_button_sits_after_the_list_and_says_it_asks(organiser):
    tournament, _people = door()
    html = client_for(organiser).get(reverse("staff:participants", args=[tournament.pk]))
    text = html.content.decode()
    assert text.index('id="participant-rows"') < text.index('data-testid="withdraw-absent"')
    assert "data-confirm" not in text.split('id="withdraw-absent"')[1]
    assert "You will be asked first, with the names." in text


def test_an_organiser_reinstates_on_the_participant_page(organiser, referee):
    tournament = factories.make_tournament()
    person = factories.add_participants(tournament, 3)[0]
    services.participant_withdraw(participant=person, reason="krank")
    url = reverse("staff:participant", args=[tournament.pk, person.pk])
    assert client_for(referee).post(url, {"action": "reinstate"}).status_code == 403
    client = client_for(organiser)
    page = client.get(url).content.decode()
    assert "Reinstate and check in" in page and ">Reinstate</button>" in page
    done = client.post(url, {"action": "reinstate"}, follow=True)
    assert f"{person.name} is back in the tournament." in done.content.decode()
    person.refresh_from_db()
    assert (person.status, person.checked_in) == ("active", False)
    log = client.get(reverse("staff:audit", args=[tournament.pk])).content.decode()
    assert "Participant reinstated" in log and ">participant_reinstated<" not in log


def test_a_reinstatement_refused_after_the_draw_answers_the_page(organiser):
    tournament = factories.drawn_tournament(10)
    person = tournament.participants.first()
    services.participant_withdraw(participant=person)
    url = reverse("staff:participant", args=[tournament.pk, person.pk])
    response = client_for(organiser).post(url, {"action": "reinstate", "checked_in": "1"})
    assert response.status_code == 200
    assert "A withdrawal can only be undone before the group-stage draw." in (
        response.content.decode()
    )
    person.refresh_from_db()
    assert person.status == Participant.Status.WITHDRAWN


def test_the_list_at_the_door_reads_in_few_queries(organiser, django_assert_max_num_queries):
    tournament, _people = door(checked_in=30, absent=30)
    client = client_for(organiser)
    url = reverse("staff:participants", args=[tournament.pk])
    client.get(url)  # sessions, caches
    with django_assert_max_num_queries(14):
        client.get(url)
