"""The hall's router: one port, event paths to the event server, the rest to the app."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from tournaments.hall.address import LOOPBACK, interface_addresses, network_address
from tournaments.hall.router import Backend, Router, rewrite_head, route

APP = Backend("127.0.0.1", 1)
EVENTS = Backend("127.0.0.1", 2)


@pytest.mark.parametrize(
    ("target", "backend"),
    [
        (b"/api/tournaments/7/events/", EVENTS),
        (b"/api/tournaments/7/events/?x=1", EVENTS),
        (b"/api/tournaments/7/events", APP),
        (b"/api/tournaments/7/events/x", APP),
        (b"/api/tournaments/7/", APP),
        (b"/t/7/leaderboard/", APP),
        (b"/static/js/live.js", APP),
    ],
)
def test_event_paths_go_to_the_event_server(target, backend):
    assert route(target, app=APP, events=EVENTS) == backend
    assert route(target, app=APP, events=None) == APP


def test_the_head_names_the_client_and_closes_and_drops_what_a_client_claims():
    head = (
        b"GET /t/1/ HTTP/1.1\r\nHost: 10.0.0.5:8000\r\nConnection: keep-alive\r\n"
        b"X-Forwarded-For: 1.2.3.4\r\nX-Forwarded-Proto: https\r\nCookie: a=b"
    )
    forwarded, target = rewrite_head(head, "10.0.0.23")
    assert target == b"/t/1/"
    lines = forwarded.split(b"\r\n")
    assert lines[0] == b"GET /t/1/ HTTP/1.1"
    assert b"Host: 10.0.0.5:8000" in lines and b"Cookie: a=b" in lines
    assert b"X-Forwarded-For: 10.0.0.23" in lines and b"Connection: close" in lines
    assert not any(
        b"1.2.3.4" in line or b"https" in line or b"keep-alive" in line for line in lines
    )
    assert forwarded.endswith(b"\r\n\r\n")
    assert rewrite_head(b"NONSENSE", "x") is None
    assert rewrite_head(b"GET / HTTP/1.1\r\nno colon here", "x") is None


def run(scenario: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    """``asyncio.run`` in a thread of its own: the test's thread may already run an
    event loop (Playwright's, after a browser test in the same process)."""
    result: list[Any] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            result.append(asyncio.run(scenario()))
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(30)
    if errors:
        raise errors[0]
    return result[0]


async def _backend(name: bytes) -> tuple[asyncio.Server, int, list[bytes]]:
    seen: list[bytes] = []

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        length = next(
            (
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length")
            ),
            0,
        )
        body = await reader.readexactly(length)
        seen.append(head + body)
        writer.write(b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + name + b":" + body)
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1], seen


async def _ask(port: int, request: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(request)
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 5)
    writer.close()
    return answer


def test_requests_and_bodies_reach_the_right_server_through_one_port():
    async def scenario() -> None:
        app, app_port, app_seen = await _backend(b"app")
        events, events_port, events_seen = await _backend(b"events")
        router = Router(
            app=Backend("127.0.0.1", app_port), events=Backend("127.0.0.1", events_port)
        )
        server = await router.serve("127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with app, events, server:
            page = await _ask(
                port, b"POST /t/1/staff/ HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello"
            )
            stream = await _ask(port, b"GET /api/tournaments/1/events/ HTTP/1.1\r\nHost: h\r\n\r\n")
        assert page.endswith(b"app:hello")
        assert stream.endswith(b"events:")
        assert b"X-Forwarded-For: 127.0.0.1" in app_seen[0] and len(events_seen) == 1

    run(scenario)


def test_a_backend_that_is_down_answers_502():
    async def scenario() -> bytes:
        router = Router(app=Backend("127.0.0.1", 9), events=None)
        server = await router.serve("127.0.0.1", 0)
        async with server:
            return await _ask(
                server.sockets[0].getsockname()[1], b"GET / HTTP/1.1\r\nHost: h\r\n\r\n"
            )

    assert run(scenario).startswith(b"HTTP/1.1 502 ")


def test_the_named_address_wins_and_the_loopback_is_never_an_interface_choice(monkeypatch):
    monkeypatch.setenv("HALL_ADDRESS", "10.9.8.7")
    assert network_address() == "10.9.8.7"
    assert LOOPBACK not in interface_addresses()
