"""Participant management for the staff: edit, delete before the draw, duplicate names,
search and check-in; every change through a service with an audit entry."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tournaments import services
from tournaments.errors import Conflict
from tournaments.models import AuditEntry, Participant

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(user)
    return client


def edit_data(**overrides) -> dict[str, str]:
    return {"action": "edit", "name": "Anna Schneider", "nationality": "AT", **overrides}


def test_an_organiser_corrects_a_misspelt_name_with_an_audit_entry(organiser):
    tournament = factories.make_tournament()
    anna = factories.add_participants(tournament, 1)[0]
    url = reverse("staff:participant", args=[tournament.pk, anna.pk])
    response = client_for(organiser).post(url, edit_data(), follow=True)
    assert "The participant has been saved." in response.content.decode()
    anna.refresh_from_db()
    assert (anna.name, str(anna.nationality)) == ("Anna Schneider", "AT")
    entry = AuditEntry.objects.get(action="participant_updated")
    assert entry.after["name"] == "Anna Schneider" and entry.before["name"] != "Anna Schneider"


def test_a_second_participant_of_the_same_name_is_accepted_after_a_warning(organiser):
    """Issue 23: the warning comes before the duplicate exists; confirmed, it is added."""
    tournament = factories.make_tournament()
    factories.add_participants(tournament, 1)
    first = tournament.participants.get()
    url = reverse("staff:participants", args=[tournament.pk])
    client = client_for(organiser)
    data = {"name": f"  {first.name.upper()} ", "nationality": "DE"}
    response = client.post(url, data, follow=True)
    assert "is already called" in response.content.decode()
    assert tournament.participants.count() == 1
    client.post(url, {**data, "confirm_duplicate": "1"}, follow=True)
    assert tournament.participants.count() == 2


def test_delete_before_the_draw_only(organiser):
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 11)
    client = client_for(organiser)
    url = reverse("staff:participant", args=[tournament.pk, people[0].pk])
    client.post(url, {"action": "delete"})
    assert not Participant.objects.filter(pk=people[0].pk).exists()
    assert AuditEntry.objects.get(action="participant_deleted").before["name"] == people[0].name

    services.group_stage_draw(tournament=tournament, seed="x")
    with pytest.raises(Conflict):
        services.participant_delete(participant=people[1])
    page = client.get(reverse("staff:participant", args=[tournament.pk, people[1].pk]))
    assert "Delete participant" not in page.content.decode()
    client.post(
        reverse("staff:participant", args=[tournament.pk, people[1].pk]), {"action": "delete"}
    )
    assert Participant.objects.filter(pk=people[1].pk).exists()


def test_a_referee_may_neither_edit_nor_delete(referee):
    tournament = factories.make_tournament()
    anna = factories.add_participants(tournament, 1)[0]
    url = reverse("staff:participant", args=[tournament.pk, anna.pk])
    client = client_for(referee)
    assert client.post(url, edit_data()).status_code == 403
    assert client.post(url, {"action": "delete"}).status_code == 403
    assert Participant.objects.filter(pk=anna.pk, name=anna.name).exists()


def test_search_and_check_in(organiser):
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 6)
    client = client_for(organiser)
    url = reverse("staff:participants", args=[tournament.pk])
    html = client.get(url, {"q": people[2].name}).content.decode()
    assert html.count('data-participant="') == 1 and people[2].name in html
    assert "Nobody is called" in client.get(url, {"q": "zzz"}).content.decode()

    client.post(url, {"action": "checkin", "participant": people[2].pk, "checked_in": "1"})
    people[2].refresh_from_db()
    assert people[2].checked_in
    assert AuditEntry.objects.filter(action="participant_checked_in").count() == 1
    assert "1 checked in." in client.get(url).content.decode()
    client.post(url, {"action": "checkin", "participant": people[2].pk, "checked_in": "0"})
    people[2].refresh_from_db()
    assert not people[2].checked_in


def test_a_referee_cannot_check_in(referee):
    tournament = factories.make_tournament()
    person = factories.add_participants(tournament, 1)[0]
    url = reverse("staff:participants", args=[tournament.pk])
    response = client_for(referee).post(
        url, {"action": "checkin", "participant": person.pk, "checked_in": "1"}
    )
    assert response.status_code == 403
    person.refresh_from_db()
    assert not person.checked_in


def test_a_nul_character_in_a_search_or_a_filter_is_dropped(organiser):
    """PostgreSQL refuses NUL in a query: the pages drop it instead of answering 500."""
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 3)
    client = client_for(organiser)
    listed = client.get(
        reverse("staff:participants", args=[tournament.pk]), {"q": people[1].name + "\x00"}
    ).content.decode()
    assert people[1].name in listed
    assert people[0].name not in listed
    log = client.get(
        reverse("staff:audit", args=[tournament.pk]), {"action": "participants_registered\x00"}
    ).content.decode()
    assert "Participants registered" in log
    assert "Tournament created" not in log.rsplit("</select>", 1)[-1]
