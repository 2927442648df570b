"""How pytest-xdist (``-n 2``) shares the suite between its workers: every browser test
(``tests/browser/``) runs in one worker, one after another, as they would alone (each drives
Chromium and a Voilà server; two at once would only make both slower and their waits longer),
while every other file runs whole in whichever worker is free (a notebook's cells must run in
order in one kernel, and a file's fixtures are made once). Without ``-n`` nothing changes.
(pytest-xdist's own ``--dist loadgroup`` does not group under pytest 9, whose node ids it can
no longer rename, hence this scheduler.) ``make test`` runs the browser tests in runs of their
own instead (the Makefile says how), and its xdist run holds none of them.

With the compiled engine, the doctests of compiled modules are not collected (see
``pytest_ignore_collect``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

BROWSER_TESTS = "tests/browser/"
ROOT = Path(__file__).resolve().parent

# Loaded as a conftest, never collected for doctests.
collect_ignore = ["conftest.py"]


@pytest.hookimpl(optionalhook=True)  # (a hook of pytest-xdist: unknown without it)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    from xdist.scheduler import LoadFileScheduling

    class BrowserTestsTogether(LoadFileScheduling):
        """``--dist loadfile``, with every browser test in one unit of work."""

        def _split_scope(self, nodeid: str) -> str:
            return BROWSER_TESTS if nodeid.startswith(BROWSER_TESTS) else super()._split_scope(nodeid)

    return BrowserTestsTogether(config, log)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """With the compiled engine, the doctests of compiled modules are not collected (pytest
    would import the extension, not the file): they run in the pure-Python run
    (TABLEKIT_PURE=1, see the Makefile's test target)."""
    if collection_path.suffix != ".py":
        return None
    from tablekit import build

    try:
        name = collection_path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return None
    return True if name in build.compiled_sources() else None
