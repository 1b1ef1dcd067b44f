"""Documents are made in a process of their own, at a lower priority: a burst never slows a save.

A PDF is a second or more of WeasyPrint's pure-Python CPU. Made in a request's
thread it held its app process's GIL and took a core from the referees' saves
(issue 32: with 30 phones fetching every public document, 4 of 7 runs had a
save over 2 s). Now a document is made in two steps (``Exporter.prepare`` and
``Exporter.finish``, ``tournaments.documents.base``):

1. **prepare**, in the request's process as before: read the database and
   produce plain, picklable data (a PDF's HTML, a workbook's rows). Only this
   step reads the database, in the request's own connection and transaction,
   so it works the same under the hall's uvicorn workers, gunicorn,
   ``runserver`` and the tests (whose data a child process could not see);
2. **finish**, in a **render process**: WeasyPrint or openpyxl turn that data
   into bytes. Each app process keeps a pool of ``DOCUMENT_RENDER_PROCESSES``
   render processes (default 1; 0 makes documents in the request's thread),
   started on first use with ``os.nice(RENDER_NICENESS)``: while a save, a poll
   or a page wants a core, the scheduler gives it that core first. The
   request's thread waits for its document without holding the GIL.

The once-per-state store (``tournaments.live.store``) is unchanged: a public
document is still made once per state and variant; the others get the
previous state's document or ``503`` meanwhile.

Why not more of a library: ``concurrent.futures.ProcessPoolExecutor`` is the
pool; what is ours is the two-step split and the restart of a broken pool. The
pool uses the ``spawn`` start method: forking an app process that runs threads
(gunicorn's gthread workers, uvicorn's thread pool, ``runserver``) would copy
locks other threads hold. A render process sets Django up under the parent's
settings module (``django.setup``) and reads no database. A render process that
dies (killed, out of memory) breaks its pool: the next document makes a new
pool, and the document is made once more. A render process whose app process
is gone (a worker killed or restarted) ends by itself within a second.

This module imports nothing of the project at its top: a render process loads
it before Django is set up.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from tournaments.documents.base import AbsoluteUri, Exporter
    from tournaments.models import Tournament

__all__ = ["RENDER_NICENESS", "call", "finish", "render", "shutdown"]

T = TypeVar("T")

#: How often a render process checks that its app process still runs.
PARENT_CHECK_SECONDS = 1.0

#: How much lower a render process's priority is (``os.nice``): 10 of 19.
RENDER_NICENESS = 10

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_pool_owner = 0  # the pid of the process that made ``_pool`` (a fork makes its own)


def _follow_parent(parent: int) -> None:
    """End this render process once its app process is gone (killed, restarted):
    an orphan would wait for work forever."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _start() -> None:
    """A render process's first step: a lower priority, Django, the slow imports."""
    threading.Thread(target=_follow_parent, args=(os.getppid(),), daemon=True).start()
    os.nice(RENDER_NICENESS)
    import django

    django.setup()
    from tournaments import documents  # noqa: F401 - registers the exporters
    from tournaments.documents.pdf import html_to_pdf

    html_to_pdf("<p></p>")  # WeasyPrint's imports and fonts, before the first document


def _finish(identifier: str, prepared: Any) -> bytes:
    """In the render process (or inline): the document's bytes from ``prepare``'s data."""
    from tournaments import documents

    return documents.get(identifier).finish(prepared)


def _processes() -> int:
    from django.conf import settings

    return int(getattr(settings, "DOCUMENT_RENDER_PROCESSES", 1))


def _current_pool(processes: int) -> ProcessPoolExecutor:
    global _pool, _pool_owner
    with _lock:
        if _pool is None or _pool_owner != os.getpid():
            _pool = ProcessPoolExecutor(
                max_workers=processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start,
            )
            _pool_owner = os.getpid()
        return _pool


def _discard(pool: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False, cancel_futures=True)


def call(function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` in a render process (here where ``DOCUMENT_RENDER_PROCESSES``
    is 0); the function and its arguments must be picklable. A broken pool is
    replaced and the call made once more."""
    processes = _processes()
    if processes <= 0:
        return function(*args)
    for attempt in (1, 2):
        pool = _current_pool(processes)
        try:
            return pool.submit(function, *args).result()
        except BrokenProcessPool:
            _discard(pool)
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def finish(identifier: str, prepared: Any) -> bytes:
    """The bytes of exporter ``identifier``'s document from ``prepared``, made in a
    render process."""
    return call(_finish, identifier, prepared)


def render(
    exporter: Exporter,
    tournament: Tournament,
    *,
    absolute_uri: AbsoluteUri | None = None,
    **params: Any,
) -> bytes:
    """``exporter``'s document of ``tournament``: prepared here, finished in a render process."""
    from tournaments.documents.base import relative

    prepared = exporter.prepare(tournament, absolute_uri=absolute_uri or relative, **params)
    return finish(exporter.identifier, prepared)


def shutdown() -> None:
    """Stop this process's render processes (they stop by themselves when it exits)."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
