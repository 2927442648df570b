"""The kernel manager's rules (tablekit.widgets.culling.PoolSafeKernelManager) on stand-in kernels,
without a server: which kernel ends when, whatever it is doing. The browser tests
(``tests/browser/test_kernel_cull_in_browser.py``, ``test_memory_in_browser.py``) run the same
manager under Voilà with real pages and kernels."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace
from typing import Any

import pytest
from helpers_async import run_on_own_loop

from tablekit.widgets import culling
from tablekit.widgets.culling import MIB, PoolSafeKernelManager, process_tree_rss


class Manager(PoolSafeKernelManager):
    """The manager with stand-in kernels; ``shutdown_kernel`` records instead of stopping."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ended: list[tuple[str, bool]] = []
        self._pools: dict[str, list[asyncio.Future[Any]]] = {}

    def add(self, kernel_id: str, connections: int = 0, state: str = "idle", idle_for: float = 0.0) -> None:
        self._kernels[kernel_id] = SimpleNamespace(  # type: ignore[assignment]
            execution_state=state, last_activity=datetime.now(timezone.utc) - timedelta(seconds=idle_for))
        self._kernel_connections[kernel_id] = connections

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
        self.ended.append((kernel_id, now))
        self._kernels.pop(kernel_id, None)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [1_000.0]
    monkeypatch.setattr(culling.time, "monotonic", lambda: now[0])
    return now


def pool_of(loop: asyncio.AbstractEventLoop, kernel_id: str) -> list[asyncio.Future[Any]]:
    task = loop.create_future()
    task.set_result({"kernel_id": kernel_id})
    return [task]


def test_a_closed_tabs_kernel_ends_after_the_timeout_busy_and_active_or_not(clock: list[float]) -> None:
    async def run() -> None:
        m = Manager(page_gone_timeout=60, open_page_idle_timeout=7200)
        m.add("closed", connections=1, state="busy")
        m.add("open", connections=1, idle_for=600)  # a learner reading for ten minutes
        m.add("pooled")
        m._pools["play.ipynb"] = pool_of(asyncio.get_running_loop(), "pooled")
        m.notify_disconnect("closed")  # the tab closes
        clock[0] += 59
        m._kernels["closed"].last_activity = datetime.now(timezone.utc)  # its run keeps reporting progress
        await m.cull_kernels()
        assert m.ended == []
        clock[0] += 2
        await m.cull_kernels()
        assert m.ended == [("closed", False)]  # the open page and the pool's kernel stay

    run_on_own_loop(run)


def test_an_open_page_keeps_its_kernel_until_idle_for_the_long_limit(clock: list[float]) -> None:
    async def run() -> None:
        m = Manager(page_gone_timeout=60, open_page_idle_timeout=7200, notice_grace=0)
        m.add("open", connections=1, idle_for=7_100)
        m.add("pooled", idle_for=100_000)
        m._pools["play.ipynb"] = pool_of(asyncio.get_running_loop(), "pooled")
        await m.cull_kernels()
        assert m.ended == []
        m.add("open", connections=1, idle_for=7_201)
        await m.cull_kernels()
        assert m.ended == [("open", False)]  # (its page is told first: no kernel here to tell)
        m.open_page_idle_timeout = 0  # 0: never
        m.add("open2", connections=1, idle_for=10**6)
        await m.cull_kernels()
        assert m.ended == [("open", False)]

    run_on_own_loop(run)


def test_a_handed_out_kernel_gets_the_whole_timeout_to_connect(clock: list[float]) -> None:
    async def run() -> None:
        m = Manager(page_gone_timeout=60)
        loop = asyncio.get_running_loop()
        m.add("k", idle_for=3_600)  # waited in the pool for an hour
        m._pools["play.ipynb"] = pool_of(loop, "k")
        await m.cull_kernels()
        m._pools["play.ipynb"] = []  # handed to a visitor whose page loads slowly
        clock[0] += 5
        await m.cull_kernels()
        clock[0] += 59
        await m.cull_kernels()
        assert m.ended == []
        m.notify_connect("k")  # the page connects: kept however long it stays
        m._kernel_connections["k"] = 1
        clock[0] += 1_000
        await m.cull_kernels()
        assert m.ended == []
        # A page that reconnects in time (a network blip) keeps it too.
        m._kernel_connections["k"] = 1
        m.notify_disconnect("k")
        clock[0] += 30
        m.notify_connect("k")
        m._kernel_connections["k"] = 1
        clock[0] += 100
        await m.cull_kernels()
        assert m.ended == []

    run_on_own_loop(run)


def test_a_kernel_over_its_memory_ceiling_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        m = Manager(memory_limit_mb=300, notice_grace=0)
        m.add("small")
        m.add("big")
        rss = {11: 200 * MIB, 22: 301 * MIB}
        m._kernels["small"].provisioner = SimpleNamespace(pid=11)
        m._kernels["big"].provisioner = SimpleNamespace(pid=22)
        monkeypatch.setattr(culling, "process_tree_rss", lambda pid: rss[pid])
        await m.check_memory()
        await asyncio.sleep(0.05)  # the ending runs as its own task
        assert m.ended == [("big", True)]

    run_on_own_loop(run)


def test_process_tree_rss_counts_the_children() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import sys, time; x = b'x' * (80 << 20); "
                              "sys.stdout.write('ready\\n'); sys.stdout.flush(); time.sleep(60)"],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        alone = process_tree_rss(child.pid)
        assert alone > 80 * MIB
        assert process_tree_rss(os.getpid()) >= alone  # this process's tree holds the child
    finally:
        child.kill()
        child.wait()
    deadline = time.monotonic() + 10
    while process_tree_rss(child.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert process_tree_rss(child.pid) == 0
