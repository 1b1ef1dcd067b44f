"""One port for the hall: event streams to the event server, everything else to gunicorn.

Why a router of our own: a laptop in the hall has no nginx, and the two
servers must share one address (a phone's page opens its event stream on the
address it was loaded from). Uvicorn serving the whole application would be
one process less, but Django runs every synchronous view of an ASGI server in
*one* thread per process: a PDF of 40 scoresheets would hold up every save
and every poll. Gunicorn's threaded workers do not have that problem, and the
event server then only holds streams. Between them this router does nothing
but choose by the request line's path and copy bytes:

- It reads one request head (at most ``MAX_HEAD`` bytes, within
  ``HEAD_SECONDS``: a slow or broken client costs a coroutine, not a worker),
  picks the backend by path (``EVENT_PATH``), and forwards the head with
  ``Connection: close`` and the client's address appended as
  ``X-Forwarded-For`` (the app trusts one proxy: ``DJANGO_TRUSTED_PROXIES=1``,
  so throttles count each phone, not the router). ``X-Forwarded-*`` headers a
  client sent are dropped: nobody in front of the router is trusted.
- Then it copies bytes both ways (a request body, the answer, a stream) until
  the backend closes, and closes the client's connection too. One request per
  connection: the next request is routed afresh, so a page's connection can
  never end up holding an event stream on gunicorn. On a local network a new
  connection per request costs about a millisecond.
- A backend that does not answer gets ``502`` (the event server's absence
  only cuts the streams; pages then poll, static/js/live.js).

Static files are served by the app (WhiteNoise, compressed, with far-future
caching), so nothing else is needed on the laptop.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from dataclasses import dataclass

__all__ = ["EVENT_PATH", "Backend", "Router", "route"]

EVENT_PATH = re.compile(rb"^/api/tournaments/[0-9]+/events/$")
MAX_HEAD = 64 * 1024
HEAD_SECONDS = 30.0
COPY_CHUNK = 64 * 1024
_HOP_BY_HOP = {
    b"connection",
    b"keep-alive",
    b"proxy-connection",
    b"upgrade",
    b"te",
    b"x-forwarded-for",
    b"x-forwarded-proto",
    b"x-forwarded-host",
    b"x-real-ip",
    b"forwarded",
}
_BAD_GATEWAY = (
    b"HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Content-Length: 38\r\nConnection: close\r\n\r\nThe server is starting or has failed.\n"
)
_BAD_REQUEST = (
    b"HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Content-Length: 12\r\nConnection: close\r\n\r\nBad request\n"
)


@dataclass(frozen=True)
class Backend:
    host: str
    port: int


def route(target: bytes, *, app: Backend, events: Backend | None) -> Backend:
    """The backend for a request target (path and query string)."""
    path = target.split(b"?", 1)[0]
    if events is not None and EVENT_PATH.match(path):
        return events
    return app


def rewrite_head(head: bytes, client: str) -> tuple[bytes, bytes] | None:
    """(the head as forwarded, the request target), or None for something that is no request."""
    lines = head.split(b"\r\n")
    parts = lines[0].split(b" ")
    if len(parts) != 3 or not parts[2].startswith(b"HTTP/1."):
        return None
    kept = [lines[0]]
    for line in lines[1:]:
        if not line:
            continue
        name, sep, _value = line.partition(b":")
        if not sep:
            return None
        if name.strip().lower() not in _HOP_BY_HOP:
            kept.append(line)
    kept.append(b"X-Forwarded-For: " + client.encode())
    kept.append(b"Connection: close")
    return b"\r\n".join(kept) + b"\r\n\r\n", parts[1]


async def _copy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while chunk := await reader.read(COPY_CHUNK):
            writer.write(chunk)
            await writer.drain()


class Router:
    def __init__(self, *, app: Backend, events: Backend | None) -> None:
        self.app = app
        self.events = events

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await self._handle(reader, writer)
        finally:
            writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await writer.wait_closed()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HEAD_SECONDS)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError):
            return
        except (ConnectionError, OSError):
            return
        peer = writer.get_extra_info("peername")
        client = peer[0] if peer else "unknown"
        rewritten = rewrite_head(head[:-4], client)
        if rewritten is None:
            writer.write(_BAD_REQUEST)
            with contextlib.suppress(ConnectionError, OSError):
                await writer.drain()
            return
        forwarded, target = rewritten
        backend = route(target, app=self.app, events=self.events)
        try:
            up_reader, up_writer = await asyncio.open_connection(backend.host, backend.port)
        except OSError:
            writer.write(_BAD_GATEWAY)
            with contextlib.suppress(ConnectionError, OSError):
                await writer.drain()
            return
        try:
            up_writer.write(forwarded)
            upload = asyncio.ensure_future(_copy(reader, up_writer))
            # The answer ends when the backend closes (the request said Connection: close).
            await _copy(up_reader, writer)
            upload.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await upload
        finally:
            up_writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await up_writer.wait_closed()

    async def serve(self, host: str, port: int) -> asyncio.Server:
        return await asyncio.start_server(
            self.handle, host, port, limit=MAX_HEAD, reuse_address=True, backlog=1024
        )
