"""At most N requests of a process inside Django at once; the rest wait on the loop."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.asyncio_thread import run_async
from tournaments.http.concurrency import with_bounded_concurrency

HTTP = {"type": "http", "method": "GET", "path": "/", "headers": []}


async def _receive() -> dict[str, Any]:
    return {"type": "http.request", "body": b""}


class SlowDjango:
    """An application that counts how many requests are inside it at once."""

    def __init__(self, *, body_after_headers: asyncio.Event | None = None) -> None:
        self.inside = 0
        self.most = 0
        self.entered = 0
        self.body_after_headers = body_after_headers

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.entered += 1
        self.inside += 1
        self.most = max(self.most, self.inside)
        await asyncio.sleep(0.01)  # the view's work
        self.inside -= 1
        await send({"type": "http.response.start", "status": 200, "headers": []})
        if self.body_after_headers is not None:
            await self.body_after_headers.wait()  # a slow reader of a large answer
        await send({"type": "http.response.body", "body": b"ok"})


async def _serve(app: Any, count: int) -> list[int]:
    statuses: list[int] = []

    async def one() -> None:
        async def send(message: Any) -> None:
            if message["type"] == "http.response.start":
                statuses.append(message["status"])

        await app(dict(HTTP), _receive, send)

    await asyncio.gather(*(one() for _ in range(count)))
    return statuses


def test_a_burst_of_200_requests_runs_at_most_the_limit_at_once_and_all_are_answered():
    django = SlowDjango()
    statuses = run_async(_serve(with_bounded_concurrency(django, 4), 200))
    assert statuses == [200] * 200
    assert django.most == 4


def test_without_a_bound_the_burst_runs_all_at_once():
    django = SlowDjango()
    run_async(_serve(with_bounded_concurrency(django, 0), 50))
    assert django.most == 50


def test_a_slow_reader_of_its_answer_holds_no_slot():
    async def scenario() -> tuple[int, list[int]]:
        released = asyncio.Event()
        slow = SlowDjango(body_after_headers=released)
        app = with_bounded_concurrency(slow, 1)
        first = asyncio.ensure_future(_serve(app, 1))
        await asyncio.sleep(0.05)  # its headers are out, its body still waits
        second = asyncio.ensure_future(_serve(app, 1))
        await asyncio.sleep(0.05)
        entered = slow.entered  # the second view ran while the first still sends
        released.set()
        return entered, [*(await first), *(await second)]

    assert run_async(scenario()) == (2, [200, 200])


def test_a_request_that_fails_gives_its_slot_back():
    calls = 0

    async def failing(scope: Any, receive: Any, send: Any) -> None:
        nonlocal calls
        calls += 1
        raise RuntimeError("the view broke")

    async def scenario() -> None:
        app = with_bounded_concurrency(failing, 1)
        for _ in range(3):
            with pytest.raises(RuntimeError):
                await asyncio.wait_for(app(dict(HTTP), _receive, _noop), 1)

    run_async(scenario())
    assert calls == 3


def test_other_scopes_pass_without_a_slot():
    seen: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["type"])

    async def scenario() -> None:
        bounded = with_bounded_concurrency(app, 1)
        await asyncio.gather(*(bounded({"type": "lifespan"}, _receive, _noop) for _ in range(5)))

    run_async(scenario())
    assert seen == ["lifespan"] * 5


async def _noop(message: Any) -> None:
    return None


def test_a_waiting_write_goes_before_the_reads_that_came_first():
    order: list[str] = []

    async def scenario() -> None:
        gate = asyncio.Event()

        async def django(scope: Any, receive: Any, send: Any) -> None:
            if scope["path"] == "/first":
                await gate.wait()
            order.append(f"{scope['method']} {scope['path']}")
            await send({"type": "http.response.start", "status": 200, "headers": []})

        app = with_bounded_concurrency(django, 1)

        def request(method: str, path: str) -> Any:
            return app({**HTTP, "method": method, "path": path}, _receive, _noop)

        first = asyncio.ensure_future(request("GET", "/first"))
        await asyncio.sleep(0.01)  # holds the only slot
        reads = [asyncio.ensure_future(request("GET", f"/fragment{i}")) for i in range(5)]
        await asyncio.sleep(0.01)
        save = asyncio.ensure_future(request("PUT", "/result"))
        await asyncio.sleep(0.01)
        gate.set()
        await asyncio.gather(first, save, *reads)

    run_async(scenario())
    assert order[:2] == ["GET /first", "PUT /result"]
    assert order[2:] == [f"GET /fragment{i}" for i in range(5)]


def test_a_request_that_leaves_while_waiting_takes_no_slot_with_it():
    async def scenario() -> list[int]:
        gate = asyncio.Event()

        async def django(scope: Any, receive: Any, send: Any) -> None:
            if scope["path"] == "/first":
                await gate.wait()
            await send({"type": "http.response.start", "status": 200, "headers": []})

        app = with_bounded_concurrency(django, 1)
        first = asyncio.ensure_future(app({**HTTP, "path": "/first"}, _receive, _noop))
        await asyncio.sleep(0.01)
        gone = asyncio.ensure_future(app(dict(HTTP), _receive, _noop))
        await asyncio.sleep(0.01)
        gone.cancel()  # the phone closed the page while waiting
        gate.set()
        await first
        return await asyncio.wait_for(_serve(app, 3), 1)  # the slot is free again

    assert run_async(scenario()) == [200, 200, 200]
