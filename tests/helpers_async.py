"""Run a coroutine on an event loop of its own.

The browser tests (Playwright's sync API) may leave an event loop running in the main thread,
where ``asyncio.run`` refuses to start another; a worker thread always can.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable


def run_on_own_loop(scenario: Callable[[], Awaitable[Any]]) -> Any:
    """``asyncio.run(scenario())`` in a fresh thread; its exceptions are raised here."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(scenario())).result()  # type: ignore[arg-type]
