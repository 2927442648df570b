"""Kernels of closed tabs are culled; an open idle tab and the preheated pool keep theirs.

One Voilà server of this test's own (``cull_voila_url``: ``dashboards/`` from the repository
root, so the real ``voila.json`` applies). Closing a tab abruptly (no ``beforeunload``: a crashed
browser, a laptop lid, a killed tab) leaves its kernel to jupyter_server's culler, which must
shut it down within two minutes. A learner who keeps a page open and does nothing (reads a
lesson for ten minutes) keeps the kernel: ``cull_connected`` is false, so a kernel with an open
websocket is never culled, however long it has been idle. Waiting ten minutes is too long for
CI, so the test shows the same rule at the scale of the configured timeout: the page opened
first stays open, its kernel ends up idle for longer than ``cull_idle_timeout`` (checked from
the kernel's own ``last_activity``), and it is still there after the closed page's kernel went.

Voilà's preheated pool is exempt from culling while a kernel waits in it; a page opened after
the pool kernel has waited longer than the timeout must still get a live kernel
(``tablekit.widgets.culling.PoolSafeKernelManager``). The last page loads its scripts slowly
(longer than one cull interval), so without that class the culler would shut the kernel down
before the page connects.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from helpers_browser import ARTIFACTS, ROOT
from playwright.sync_api import BrowserContext, Page, Route, expect
from tk_page import LOAD_TIMEOUT, MY_CARDS, board_html, open_dashboard, play_first_playable, wait_for_my_turn

KERNEL_WS = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")
STARTED = re.compile(r"Kernel started: ([0-9a-f-]{36})")
CONFIG: dict[str, Any] = json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]
LOG = ARTIFACTS / "voila-cull.log"
CLOSED_TAB_LIMIT = 120.0  # seconds: the promise to the teacher


def _log() -> str:
    return LOG.read_text(errors="replace")


def _kernel_pid(kernel_id: str) -> int | None:
    """The process whose command line names the kernel's connection file."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if f"kernel-{kernel_id}.json".encode() in (entry / "cmdline").read_bytes():
                    return int(entry.name)
            except OSError:
                continue
    return None


def _alive(pid: int) -> bool:
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]) != "Z"
    except (OSError, IndexError):
        return False


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


def test_closed_tab_kernel_goes_open_tab_and_pool_kernels_stay(context: BrowserContext, cull_voila_url: str) -> None:
    url = cull_voila_url
    timeout, interval = CONFIG["cull_idle_timeout"], CONFIG["cull_interval"]
    # voila.json: a closed tab's kernel goes after `timeout` idle seconds, found by a pass that
    # runs every `interval` seconds; shutting it down takes a few seconds more.
    assert 0 < timeout + interval <= CLOSED_TAB_LIMIT - 10, CONFIG
    assert CONFIG.get("cull_connected", False) is False, "an open, idle page would lose its kernel"
    assert CONFIG.get("cull_busy", False) is False, "a kernel still computing would be culled"
    # ...and the server runs with exactly that (jupyter_server logs its culler settings once a
    # kernel has started, and says so if connected or busy kernels are culled too).
    settings = f"Culling kernels with idle durations > {timeout} seconds at {interval} second intervals"
    _wait_for("the culler's settings in the log", lambda: settings in _log(), 60)
    assert "even with connected clients" not in _log() and "even if busy" not in _log()

    reading, reading_id = _open_play(context, url)  # stays open, untouched, to the end
    closed, closed_id = _open_play(context, url)
    reading_pid, closed_pid = _kernel_pid(reading_id), _kernel_pid(closed_id)
    assert reading_pid and closed_pid and reading_pid != closed_pid
    model = _kernel_model(url, closed_id)
    assert model is not None and model["connections"] >= 1, model

    closed.close()  # abruptly: no beforeunload, so nothing asks Voilà to shut the kernel down
    took = _wait_for("the closed tab's kernel culled",
                     lambda: not _alive(closed_pid) and _kernel_model(url, closed_id) is None, CLOSED_TAB_LIMIT)
    assert f"({closed_id}) with 0 connections" in _log()

    # The open page's kernel has been idle for longer than the cull timeout and is kept.
    model = _kernel_model(url, reading_id)
    assert model is not None and _alive(reading_pid), "the open page lost its kernel"
    assert model["connections"] >= 1, model
    assert _idle_seconds(model) > timeout, (model, f"closed tab culled after {took:.0f} s")

    # The pools' kernels (play's was preheated after `closed` took the previous one) have waited
    # there, unculled, for longer than the timeout plus a cull pass.
    pooled = [k for k in STARTED.findall(_log()) if k not in (reading_id, closed_id) and _kernel_model(url, k)]
    assert pooled

    def all_old() -> bool:
        models = [_kernel_model(url, k) for k in pooled]
        return all(m is not None and _idle_seconds(m) > timeout + interval for m in models)

    _wait_for("the pool kernels idle for timeout + interval", all_old, timeout + 2 * interval)
    # A page that takes longer than a cull interval to connect still gets it, alive.
    late, late_id = _open_play(context, url, slow_scripts=interval + 2)
    assert late_id in pooled and f"Using pre-heated kernel: {late_id} for play.ipynb" in _log()
    before = board_html(late)
    play_first_playable(late)
    wait_for_my_turn(late, before)
    assert _kernel_model(url, late_id) is not None and "Culling" not in _log().split(f"pre-heated kernel: {late_id}")[1]
    late.close()
    reading.close()
