"""A Voilà server for the classroom's browser tests, with a class store of its own.

``classroom_server(config, tmp)`` serves ``dashboards/`` as ``conftest.py``'s ``_voila`` does
(``voila.json`` applies), with ``TABLEKIT_CLASS_DB`` pointing at a new SQLite file in ``tmp``:
every page's kernel and the test process open the same store, and nothing touches the default
store in the home folder. Used by a module-scoped fixture of the test file, so one server serves
the module's tests (the conftest's ``own_voila`` fixture is per test).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

HERE = Path(__file__).resolve().parent


def browser_conftest(config: pytest.Config) -> ModuleType:
    """The module ``tests/browser/conftest.py`` as pytest loaded it (its ``_voila``)."""
    for plugin in config.pluginmanager.get_plugins():
        path = getattr(plugin, "__file__", None)
        if path and Path(path).resolve() == HERE / "conftest.py":
            assert isinstance(plugin, ModuleType)
            return plugin
    raise LookupError("tests/browser/conftest.py is not loaded")


@contextlib.contextmanager
def classroom_server(config: pytest.Config, tmp: Path, log_name: str, *settings: str) -> Iterator[tuple[str, Path]]:
    """Serve ``dashboards/`` with a class store of its own: yields the base URL (no trailing
    slash) and the store's file."""
    db = tmp / "class.sqlite"
    before = os.environ.get("TABLEKIT_CLASS_DB")
    os.environ["TABLEKIT_CLASS_DB"] = str(db)  # (the server's kernels inherit it)
    try:
        with browser_conftest(config)._voila("dashboards", log_name, *settings) as url:
            yield url, db
    finally:
        if before is None:
            os.environ.pop("TABLEKIT_CLASS_DB", None)
        else:
            os.environ["TABLEKIT_CLASS_DB"] = before
