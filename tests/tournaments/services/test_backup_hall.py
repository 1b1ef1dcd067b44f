"""The hall's state survives a backup: the round clock in each of its states, calls, outboxes.

A backup taken while the clock was paused did not restore (the time left was
written as seconds and not read back); these tests take a backup in every
state the hall can be in and restore it.
"""

from __future__ import annotations

import datetime
import json

import pytest
from django.utils import timezone

from tests import factories
from tournaments import services
from tournaments.models import GroupDraw, OutboxReport, RefereeCall, RoundClock, Tournament
from tournaments.selectors.hall import clock_state
from tournaments.services.backup.export import VERSION

pytestmark = pytest.mark.django_db

State = RoundClock.State


def _round_trip(tournament: Tournament) -> Tournament:
    """Export through JSON text (as the file is written), delete, import."""
    backup = json.loads(json.dumps(services.export_tournament(tournament)))
    assert backup["version"] == VERSION
    GroupDraw.objects.filter(tournament=tournament).delete()
    tournament.delete()
    return services.import_tournament(backup)


def _clock_in(tournament: Tournament, state: str) -> RoundClock:
    organiser = factories.make_organiser(tournament=tournament)
    if state == State.IDLE:
        services.clock_apply(tournament=tournament, action="stop", actor=organiser)
        return RoundClock.objects.get(tournament=tournament)
    services.clock_start(tournament=tournament, minutes=40, label="Runde 3", actor=organiser)
    if state == State.PAUSED:
        services.clock_pause(tournament=tournament, actor=organiser)
    if state == State.EXPIRED:  # a running clock past its end
        RoundClock.objects.filter(tournament=tournament).update(
            ends_at=timezone.now() - datetime.timedelta(minutes=3)
        )
    return RoundClock.objects.get(tournament=tournament)


@pytest.mark.parametrize("state", [State.IDLE, State.RUNNING, State.PAUSED, State.EXPIRED])
def test_the_round_clock_restores_in_each_of_its_four_states(state):
    tournament = factories.drawn_tournament(10)
    before = _clock_in(tournament, state)
    assert clock_state(before, now=timezone.now()) == state

    restored = _round_trip(tournament)

    clock = RoundClock.objects.get(tournament=restored)
    assert clock_state(clock, now=timezone.now()) == state
    assert (clock.state, clock.label, clock.ends_at, clock.left) == (
        before.state,
        before.label,
        before.ends_at,
        before.left,
    )
    if state == State.PAUSED:  # the time to go, to the microsecond, still a duration
        assert isinstance(clock.left, datetime.timedelta)
        assert datetime.timedelta(minutes=39) < clock.left <= datetime.timedelta(minutes=40)
        # and the restored clock runs on from there
        services.clock_resume(tournament=restored)
        clock.refresh_from_db()
        assert clock_state(clock, now=timezone.now()) == State.RUNNING


def test_an_open_call_and_a_pending_outbox_report_restore():
    tournament = factories.drawn_tournament(10)
    referee = factories.make_referee(tournament=tournament, username="schiri-outbox")
    games = list(tournament.games.order_by("pk"))
    seat = games[0].table.seats.select_related("participant").get(position=2)
    services.call_create(
        game=games[0],
        position=2,
        pin=seat.participant.pin,
        note="Streit um Barrel",
        address="10.0.0.7",
    )
    taken_seat = games[1].table.seats.select_related("participant").get(position=1)
    taken = services.call_create(
        game=games[1], position=1, pin=taken_seat.participant.pin, address="10.0.0.8"
    )
    services.call_take(call=taken, actor=referee)
    entered = timezone.now() - datetime.timedelta(minutes=2)
    services.outbox_report(tournament=tournament, actor=referee, pending={games[0].pk: entered})

    restored = _round_trip(tournament)

    calls = list(RefereeCall.objects.filter(tournament=restored).order_by("created_at", "pk"))
    assert [(c.table.number, c.position, c.status, c.note) for c in calls] == [
        (games[0].table.number, 2, RefereeCall.Status.OPEN, "Streit um Barrel"),
        (games[1].table.number, 1, RefereeCall.Status.TAKEN, ""),
    ]
    assert calls[0].participant.name == seat.participant.name
    assert calls[1].taken_by.username == "schiri-outbox"
    # the open call still blocks a second one at its seat
    new_game = restored.games.get(
        table__number=games[0].table.number, stage=games[0].stage, round=games[0].round
    )
    new_seat = new_game.table.seats.select_related("participant").get(position=2)
    with pytest.raises(services.DomainError) as refused:
        services.call_create(game=new_game, position=2, pin=new_seat.participant.pin)
    assert refused.value.errors[0].code == "call_open"
    reports = list(OutboxReport.objects.filter(game__tournament=restored))
    assert [(r.game.table.number, r.reported_by.username, r.entered_at) for r in reports] == [
        (games[0].table.number, "schiri-outbox", entered)
    ]
