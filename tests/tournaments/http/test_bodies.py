"""``tournaments.http.bodies``: what reaches the application of a request's body."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from tests.asyncio_thread import run_async
from tournaments.http.bodies import with_bounded_bodies

LIMIT = 1000


@pytest.fixture(autouse=True)
def limits(settings):
    settings.REQUEST_BODY_LIMIT = LIMIT
    settings.REQUEST_BODY_SECONDS = 0.3


def scope(path: str = "/api/games/1/result/", **headers: str) -> dict[str, Any]:
    return {
        "type": "http",
        "method": "PUT",
        "path": path,
        "root_path": "",
        "query_string": b"",
        "headers": [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()],
        "client": ("10.0.0.7", 5000),
        "server": ("10.0.0.5", 8000),
    }


def run(the_scope: dict[str, Any], messages: list[dict[str, Any]], *, stall: bool = False):
    """(what the application received, what was sent) for a client sending ``messages``
    (then nothing, if ``stall``; else its disconnect)."""
    received: list[dict[str, Any]] = []
    sent: list[dict[str, Any]] = []
    queue = list(messages)

    async def receive() -> dict[str, Any]:
        if queue:
            return queue.pop(0)
        if stall:
            await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def app(_scope, app_receive, app_send) -> None:
        while True:
            message = await app_receive()
            received.append(message)
            if message["type"] == "http.disconnect" or not message.get("more_body"):
                break
        await app_send({"type": "http.response.start", "status": 204, "headers": []})
        await app_send({"type": "http.response.body", "body": b""})

    run_async(with_bounded_bodies(app)(the_scope, receive, send))
    return received, sent


def body(part: bytes, more: bool = False) -> dict[str, Any]:
    return {"type": "http.request", "body": part, "more_body": more}


def test_a_body_within_the_limit_reaches_the_application_as_it_came():
    parts = [body(b"a" * 400, True), body(b"b" * 400, True), body(b"c" * 200)]
    received, sent = run(scope(content_length="1000"), parts)
    assert b"".join(m["body"] for m in received) == b"a" * 400 + b"b" * 400 + b"c" * 200
    assert sent[0]["status"] == 204


def test_an_announced_body_over_the_limit_is_refused_before_a_byte_is_read():
    received, sent = run(scope(content_length=str(3 * 10**9)), [body(b"x" * 10, True)])
    assert received == []
    assert sent[0]["status"] == 413 and (b"connection", b"close") in sent[0]["headers"]
    assert json.loads(sent[1]["body"])["errors"][0]["code"] == "request_too_large"


def test_a_chunked_body_is_counted_and_refused_once_past_the_limit():
    parts = [body(b"x" * 600, True), body(b"x" * 600, True), body(b"x" * 600)]
    received, sent = run(scope(transfer_encoding="chunked"), parts)
    assert received == [] and sent[0]["status"] == 413


def test_a_body_that_stops_arriving_is_answered_408_in_the_visitors_language():
    the_scope = scope(content_length="1000", accept_language="de")
    received, sent = run(the_scope, [body(b"x" * 10, True)], stall=True)
    assert received == [] and sent[0]["status"] == 408
    error = json.loads(sent[1]["body"])["errors"][0]
    assert (
        error["code"] == "request_timeout"
        and error["message"] != "The request did not arrive in time."
    )


def test_a_page_gets_the_refusal_as_text_and_a_client_that_left_reaches_nothing():
    _received, sent = run(scope("/t/1/import/", content_length="5000"), [])
    assert sent[0]["status"] == 413
    assert dict(sent[0]["headers"])[b"content-type"].startswith(b"text/plain")
    received, sent = run(scope(content_length="1000"), [body(b"x" * 10, True)])
    assert received == [] and sent == []
