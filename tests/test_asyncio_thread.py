"""Synchronous tests start event loops only through ``tests.asyncio_thread.run_async``.

CI failed when an xdist worker ran a browser test (Playwright's loop left running in
the test thread) before a test that called ``asyncio.run`` itself: these two tests
keep that from coming back.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from tests.asyncio_thread import run_async

TESTS = Path(__file__).resolve().parent


async def _answer() -> int:
    await asyncio.sleep(0)
    return 42


def test_run_async_works_while_a_loop_runs_in_the_calling_thread():
    async def inside_a_running_loop() -> int:
        return run_async(_answer())  # a plain asyncio.run here raises RuntimeError

    assert run_async(inside_a_running_loop()) == 42


def test_no_test_calls_asyncio_run_itself():
    offenders = [
        f"{path.relative_to(TESTS)}:{number}"
        for path in TESTS.rglob("*.py")
        if path.name != "asyncio_thread.py"
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"\basyncio\.run\(", line) and "plain asyncio.run" not in line
    ]
    assert offenders == []
