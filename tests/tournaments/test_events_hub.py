"""The change detector of a process: one read for all its streams, whatever their number."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from tests.asyncio_thread import run_async
from tournaments.events.hub import AsyncHub, State, ThreadHub, _message_state
from tournaments.events.stream import encode_event, first_state_to_send, parse_last_event_id


class FakeDatabase:
    """``read_states`` over a dict, counting the reads and what each asked for."""

    def __init__(self, states: dict[int, State]) -> None:
        self.states = states
        self.reads: list[list[int]] = []

    def read(self, ids: list[int]) -> dict[int, State]:
        self.reads.append(sorted(ids))
        return {i: self.states[i] for i in ids if i in self.states}


@pytest.fixture
def fast_polls(monkeypatch):
    monkeypatch.setenv("LIVE_EVENTS_POLL_SECONDS", "0.1")


def test_the_async_hub_reads_once_per_poll_for_every_stream_of_every_tournament(fast_polls):
    database = FakeDatabase({1: State(5, "draw"), 2: State(9, "other")})

    async def scenario() -> tuple[list[State | None], float]:
        hub = AsyncHub(read=database.read)
        woken: list[State | None] = []

        async def client(tournament: int) -> None:
            async with hub.watching(tournament, database.states[tournament]):
                woken.append(await hub.changed(tournament, database.states[tournament], 3))

        clients = [asyncio.create_task(client(1 + n % 2)) for n in range(200)]
        await asyncio.sleep(0.55)
        database.states[1] = State(6, "result")
        started = time.monotonic()
        await asyncio.wait_for(asyncio.gather(*clients[::2]), 2)  # tournament 1's clients
        took = time.monotonic() - started
        for task in clients[1::2]:
            task.cancel()
        await asyncio.gather(*clients, return_exceptions=True)
        return woken, took

    woken, took = run_async(scenario())
    assert woken == [State(6, "result")] * 100  # only tournament 1's streams woke
    assert took < 0.5
    # 200 streams, a poll every 0.1 s for about 0.7 s: a handful of reads, each of both ids.
    assert 3 <= len(database.reads) <= 12
    assert all(ids == [1, 2] for ids in database.reads)


def test_an_async_hub_stops_reading_when_the_last_stream_leaves(fast_polls):
    database = FakeDatabase({1: State(1, "other")})

    async def scenario() -> None:
        hub = AsyncHub(read=database.read)
        async with hub.watching(1, State(1, "other")):
            await asyncio.sleep(0.25)
        reads = len(database.reads)
        await asyncio.sleep(0.4)
        assert len(database.reads) <= reads + 1
        assert hub.listeners == {} and hub.states == {}

    run_async(scenario())


def test_a_change_committed_in_the_process_wakes_the_streams_at_once(monkeypatch):
    monkeypatch.setenv("LIVE_EVENTS_POLL_SECONDS", "30")  # the poll would be far too late
    database = FakeDatabase({1: State(1, "other")})

    async def scenario() -> State | None:
        hub = AsyncHub(read=database.read)
        async with hub.watching(1, State(1, "other")):
            threading.Timer(0.1, hub.notify, args=(1, 2, "penalty")).start()
            return await hub.changed(1, State(1, "other"), 2)

    assert run_async(scenario()) == State(2, "penalty")


def test_an_older_message_never_moves_a_stream_back():
    async def scenario() -> State:
        hub = AsyncHub(read=FakeDatabase({}).read)
        async with hub.watching(1, State(5, "result")):
            hub.offer(1, State(4, "draw"), newer_only=True)
            return hub.state(1)

    assert run_async(scenario()) == State(5, "result")


def test_the_thread_hub_polls_once_for_all_its_streams(fast_polls):
    database = FakeDatabase({1: State(1, "other")})
    hub = ThreadHub(read=database.read)
    woken: list[State | None] = []

    def client() -> None:
        with hub.watching(1, State(1, "other")):
            woken.append(hub.changed(1, State(1, "other"), 3))

    threads = [threading.Thread(target=client) for _ in range(30)]
    for thread in threads:
        thread.start()
    time.sleep(0.35)
    database.states[1] = State(2, "knockout")
    for thread in threads:
        thread.join(3)
    assert woken == [State(2, "knockout")] * 30
    assert 2 <= len(database.reads) <= 10
    assert hub.changed.__self__ is hub  # the same hub served them all


def test_the_thread_hub_times_out_with_nothing():
    hub = ThreadHub(read=FakeDatabase({1: State(1, "other")}).read)
    with hub.watching(1, State(1, "other")):
        assert hub.changed(1, State(1, "other"), 0.2) is None


def test_the_thread_hub_is_idle_only_once_its_streams_and_thread_are_gone(fast_polls):
    hub = ThreadHub(read=FakeDatabase({1: State(1, "other")}).read)
    assert hub.idle()
    with hub.watching(1, State(1, "other")):
        assert not hub.idle()
    deadline = time.monotonic() + 3
    while not hub.idle() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert hub.idle()
    assert hub.thread is None


def test_the_wire_format_of_an_event():
    assert encode_event(7, State(123, "result")) == (
        b'id: 123\nevent: state\ndata: {"tournament": 7, "version": 123, "what": "result"}\n\n'
    )


@pytest.mark.parametrize(
    ("last", "sends"),
    [(None, True), ("12", False), (" 12 ", False), ("11", True), ("13", True), ("x", True)],
)
def test_the_first_event_unless_the_client_has_the_current_version(last, sends):
    assert first_state_to_send(State(12, "other"), last) is sends


def test_last_event_ids_that_are_not_integers_are_none():
    assert parse_last_event_id("abc") is None
    assert parse_last_event_id("") is None
    assert parse_last_event_id("7") == 7


def test_malformed_redis_messages_are_ignored():
    assert _message_state(b'{"tournament": 1, "version": 2, "what": "draw"}') == (
        1,
        State(2, "draw"),
    )
    for junk in (b"", b"{}", b"[1]", b'{"tournament": "x", "version": 1, "what": ""}'):
        assert _message_state(junk) is None
