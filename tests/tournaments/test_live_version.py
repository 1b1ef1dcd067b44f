"""``tournaments.live``: the live version, its listeners and the once-per-state store."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tests import factories
from tournaments import live, services
from tournaments.live import version as live_version_module
from tournaments.models import AuditEntry, Penalty, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def listen(monkeypatch):
    """Starts a listener; returns what it is told, as (tournament, version, what).

    Started after the test's setup: the test's own transaction never commits,
    so changes made before would be told only at its (never coming) commit.
    The listeners the app registers (the push channel's publisher) are set
    aside meanwhile, so that the setup's changes wait for no commit at all."""
    monkeypatch.setattr(live_version_module, "_listeners", [])
    calls: list[tuple[int, int, str]] = []

    def listener(tournament_id: int, version: int, what: str) -> None:
        calls.append((tournament_id, version, what))

    def start() -> list[tuple[int, int, str]]:
        live.on_change(listener)
        return calls

    yield start
    if listener in live_version_module._listeners:
        live_version_module._listeners.remove(listener)


def test_unknown_tournament_has_no_version():
    assert live.live_version(987654) is None


def test_version_moves_by_one_with_a_penalty_in_one_query(referee):
    tournament = factories.drawn_tournament(10)
    with CaptureQueriesContext(connection) as ctx:
        before = live.live_version(tournament.pk)
    assert len(ctx.captured_queries) == 1
    assert isinstance(before, int)
    assert live.live_version(tournament.pk) == before
    services.penalty_give(
        participant=tournament.participants.first(), kind="warning", reason="Loud", actor=referee
    )
    assert live.live_version(tournament.pk) == before + 1
    assert Tournament.objects.get(pk=tournament.pk).live_what == "penalty"


def test_every_audit_entry_of_a_tournament_moves_its_version():
    tournament = factories.make_tournament()
    factories.add_participants(tournament, 5)
    entries = AuditEntry.objects.filter(tournament=tournament).count()
    assert entries > 1
    assert live.live_version(tournament.pk) == entries


def test_saving_a_loaded_tournament_keeps_the_newer_version(referee):
    tournament = factories.drawn_tournament(10)
    stale = Tournament.objects.get(pk=tournament.pk)
    services.penalty_give(
        participant=tournament.participants.first(), kind="warning", reason="Loud", actor=referee
    )
    moved = live.live_version(tournament.pk)
    stale.name = "Renamed"
    stale.save()
    assert live.live_version(tournament.pk) == moved
    assert Tournament.objects.get(pk=tournament.pk).name == "Renamed"


def test_a_write_outside_the_services_is_not_a_public_change(referee):
    """The decision in ``tournaments.live.version``: only audited changes move it."""
    tournament = factories.drawn_tournament(10)
    before = live.live_version(tournament.pk)
    Penalty.objects.create(
        tournament=tournament,
        participant=tournament.participants.first(),
        kind="warning",
        reason="Shell",
        referee=referee,
    )
    assert live.live_version(tournament.pk) == before
    live.live_bump(tournament_id=tournament.pk, what="penalty")  # how such code shows it
    assert live.live_version(tournament.pk) == before + 1


@pytest.mark.parametrize(
    ("action", "what"),
    [
        ("result_recorded", "result"),
        ("result_corrected", "result"),
        ("result_confirmed", "result"),
        ("result_player_confirmed", "result"),
        ("group_stage_drawn", "draw"),
        ("draw_commitment_published", "draw"),
        ("knockout_started", "knockout"),
        ("knockout_round_seated", "knockout"),
        ("knockout_champion", "ranking"),
        ("penalty_given", "penalty"),
        ("clock_started", "clock"),
        ("participant_withdrawn", "other"),
        ("tournament_updated", "other"),
    ],
)
def test_each_audit_action_says_what_it_changed(action, what):
    assert live.what_of(action) == what
    assert what in live.WHAT


def test_listeners_hear_once_per_transaction_after_the_commit(
    referee, listen, django_capture_on_commit_callbacks
):
    tournament = factories.drawn_tournament(10)
    start = live.live_version(tournament.pk)
    people = list(tournament.participants.all()[:3])
    heard = listen()
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        for person in people:
            services.penalty_give(participant=person, kind="warning", reason="Loud", actor=referee)
        assert heard == []  # nothing before the commit
    assert heard == [(tournament.pk, start + 3, "penalty")]


def test_listeners_hear_nothing_of_a_rolled_back_change(
    referee, listen, django_capture_on_commit_callbacks
):
    tournament = factories.drawn_tournament(10)
    start = live.live_version(tournament.pk)
    heard = listen()
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        live.live_bump(tournament_id=tournament.pk, what="result")
        raise RuntimeError
    assert heard == []
    assert live.live_version(tournament.pk) == start
    with django_capture_on_commit_callbacks(execute=True):
        live.live_bump(tournament_id=tournament.pk, what="result")
    assert heard == [(tournament.pk, start + 1, "result")]


def test_a_failing_listener_does_not_fail_the_change(
    referee, listen, django_capture_on_commit_callbacks
):
    tournament = factories.drawn_tournament(10)

    def broken(tournament_id: int, version: int, what: str) -> None:
        raise ConnectionError("redis is down")

    live.on_change(broken)
    heard = listen()
    try:
        with django_capture_on_commit_callbacks(execute=True):
            services.penalty_give(
                participant=tournament.participants.first(),
                kind="warning",
                reason="Loud",
                actor=referee,
            )
    finally:
        live_version_module._listeners.remove(broken)
    assert len(heard) == 1


def test_a_state_render_is_computed_once_per_state(referee):
    tournament = factories.drawn_tournament(10)
    calls: list[int] = []

    def render() -> str:
        calls.append(1)
        return f"render {len(calls)}"

    def fetch(variant: str = "de") -> str:
        return live.once_per_state(
            kind="test",
            tournament_id=tournament.pk,
            version=live.state_version(tournament.pk),
            variant=variant,
            render=render,
        )

    assert fetch() == fetch() == "render 1"
    assert fetch("en") == "render 2"  # another variant is another render
    services.penalty_give(
        participant=tournament.participants.first(), kind="warning", reason="Loud", actor=referee
    )
    assert fetch() == "render 3"  # a new state is rendered anew, at once
    assert fetch() == "render 3"
