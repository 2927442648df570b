"""The static site (``make site``, ``tools/build_site.py``) in Chromium, offline.

Once per test session the site is built into a temporary folder (downloads come from the
build's cache, ``~/.cache/tablekit-site``, filled on the first build) and served by
``python -m http.server`` on the loopback. Every request to any other host is aborted and
recorded, and so is every console error, page error and failed response: each test asserts that
there were none. Python runs in the page (Pyodide): there is no kernel websocket, so the widget
traffic is not recorded here (on the static site every card is in the browser anyway: the
README says the site is for learning and practice).

- The play page from a teacher's link (``play.html?game=page_one&...``: the query reaches the
  kernel through ``tools/site/tablekit-site.js``) plays a round of American Page One by clicking.
- The learn page finishes Up&Down's first lesson by clicking.
- The site's root opens the start page, which offers the two pages the site has, with links to
  this site's ``.html`` pages.

The build needs the ``site`` extra and npm (or a filled cache): without them the tests are
skipped with the reason, except under CI (``CI`` set), where they fail. The time from opening
the play page to its first playable card is written to ``test-artifacts/static-site.txt``
(measured, never asserted).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers_browser import ARTIFACTS, LOOPBACK, ROOT, assert_no_error_text, free_port, save_screenshot, stop_server
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Response, Route, expect
from repo_tools import load_tool
from tk_page import (
    PAGE_ONE_MOVE, TABLE, finish_lesson, play_page_one_round, set_range,
)

from tablekit.games.up_and_down.lessons import LESSONS
from tablekit.i18n import tr

pytestmark = pytest.mark.browser

BUILD_TIMEOUT = 900.0  # seconds: a cold build downloads ~20 MB; a warm one takes ~20-40 s
LOAD_TIMEOUT = 120_000  # ms: Pyodide starts in the page, then loads the wheels
# ms: one move and the bots' answers, or one lesson step. Python runs in the page (Pyodide), far
# slower than a kernel: on a loaded two-core machine a Page One move took more than 15 s.
PYODIDE_STEP_TIMEOUT = 60_000
ROUND_BUDGET = 600.0  # seconds for a round of Page One (the bots play in the browser too)
MAX_CLICKS = 300


@contextlib.contextmanager
def _http_server(folder: Path) -> Iterator[str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(ARTIFACTS / "static-site-http.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", str(folder)], stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/", timeout=2):
                    break
            except (urllib.error.URLError, OSError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"python -m http.server did not answer on {url}")
                time.sleep(0.1)
        yield url
    finally:
        stop_server(proc)
        log.close()


@pytest.fixture(scope="session")
def static_site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL (no trailing slash) of the static site, built once for the session."""
    build_site = load_tool("build_site")
    reason = build_site.cannot_build()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"the static site cannot be built: {reason}")
        pytest.skip(f"the static site cannot be built here: {reason}")
    ARTIFACTS.mkdir(exist_ok=True)
    out = tmp_path_factory.mktemp("static-site") / "site"
    started = time.monotonic()
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            timeout=BUILD_TIMEOUT)
    if result.returncode != 0:
        pytest.fail(f"tools/build_site.py failed:\n{result.stdout[-4000:]}")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    with open(ARTIFACTS / "static-site.txt", "a") as notes:
        notes.write(f"build: {time.monotonic() - started:.0f} s, {size / 1e6:.1f} MB\n")
    with _http_server(out) as url:
        yield url


class Offline:
    """What a page asked of other hosts (aborted) and every error it showed in the console."""

    def __init__(self, context: BrowserContext, page: Page) -> None:
        self.blocked: list[str] = []
        self.errors: list[str] = []
        context.route("**/*", self._route)  # (added after conftest's: this one runs first)
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("response", self._response)

    def _route(self, route: Route) -> None:
        if route.request.url.startswith(LOOPBACK):
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort()

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text[:500]}")

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.errors.append(f"{response.status} {response.url}")

    def check(self) -> None:
        assert self.blocked == [], f"requests to other hosts: {self.blocked}"
        assert self.errors == [], "\n".join(self.errors)


@pytest.fixture
def offline(context: BrowserContext, page: Page) -> Offline:
    return Offline(context, page)


def test_a_teacher_link_plays_a_round_of_page_one_offline(page: Page, offline: Offline, static_site_url: str) -> None:
    link = "game=page_one&preset=classic&players=4&lang=en&lock=1"
    started = time.monotonic()
    page.goto(f"{static_site_url}/voici/render/play.html?{link}")
    # (the deal may open with a move button alone: a Two to answer, a card to draw)
    expect(page.locator(PAGE_ONE_MOVE).first).to_be_visible(timeout=LOAD_TIMEOUT)
    with open(ARTIFACTS / "static-site.txt", "a") as notes:
        notes.write(f"play page (teacher link) to the first move I can make: {time.monotonic() - started:.1f} s\n")
    # The link reached Python: Page One, four seats, the game fixed (lock=1).
    expect(page.locator(f"{TABLE} .tk-title")).to_contain_text(tr("page_one.title", "en"))
    expect(page.get_by_label(tr("widgets.dash.game", "en"), exact=True)).to_be_disabled()
    expect(page.locator(f"{TABLE} .tk-side-hands .tk-hand, {TABLE} .tk-board .tk-hand")).to_have_count(4)
    set_range(page, f"{TABLE} .tk-speed", 0)

    clicks, _refusal = play_page_one_round(page, ROUND_BUDGET, MAX_CLICKS, PYODIDE_STEP_TIMEOUT)

    summary = page.locator(f"{TABLE} .tk-summary.tk-final")
    expect(summary).to_be_visible()
    expect(summary.locator(".tk-revealed-hand")).to_have_count(4)
    expect(summary.locator(".tk-play-again")).to_be_visible()
    assert clicks > 0
    save_screenshot(page, "static-site-page-one-over")
    assert_no_error_text(page)
    offline.check()


def test_the_learn_page_finishes_a_lesson_offline(page: Page, offline: Offline, static_site_url: str) -> None:
    page.goto(f"{static_site_url}/voici/render/learn.html")
    expect(page.locator(f"{TABLE} .tk-lesson-title")).to_have_text(tr(LESSONS[0].title, "en"), timeout=LOAD_TIMEOUT)

    def move(_lesson: Any, _k: int, step: Any) -> str:
        page.locator(f'{TABLE} .tk-hand.tk-current .tk-card.tk-playable[data-code="{step.action}"]').first.click()
        return "hand"

    ways: set[str] = set()
    finish_lesson(page, 0, LESSONS, move, ways, PYODIDE_STEP_TIMEOUT)
    assert ways == {"hand"}
    save_screenshot(page, "static-site-lesson-complete")
    assert_no_error_text(page)
    offline.check()


def test_the_root_opens_the_start_page_with_this_sites_links(page: Page, offline: Offline,
                                                              static_site_url: str) -> None:
    page.goto(f"{static_site_url}/?lang=en")
    expect(page).to_have_url(f"{static_site_url}/voici/render/start.html?lang=en", timeout=LOAD_TIMEOUT)
    cards = page.locator(".tk-start-pages a")
    expect(cards).to_have_count(2, timeout=LOAD_TIMEOUT)  # play and learn: explore is not on the site
    assert cards.evaluate_all("(els) => els.map((a) => a.getAttribute('href'))") == [
        "play.html?lang=en", "learn.html?lang=en"]
    # The link builder writes links to this site's pages, from the address the page was opened with.
    expect(page.locator(".tk-start-link code")).to_have_text(f"{static_site_url}/voici/render/play.html")
    save_screenshot(page, "static-site-start")
    assert_no_error_text(page)
    offline.check()
