"""Reinstating a participant (api.md "The day's edges"): a withdrawal undone before the
draw, the same PIN and player link, audited; an exclusion never undone."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests import factories
from tournaments import services
from tournaments.models import AuditEntry, Participant

pytestmark = pytest.mark.django_db


def url(person: Participant) -> str:
    return f"/api/tournaments/{person.tournament_id}/participants/{person.pk}/reinstate/"


def codes(answer) -> list[str]:
    return [e["code"] for e in answer.json()["errors"]]


def test_a_latecomer_withdrawn_as_absent_is_reinstated_with_pin_and_player(organiser_api):
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 3)
    late = people[2]
    player = services.player_create(name=late.name)
    services.participant_link_player(participant=late, player=player)
    for person in people[:2]:
        services.participant_check_in(participant=person)
    services.participants_withdraw_absent(tournament=tournament)
    late.refresh_from_db()
    pin = late.pin
    assert late.status == Participant.Status.WITHDRAWN and pin

    answer = organiser_api.post(url(late))
    assert answer.status_code == 200
    body = answer.json()
    assert (body["id"], body["status"], body["pin"], body["player"]) == (
        late.pk,
        "active",
        late.shown_pin,
        player.pk,
    )
    late.refresh_from_db()
    assert (late.status, late.pin, late.player_id) == ("active", pin, player.pk)
    entry = AuditEntry.objects.get(action="participant_reinstated")
    assert (entry.object_id, entry.before, entry.after) == (
        str(late.pk),
        {"status": "withdrawn"},
        {"status": "active"},
    )


def test_an_active_participant_is_not_withdrawn(organiser_api):
    person = factories.add_participants(factories.make_tournament(), 1)[0]
    answer = organiser_api.post(url(person))
    assert (answer.status_code, codes(answer)) == (409, ["not_withdrawn"])
    assert not AuditEntry.objects.filter(action="participant_reinstated").exists()


def test_an_exclusion_is_never_undone(organiser_api):
    person = factories.add_participants(factories.make_tournament(), 1)[0]
    Participant.objects.filter(pk=person.pk).update(status=Participant.Status.EXCLUDED)
    answer = organiser_api.post(url(person))
    assert (answer.status_code, codes(answer)) == (409, ["already_excluded"])
    person.refresh_from_db()
    assert person.status == Participant.Status.EXCLUDED


def test_after_the_draw_a_withdrawal_stays(organiser_api):
    tournament = factories.drawn_tournament(10)
    person = tournament.participants.first()
    services.participant_withdraw(participant=person)
    answer = organiser_api.post(url(person))
    assert (answer.status_code, codes(answer)) == (409, ["draw_locked"])
    person.refresh_from_db()
    assert person.status == Participant.Status.WITHDRAWN


def test_a_place_taken_meanwhile_is_not_given_twice(organiser_api):
    tournament = factories.make_tournament(settings={"max_participants": 2})
    first, _second = factories.add_participants(tournament, 2)
    services.participant_withdraw(participant=first)
    factories.add_participants(tournament, 1)  # the freed place
    answer = organiser_api.post(url(first))
    assert (answer.status_code, codes(answer)) == (409, ["too_many_participants"])


def test_only_an_organiser_of_the_tournament_reinstates(api):
    tournament = factories.make_tournament()
    person = factories.add_participants(tournament, 1)[0]
    services.participant_withdraw(participant=person)
    assert api.post(url(person)).status_code == 401
    staff = APIClient()
    staff.force_authenticate(factories.make_referee(tournament=tournament))
    assert staff.post(url(person)).status_code == 403
    stranger = APIClient()
    stranger.force_authenticate(factories.make_organiser(tournament=factories.make_tournament()))
    assert stranger.post(url(person)).status_code == 403
    person.refresh_from_db()
    assert person.status == Participant.Status.WITHDRAWN
