"""Browser tests: the dashboards served by Voilà, driven by Debian's Chromium through Playwright.

Every test here is marked ``browser`` (``pytest -m "not browser"`` skips them). The fixtures:

- ``voila_url`` (session): ``python -m voila dashboards`` on a free loopback port, run from the
  repository root so ``voila.json`` applies (preheated kernels, culling, Voilà's cross-site
  request check on); stopped at the end. ``gallery_url`` (session): the same for
  ``tests/browser/gallery.ipynb`` alone (every zone kind, ``tablekit.widgets.gallery``);
  ``fit_table_url`` (session) for ``tests/browser/fit_table.ipynb`` (``fit_harness.py``);
  ``query_probe_url`` (session) for ``tests/browser/query_probe.ipynb`` (what a teacher link
  gives the kernel).
  ``own_voila``: a server started for one test alone, with the test's own settings (shorter
  timeouts, a lower memory ceiling) and environment. ``class_voila`` (session): a server for
  ``dashboards/`` whose class store (``TABLEKIT_CLASS_DB``) is a new SQLite file: (URL, file).
  Unlike ``make dashboards`` it shows tracebacks (by default Voilà shows only "There was an
  error when executing cell [n]"), so a failing test prints the real error; its log is
  ``test-artifacts/voila.log``.
- ``browser_type_launch_args``: pytest-playwright launches ``/usr/bin/chromium`` (never a
  downloaded browser: do not run ``playwright install``).
- ``browser_context_args``: a 1000x1500 viewport (Voilà's lab template scrolls inside a
  fixed-height container, so a screenshot shows only the viewport).
- ``context``: aborts every request that is not to the loopback server (the machines have no
  internet: CDN requests fail fast instead of timing out) and installs the hook that
  ``widget_models`` reads; ``page`` also records kernel websocket frames for ``widget_messages``.

Without Chromium the browser tests are skipped, except under CI (``CI`` set), where they fail.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from helpers_browser import (  # noqa: F401  (re-exported for tests)
    ARTIFACTS,
    INIT_SCRIPT,
    LOOPBACK,
    ROOT,
    artifact,
    assert_no_error_text,
    free_port,
    record_widget_messages,
    save_screenshot,
    stop_server,
    widget_messages,
    widget_models,
)
from playwright.sync_api import BrowserContext, Page, Route

HERE = Path(__file__).resolve().parent
GALLERY = HERE / "gallery.ipynb"
TOY_TABLE = HERE / "toy_table.ipynb"
QUERY_PROBE = HERE / "query_probe.ipynb"
FIT_TABLE = HERE / "fit_table.ipynb"
CHROMIUM = os.environ.get("TABLEKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
START_TIMEOUT = 90.0  # seconds; preheating a kernel per dashboard slows the start


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


def _log_tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


#: Variables a page's kernel reads as its visitor's request (Voilà's, the static site's): a
#: server started by a test process that has them (another test set them) would hand them to
#: every kernel, so every page would open with that request.
REQUEST_VARIABLES = ("QUERY_STRING", "SCRIPT_NAME", "PATH_INFO", "SERVER_NAME", "SERVER_PORT", "SERVER_PROTOCOL",
                     "SERVER_SOFTWARE", "TABLEKIT_SITE")


def server_env() -> dict[str, str]:
    """This process's environment without any visitor's request (``REQUEST_VARIABLES``, ``VOILA_*``)."""
    return {name: value for name, value in os.environ.items()
            if name not in REQUEST_VARIABLES and not name.startswith("VOILA_")}


@contextlib.contextmanager
def _voila(target: str, log_name: str, *settings: str, env: Mapping[str, str] | None = None) -> Iterator[str]:
    """Serve ``target`` (a folder or one notebook, relative to the repository root) with Voilà
    on a free loopback port, from the repository root so ``voila.json`` applies (its cross-site
    request check included); ``settings``: more command-line settings (a test's shorter
    timeouts); ``env``: environment variables for the server and its kernels (the class
    store's ``TABLEKIT_CLASS_DB``). Yields the base URL (no trailing slash)."""
    ARTIFACTS.mkdir(exist_ok=True)
    port = free_port()
    log_path = artifact(log_name)
    url = f"http://127.0.0.1:{port}"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", target, f"--port={port}", "--no-browser",
             "--Voila.ip=127.0.0.1", "--VoilaConfiguration.show_tracebacks=True", *settings],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True, env={**server_env(), **(env or {})},
        )
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while True:
                if proc.poll() is not None:
                    pytest.fail(f"voila exited with {proc.returncode}:\n{_log_tail(log_path)}")
                try:
                    with urllib.request.urlopen(url + "/", timeout=2) as response:
                        if response.status == 200:
                            break
                except (urllib.error.URLError, OSError):
                    pass
                if time.monotonic() > deadline:
                    pytest.fail(f"voila did not answer on {url} within {START_TIMEOUT:.0f} s:\n"
                                f"{_log_tail(log_path)}")
                time.sleep(0.25)
            yield url
        finally:
            stop_server(proc)


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    """Base URL (no trailing slash) of a Voilà server for ``dashboards/``."""
    with _voila("dashboards", "voila.log") as url:
        yield url


@pytest.fixture(scope="session")
def class_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A Voilà server for ``dashboards/`` whose class store is a new SQLite file (the server and
    its kernels get ``TABLEKIT_CLASS_DB``): (base URL without a trailing slash, the file). Tests
    open the same file with ``tablekit.classroom.ClassStore`` to set up classes as a teacher."""
    db = tmp_path_factory.mktemp("classroom") / "class.sqlite"
    with _voila("dashboards", "voila-class.log", env={"TABLEKIT_CLASS_DB": str(db)}) as url:
        yield url, db


@pytest.fixture(scope="session")
def toy_table_url() -> Iterator[str]:
    """URL of ``tests/browser/toy_table.ipynb``: the test-only toy game, registered in the page's
    kernel, on an ordinary PlayTable (served alone by Voilà)."""
    with _voila(str(TOY_TABLE.relative_to(ROOT)), "voila-toy.log") as url:
        yield url


@pytest.fixture(scope="session")
def gallery_url() -> Iterator[str]:
    """URL of the zone gallery page (``tests/browser/gallery.ipynb``, served alone by Voilà)."""
    with _voila(str(GALLERY.relative_to(ROOT)), "voila-gallery.log") as url:
        yield url + "/"


@pytest.fixture(scope="session")
def fit_table_url() -> Iterator[str]:
    """URL (with a trailing slash; add ``?query``) of ``tests/browser/fit_table.ipynb``, served
    alone by Voilà: the real dashboards driven stop by stop by ``fit_harness.py`` (whole seeded
    games of every preset, every lesson step) for the fit tests."""
    with _voila(str(FIT_TABLE.relative_to(ROOT)), "voila-fit.log") as url:
        yield url + "/"


@pytest.fixture(scope="session")
def query_probe_url() -> Iterator[str]:
    """URL (with a trailing slash; add ``?query``) of ``tests/browser/query_probe.ipynb``, served
    alone by Voilà with ``voila.json`` (preheated kernels): the page prints what its kernel got
    from the address (``tablekit.widgets.links.query_string`` and ``parse_setup``)."""
    with _voila(str(QUERY_PROBE.relative_to(ROOT)), "voila-query-probe.log") as url:
        yield url + "/"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        message = f"Chromium not found at {CHROMIUM}: apt-get install -y chromium"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "headless": True,
            "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1000, "height": 1500}}


def _loopback_only(route: Route) -> None:
    if route.request.url.startswith(LOOPBACK):
        route.continue_()
    else:
        route.abort()


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    context.route("**/*", _loopback_only)
    context.add_init_script(INIT_SCRIPT)
    return context


@pytest.fixture
def page(page: Page) -> Page:
    record_widget_messages(page)
    return page


@pytest.fixture
def own_voila() -> Callable[..., contextlib.AbstractContextManager[str]]:
    """``with own_voila(target, log_name, *settings, env=None) as url``: a Voilà server started for
    one test alone (log: ``artifact(log_name)``, in ``test-artifacts/``), with more command-line settings (shorter
    timeouts, a lower memory ceiling) and environment variables: for tests that watch every
    kernel of their server, wait for kernels to end or restart the server, so other tests'
    pages must not share it."""
    return _voila
