"""Kernels of closed tabs are culled, even while they compute; an open idle tab and the
preheated pool keep theirs.

One Voilà server of this test's own (``own_voila``: ``dashboards/`` from the repository
root, so the real ``voila.json`` applies, with shorter timeouts given on the command line so the
test takes seconds, not minutes). Closing a tab abruptly (no ``beforeunload``: a crashed
browser, a laptop lid, a killed tab) leaves its kernel to
``tablekit.widgets.culling.PoolSafeKernelManager``, which shuts it down once its page has been
gone for ``page_gone_timeout`` seconds, busy or not: here the closed tab was running an explore
job of 100,000 games, whose progress messages kept the kernel "active" (jupyter_server's idle
culler never took such a kernel). ``voila.json``'s own values keep the promise to the teacher:
gone within two minutes.

A learner who keeps a page open and does nothing keeps the kernel (up to
``open_page_idle_timeout``, two hours: ``test_memory_in_browser.py`` checks that limit): the
page opened first stays open and untouched, and is still there after the closed page's kernel
went. Voilà's preheated pool is exempt: its kernels wait, idle, for longer than the timeout,
and a page opened after that, whose scripts load slowly (longer than a cull pass), still gets a
live kernel.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime, timezone
from typing import Any

from helpers_browser import KERNEL_WS, ROOT, artifact, kernel_pid, process_alive
from playwright.sync_api import BrowserContext, Page, Route, expect
from tk_page import LOAD_TIMEOUT, MY_CARDS, board_html, open_dashboard, play_first_playable, wait_for_my_turn

STARTED = re.compile(r"Kernel started: ([0-9a-f-]{36})")
CONFIG: dict[str, Any] = json.loads((ROOT / "voila.json").read_text())["PoolSafeKernelManager"]
LOG_NAME = "voila-cull.log"
LOG = artifact(LOG_NAME)
CLOSED_TAB_LIMIT = 120.0  # seconds: the promise to the teacher
SHUTDOWN_MARGIN = 15.0  # seconds a kernel's shutdown may take on a loaded machine
# The test's own timeouts (the mechanism is the same; voila.json's values are checked below).
TEST_GONE, TEST_INTERVAL = 20, 5
SETTINGS = (f"--PoolSafeKernelManager.page_gone_timeout={TEST_GONE}",
            f"--PoolSafeKernelManager.cull_interval={TEST_INTERVAL}")


def _log() -> str:
    return LOG.read_text(errors="replace")


def _kernel_model(url: str, kernel_id: str) -> dict[str, Any] | None:
    """Voilà's ``GET /api/kernels/<id>`` (jupyter_server's kernel model); None once it is gone."""
    try:
        with urllib.request.urlopen(f"{url}/api/kernels/{kernel_id}", timeout=10) as response:
            model: dict[str, Any] = json.load(response)
            return model
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        raise


def _idle_seconds(model: dict[str, Any]) -> float:
    last = datetime.fromisoformat(model["last_activity"].replace("Z", "+00:00"))
    return (datetime.now(timezone.utc) - last).total_seconds()


def _open_play(context: BrowserContext, url: str, slow_scripts: float = 0.0) -> tuple[Page, str]:
    """A play page showing its table, and the id of its kernel (from its websocket URL).
    ``slow_scripts``: hold the page's first script for that many seconds (a slow network)."""
    page = context.new_page()
    kernel_ids: list[str] = []
    page.on("websocket", lambda ws: kernel_ids.extend(KERNEL_WS.findall(ws.url)))
    if slow_scripts:
        held: list[bool] = []

        def hold_first_script(route: Route) -> None:
            if not held:
                held.append(True)
                time.sleep(slow_scripts)
            route.fallback()  # on to the context's loopback-only route

        page.route("**/*.js", hold_first_script)
    open_dashboard(page, url, "play")
    expect(page.locator(MY_CARDS).first).to_be_visible(timeout=LOAD_TIMEOUT)
    assert kernel_ids, "the page opened no kernel websocket"
    return page, kernel_ids[0]


def _wait_for(what: str, check: Any, timeout: float) -> float:
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"{what}: not within {timeout:.0f} s\n" + "\n".join(_log().splitlines()[-30:]))
        time.sleep(0.5)
    return time.monotonic() - start


def test_voila_json_promises_a_closed_tab_kernel_goes_within_two_minutes() -> None:
    gone, interval = CONFIG["page_gone_timeout"], CONFIG["cull_interval"]
    assert 0 < gone and 0 < interval and gone + interval + SHUTDOWN_MARGIN <= CLOSED_TAB_LIMIT, CONFIG
    assert CONFIG["open_page_idle_timeout"] >= 3600, "an open page keeps its kernel through a lesson"
    assert 0 < CONFIG["memory_limit_mb"] <= 4096, CONFIG


def _start_explore_run(context: BrowserContext, url: str) -> tuple[Page, str]:
    """An explore page running 100,000 games of 8-player Ultimate (far longer than this test),
    and its kernel id."""
    page = context.new_page()
    kernel_ids: list[str] = []
    page.on("websocket", lambda ws: kernel_ids.extend(KERNEL_WS.findall(ws.url)))
    page.goto(f"{url}/voila/render/explore.ipynb?game=ultimate&players=8")
    expect(page.locator("h1.tk-title")).to_be_visible(timeout=LOAD_TIMEOUT)
    stats = page.locator(".tk-stats")
    games = stats.get_by_label("Games to play")
    games.fill("100000")
    games.press("Enter")
    stats.get_by_role("button", name="Run").click()
    progress = stats.locator(".widget-hprogress .progress-bar")
    page.wait_for_function("(el) => parseFloat(el.style.width || '0') > 0", arg=progress.element_handle(),
                           timeout=LOAD_TIMEOUT)
    assert kernel_ids, "the page opened no kernel websocket"
    return page, kernel_ids[0]


def test_closed_tab_kernel_goes_while_computing_open_tab_and_pool_kernels_stay(
        context: BrowserContext, own_voila: Callable[..., AbstractContextManager[str]]) -> None:
    with own_voila("dashboards", LOG_NAME, *SETTINGS) as url:
        _closed_tab_goes(context, url)


def _closed_tab_goes(context: BrowserContext, url: str) -> None:
    # The server runs with the test's settings.
    settings = (f"Shutting kernels down {TEST_GONE} s after their page has gone and "
                f"{CONFIG['open_page_idle_timeout']} s after an open page's last activity (checked every "
                f"{TEST_INTERVAL} s)")
    _wait_for("the culler's settings in the log", lambda: settings in _log(), 60)

    reading, reading_id = _open_play(context, url)  # stays open, untouched, to the end
    running, running_id = _start_explore_run(context, url)
    reading_pid, running_pid = kernel_pid(reading_id), kernel_pid(running_id)
    assert reading_pid and running_pid and reading_pid != running_pid
    model = _kernel_model(url, running_id)
    assert model is not None and model["connections"] >= 1, model

    running.close()  # abruptly: no beforeunload, so nothing asks Voilà to shut the kernel down
    # The run goes on without its page: its progress keeps the kernel active (what kept
    # jupyter_server's idle culler away). Watch how idle the kernel ever gets until it goes.
    idle_seen: list[float] = []

    def gone() -> bool:
        model = _kernel_model(url, running_id)
        if model is not None:
            idle_seen.append(_idle_seconds(model))
        return model is None and not process_alive(running_pid)

    took = _wait_for("the closed tab's kernel culled", gone, CLOSED_TAB_LIMIT)
    culled = re.search(rf"Culling kernel {running_id} \((\w+)\): its page has gone for (\d+) s", _log())
    assert culled is not None, _log()[-3000:]
    assert int(culled.group(2)) >= TEST_GONE
    assert idle_seen and max(idle_seen) < TEST_GONE, (idle_seen, "the run should have kept the kernel active")

    # The open page's kernel has been idle for longer than the timeout and is kept.
    model = _kernel_model(url, reading_id)
    assert model is not None and process_alive(reading_pid), "the open page lost its kernel"
    assert model["connections"] >= 1, model
    assert _idle_seconds(model) > TEST_GONE, (model, f"closed tab culled after {took:.0f} s")

    # The pools' kernels (explore's was preheated after `running` took the previous one) have
    # waited there, unculled, for longer than the timeout plus a cull pass.
    pooled = [k for k in STARTED.findall(_log()) if k not in (reading_id, running_id) and _kernel_model(url, k)]
    assert pooled

    def all_old() -> bool:
        models = [_kernel_model(url, k) for k in pooled]
        return all(m is not None and _idle_seconds(m) > TEST_GONE + TEST_INTERVAL for m in models)

    _wait_for("the pool kernels idle for timeout + interval", all_old, TEST_GONE + 3 * TEST_INTERVAL)
    # A page that takes longer than a cull interval to connect still gets it, alive.
    late, late_id = _open_play(context, url, slow_scripts=TEST_INTERVAL + 2)
    assert late_id in pooled and f"Using pre-heated kernel: {late_id} for play.ipynb" in _log()
    before = board_html(late)
    play_first_playable(late)
    # (The late page's first move waits on a busy machine: another kernel computes all along.)
    wait_for_my_turn(late, before, timeout=LOAD_TIMEOUT)
    assert _kernel_model(url, late_id) is not None and "Culling" not in _log().split(f"pre-heated kernel: {late_id}")[1]
    late.close()
    reading.close()
