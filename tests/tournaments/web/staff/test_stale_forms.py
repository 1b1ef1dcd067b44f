"""The server checks each staff action against the current state, whatever form the
page showed (rules.md §7, §8): old pages posted after the state moved on."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.results import SeatReport
from tests import factories
from tests.tournaments.services.test_leaving import _final
from tests.tournaments.web.staff.test_pages import client_for
from tournaments import services
from tournaments.models import AuditEntry, Character, Knockout, Participant, Penalty

pytestmark = pytest.mark.django_db


def test_a_withdrawal_from_an_old_page_cannot_undo_an_exclusion() -> None:
    tournament = factories.drawn_tournament(10)
    participant = tournament.participants.first()
    url = reverse("staff:participant", args=[tournament.pk, participant.pk])
    organiser = client_for(factories.make_organiser())
    assert 'value="withdraw"' in organiser.get(url).content.decode()  # the page as it was
    services.penalty_give(
        participant=participant, kind="exclusion", reason="Betrug", actor=factories.make_referee()
    )
    response = organiser.post(url, {"action": "withdraw", "reason": "krank"})
    assert response.status_code == 200
    assert "is excluded; an exclusion is final." in response.content.decode()
    participant.refresh_from_db()
    assert participant.status == Participant.Status.EXCLUDED
    assert not AuditEntry.objects.filter(action="participant_withdrawn").exists()


def test_a_penalty_from_an_old_page_after_the_exclusion_is_refused() -> None:
    tournament = factories.drawn_tournament(10)
    participant = tournament.participants.first()
    url = reverse("staff:participant", args=[tournament.pk, participant.pk])
    referee = factories.make_referee()
    services.penalty_give(participant=participant, kind="exclusion", reason="x", actor=referee)
    response = client_for(referee).post(
        url, {"action": "penalty", "kind": "exclusion", "amount": "", "reason": "nochmal"}
    )
    assert "is already excluded." in response.content.decode()
    assert Penalty.objects.count() == 1


def test_next_round_and_a_correction_after_the_champion_are_refused(organiser, referee) -> None:
    tournament = factories.drawn_tournament(6)
    game, (a, b) = _final(tournament, organiser, referee)
    duel = [SeatReport(position=a.position, role=None), SeatReport(position=b.position, role=None)]
    services.result_record(game=game, seats=duel, winner=b.position, actor=referee)
    client = client_for(organiser)
    knockout_url = reverse("staff:knockout", args=[tournament.pk])
    client.post(knockout_url, {"action": "next", "seed": "final"})
    assert Knockout.objects.get(tournament=tournament).champion_id == b.participant_id
    # the same old page, posted again
    response = client.post(knockout_url, {"action": "next", "seed": "final"})
    assert "The knockout is over: the champion is known." in response.content.decode()
    # the final's result form, opened before the champion was named
    response = client.post(
        reverse("staff:result", args=[tournament.pk, game.pk]),
        {"version": 1, "winner": a.position, "reason": "Tippfehler", "signed": "on"},
    )
    assert response.status_code == 200
    assert "The champion has been named: the final&#x27;s result is final." in (
        response.content.decode()
    )
    game.refresh_from_db()
    assert game.version == 1
    assert Knockout.objects.get(tournament=tournament).champion_id == b.participant_id


def test_a_character_from_an_old_settings_page_after_the_draw_is_refused() -> None:
    tournament = factories.drawn_tournament(10)
    response = client_for(factories.make_organiser()).post(
        reverse("staff:settings", args=[tournament.pk]),
        {"action": "character", "name": "Apache Kid", "life_points": 3},
    )
    assert "Characters cannot be added after the group-stage draw." in response.content.decode()
    assert not Character.objects.filter(tournament=tournament).exists()


def test_a_start_from_an_old_knockout_page_is_refused(organiser, referee) -> None:
    tournament = factories.drawn_tournament(6)
    _final(tournament, organiser, referee)
    response = client_for(organiser).post(
        reverse("staff:knockout", args=[tournament.pk]),
        {"action": "start", "seed": "again", "field_size": ""},
    )
    assert "The knockout has already started." in response.content.decode()
    assert Knockout.objects.get(tournament=tournament).seed == "duel"
