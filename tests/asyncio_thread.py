"""Run a coroutine to its end from a synchronous test, whatever the test thread holds.

A browser test earlier in the same xdist worker leaves Playwright's event loop
running in the test thread (its sync API is a session fixture, tests/chromium.py),
and ``asyncio.run`` refuses to start inside a running loop. So every synchronous
test that needs a loop runs it in a thread of its own through ``run_async``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` in a fresh thread; returns its result or raises its error."""
    with ThreadPoolExecutor(max_workers=1) as executor:
        return executor.submit(asyncio.run, coroutine).result()
