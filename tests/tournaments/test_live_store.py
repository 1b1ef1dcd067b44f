"""The once-per-state store's exclusive renders, and rate limits counted for every process."""

from __future__ import annotations

import threading
import time

import pytest
from django.core.cache import cache

from tournaments import live
from tournaments.http import ratelimit
from tournaments.live.store import state_key
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
    lock = state_key(kind="doc", tournament_id=7, version=2, variant="de") + ":rendering"
    assert cache.add(lock, 1)
    began = time.perf_counter()
    assert _exclusive(2, lambda: pytest.fail("rendered twice")) == b"state 1"
    assert time.perf_counter() - began < 0.1  # nobody waits for the render
    cache.delete(lock)
    assert _exclusive(2, lambda: b"state 2") == b"state 2"
    assert _exclusive(2, lambda: pytest.fail("kept")) == b"state 2"


def test_without_a_previous_state_a_burst_is_told_to_retry():
    lock = state_key(kind="doc", tournament_id=7, version=1, variant="en") + ":rendering"
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
