"""A kernel over its memory ceiling is ended, its page says so, and the server keeps serving; an
open page idle for longer than ``open_page_idle_timeout`` is told and loses its kernel.

One Voilà server of this test's own for ``tests/browser/memory_probe.ipynb`` (a play page plus a
button that makes the kernel hold 150 MiB more per click), with ``voila.json`` and test-only
settings: a 400 MiB ceiling (a play kernel holds about 150 MiB), a 30 s idle limit for open
pages, a cull pass every 5 s. ``tablekit.widgets.culling.PoolSafeKernelManager`` sends the page's
kernel a notice (``tablekit.widgets.notices``) before ending it, so the page shows the
catalogue's words in its own language.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from helpers_browser import KERNEL_WS, artifact, kernel_pid, process_alive
from playwright.sync_api import BrowserContext, Page, expect
from tk_page import LOAD_TIMEOUT, MY_CARDS, board_html, play_first_playable, wait_for_my_turn

from tablekit.i18n import tr
from tablekit.widgets.culling import MIB, process_tree_rss

pytestmark = pytest.mark.browser

LOG_NAME = "voila-memory.log"
LOG = artifact(LOG_NAME)
CEILING_MB, IDLE, INTERVAL = 400, 30, 5
SETTINGS = (f"--PoolSafeKernelManager.memory_limit_mb={CEILING_MB}",
            f"--PoolSafeKernelManager.open_page_idle_timeout={IDLE}",
            f"--PoolSafeKernelManager.cull_interval={INTERVAL}")
END_TIMEOUT = 90_000  # ms


def open_probe(context: BrowserContext, url: str, lang: str = "en") -> tuple[Page, str]:
    page = context.new_page()
    kernel_ids: list[str] = []
    page.on("websocket", lambda ws: kernel_ids.extend(KERNEL_WS.findall(ws.url)))
    page.goto(f"{url}/?lang={lang}")
    expect(page.locator(MY_CARDS).first).to_be_visible(timeout=LOAD_TIMEOUT)
    assert kernel_ids, "the page opened no kernel websocket"
    return page, kernel_ids[0]


def play_a_card(page: Page) -> None:
    before = board_html(page)
    play_first_playable(page)
    wait_for_my_turn(page, before)


def notice(page: Page) -> str:
    box = page.locator(".tk-notice")
    expect(box).to_be_visible(timeout=END_TIMEOUT)
    return box.inner_text().strip()


def test_a_kernel_over_its_ceiling_ends_and_an_idle_open_page_is_told(
        context: BrowserContext, own_voila: Callable[..., AbstractContextManager[str]]) -> None:
    with own_voila("tests/browser/memory_probe.ipynb", LOG_NAME, *SETTINGS) as url:
        greedy, greedy_id = open_probe(context, url, lang="ja")
        pid = kernel_pid(greedy_id)
        assert pid is not None and process_tree_rss(pid) < CEILING_MB * MIB, "a fresh kernel is under the ceiling"
        play_a_card(greedy)
        grow = greedy.get_by_role("button", name="Hold 150 MiB more")
        for _ in range(3):  # the third click at the latest takes it over the ceiling
            if not process_alive(pid):
                break
            grow.click()
            greedy.wait_for_timeout(1_500)  # (not a timing assertion: only spaces the clicks)
        assert notice(greedy) == tr("widgets.dash.notice.memory", "ja")
        log = LOG.read_text(errors="replace")
        over = re.search(rf"Kernel {greedy_id} uses (\d+) MiB, over its ceiling of {CEILING_MB} MiB: ending it", log)
        assert over is not None and int(over.group(1)) > CEILING_MB, log[-3000:]

        def ended() -> bool:
            return not process_alive(pid) and f"Kernel shutdown: {greedy_id}" in LOG.read_text(errors="replace")

        _wait(ended, "the greedy kernel ended")

        # The server goes on: a new page loads and plays.
        calm, calm_id = open_probe(context, url)
        assert calm_id != greedy_id
        play_a_card(calm)
        calm_pid = kernel_pid(calm_id)
        assert calm_pid is not None and process_alive(calm_pid)

        # Left alone, the open page is told, then loses its kernel.
        assert notice(calm) == tr("widgets.dash.notice.idle", "en")
        _wait(lambda: not process_alive(calm_pid), "the idle page's kernel ended")
        log = LOG.read_text(errors="replace")
        assert re.search(rf"Culling kernel {calm_id}: its open page has been idle for (\d+) s", log), log[-3000:]
        assert "Traceback" not in log.split(f"Using pre-heated kernel: {greedy_id}")[-1], log[-3000:]


def _wait(check: Callable[[], bool], what: str, timeout: float = END_TIMEOUT / 1000) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout:.0f} s\n" + LOG.read_text(errors="replace")[-3000:])
        time.sleep(0.5)
