"""The once-per-state store's exclusive renders, and rate limits counted for every process."""

from __future__ import annotations

import threading
import time

import pytest
from django.core.cache import cache

from tournaments import live
from tournaments.http import ratelimit
from tournaments.live.store import render_lock
from tournaments.models import RateCount


def _exclusive(version: int, render, variant: str = "de"):
    return live.once_per_state(
        kind="doc", tournament_id=7, version=version, variant=variant, render=render, exclusive=True
    )


def test_an_exclusive_render_is_done_once_and_kept():
    calls: list[int] = []

    def render() -> bytes:
        calls.append(1)
        return b"%PDF state 1"

    assert _exclusive(1, render) == _exclusive(1, render) == b"%PDF state 1"
    assert len(calls) == 1


def test_while_a_state_renders_others_get_the_previous_one_at_once():
    assert _exclusive(1, lambda: b"state 1") == b"state 1"
    # Another request (or process) renders state 2 now: its lock is taken.
    lock = render_lock(kind="doc", tournament_id=7, variant="de")
    assert cache.add(lock, 1)
    began = time.perf_counter()
    assert _exclusive(2, lambda: pytest.fail("rendered twice")) == b"state 1"
    assert time.perf_counter() - began < 0.1  # nobody waits for the render
    cache.delete(lock)
    assert _exclusive(2, lambda: b"state 2") == b"state 2"
    assert _exclusive(2, lambda: pytest.fail("kept")) == b"state 2"


def test_while_an_older_state_renders_a_newer_one_starts_no_second_render():
    """Saves 2 s apart and a render of several seconds: renders of states that are
    old when they are done must not pile up (issue 32, document bursts)."""
    assert _exclusive(1, lambda: b"state 1") == b"state 1"
    lock = render_lock(kind="doc", tournament_id=7, variant="de")
    assert cache.add(lock, 1)  # state 2 renders now
    assert _exclusive(3, lambda: pytest.fail("a second render")) == b"state 1"
    assert _exclusive(4, lambda: pytest.fail("a third render")) == b"state 1"
    cache.delete(lock)  # done: the next request renders the newest state
    assert _exclusive(4, lambda: b"state 4") == b"state 4"
    # another variant (language) is another document: it renders meanwhile
    assert cache.add(lock, 1)
    assert _exclusive(5, lambda: b"state 5 en", variant="en") == b"state 5 en"


def test_without_a_previous_state_a_burst_is_told_to_retry():
    lock = render_lock(kind="doc", tournament_id=7, variant="en")
    assert cache.add(lock, 1)
    with pytest.raises(live.RenderBusy) as busy:
        _exclusive(1, lambda: pytest.fail("rendered twice"), variant="en")
    assert busy.value.retry_after == 2


def test_thirty_threads_asking_at_once_cause_one_render_and_no_waiting():
    """A unit-level burst: the render takes 0.5 s; nobody else is held for it."""
    renders: list[float] = []  # when each render ended
    gate = threading.Barrier(30)
    answers: list[tuple[str, float]] = []  # the outcome, and when it came

    def render() -> bytes:
        time.sleep(0.5)
        renders.append(time.perf_counter())
        return b"document"

    def ask() -> None:
        gate.wait()
        try:
            outcome = _exclusive(3, render).decode()
        except live.RenderBusy:
            outcome = "busy"
        answers.append((outcome, time.perf_counter()))

    threads = [threading.Thread(target=ask) for _ in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert len(renders) == 1
    assert sorted(outcome for outcome, _ in answers) == ["busy"] * 29 + ["document"]
    # Nobody was held for the render: every "busy" came while it still ran.
    assert max(when for outcome, when in answers if outcome == "busy") < renders[0]


def test_a_burst_of_threads_missing_a_page_render_renders_it_once():
    """After a save every phone fetches the new state at once, each request in a thread
    of its own (the ASGI server): the first renders, the others wait for its render."""
    renders: list[int] = []
    gate = threading.Barrier(30)
    answers: list[str] = []

    def render() -> str:
        time.sleep(0.2)
        renders.append(1)
        return "leaderboard"

    def ask() -> None:
        gate.wait()
        answers.append(
            live.once_per_state(
                kind="page", tournament_id=7, version=4, variant="de", render=render
            )
        )

    threads = [threading.Thread(target=ask) for _ in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert answers == ["leaderboard"] * 30
    assert len(renders) == 1
    # The next state renders anew; a failed render leaves no lock behind.
    with pytest.raises(ZeroDivisionError):
        live.once_per_state(
            kind="page", tournament_id=7, version=5, variant="de", render=lambda: 1 / 0
        )
    assert (
        live.once_per_state(
            kind="page", tournament_id=7, version=5, variant="de", render=lambda: "five"
        )
        == "five"
    )


@pytest.mark.django_db
def test_a_rate_is_counted_in_the_database_for_every_process():
    """Local memory is per process: the count lives in the database instead, so a
    process with an empty memory (here: the cache cleared) goes on counting."""
    now = 1_000_000.0
    assert [ratelimit.hit("documents:192.0.2.9", period=60, now=now) for _ in range(3)] == [1, 2, 3]
    cache.clear()
    assert ratelimit.hit("documents:192.0.2.9", period=60, now=now + 1) == 4
    assert ratelimit.hit("documents:192.0.2.10", period=60, now=now + 1) == 1
    # The next window starts at one, and finished windows are forgotten.
    assert ratelimit.hit("documents:192.0.2.9", period=60, now=now + 60) == 1
    assert ratelimit.hit("documents:192.0.2.9", period=60, now=now + 180) == 1
    assert RateCount.objects.filter(key="documents:192.0.2.9").count() == 1


def test_the_window_left_is_what_retry_after_says():
    assert ratelimit.window_left(60, now=120.0) == 60
    assert ratelimit.window_left(60, now=179.5) == 1


def test_a_kept_render_below_the_floor_never_stands_in():
    """An erasure raises the floor: the state before it is not served meanwhile."""
    assert _exclusive(1, lambda: b"state 1 names the person") == b"state 1 names the person"
    lock = render_lock(kind="doc", tournament_id=7, variant="de")
    assert cache.add(lock, 1)
    with pytest.raises(live.RenderBusy):
        live.once_per_state(
            kind="doc",
            tournament_id=7,
            version=2,
            variant="de",
            render=lambda: pytest.fail("rendered twice"),
            exclusive=True,
            floor=2,
        )
    assert _exclusive(2, lambda: pytest.fail("rendered twice")) == b"state 1 names the person"
