"""A Voilà server for the classroom's browser tests, with a class store and a teacher key of its
own, and pages on other devices.

``classroom_server(config, tmp, log_name, teacher_key)`` serves ``dashboards/`` as
``conftest.py``'s ``_voila`` does (``voila.json`` applies) with ``TABLEKIT_CLASS_DB`` pointing at
a new SQLite file in ``tmp`` and ``TABLEKIT_TEACHER_KEY`` set: every page's kernel and the test
process open the same store, and nothing touches the default store in the home folder. A test
module uses it in a module-scoped fixture, so one server serves the module's tests (the
conftest's ``own_voila`` is per test, ``class_voila`` has no teacher key of its own).

``device_page(config, context)``: a new page in a browser context of its own (another learner's
or the teacher's device), set up as the conftest's ``context`` and ``page`` fixtures set theirs
up (loopback only, ``INIT_SCRIPT``, websocket frames recorded).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from helpers_browser import INIT_SCRIPT, record_widget_messages
from playwright.sync_api import BrowserContext, Page

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
def classroom_server(config: pytest.Config, tmp: Path, log_name: str, teacher_key: str) -> Iterator[tuple[str, Path]]:
    """Serve ``dashboards/`` with a class store of its own and ``teacher_key`` as the teacher
    key: yields the base URL (no trailing slash) and the store's file."""
    db = tmp / "class.sqlite"
    env = {"TABLEKIT_CLASS_DB": str(db), "TABLEKIT_TEACHER_KEY": teacher_key}
    with browser_conftest(config)._voila("dashboards", log_name, env=env) as url:
        yield url, db


def device_page(config: pytest.Config, context: BrowserContext) -> Page:
    """A page of ``context`` (a new browser context: another device) that reaches the loopback
    server only and records its kernel frames (``widget_messages``)."""
    context.route("**/*", browser_conftest(config)._loopback_only)
    context.add_init_script(INIT_SCRIPT)
    page = context.new_page()
    record_widget_messages(page)
    return page
