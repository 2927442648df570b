"""Fixtures shared by the test files."""

from __future__ import annotations

from typing import Iterator

import pytest
import toy_game

from tablekit.core.registry import GameSpec


@pytest.fixture
def toy() -> Iterator[GameSpec]:
    """The toy trick game of ``tests/toy_game.py``, registered (with its texts) for one test."""
    with toy_game.registered() as game_spec:
        yield game_spec

# Loaded as a conftest, never collected for doctests: that import would clash with
# tests/browser/conftest.py (both are the module "conftest").
collect_ignore = ["conftest.py"]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[object]:
    """A private PostgreSQL server for the whole run (tests/helpers_postgres.py); skipped with
    a message where Debian's postgresql package is absent, and failing instead under CI."""
    import os

    import helpers_postgres

    bindir = helpers_postgres.postgres_bin()
    if bindir is None:
        message = ("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): "
                   "apt-get install -y postgresql to run the class store's PostgreSQL tests")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    server = helpers_postgres.PostgresServer(bindir)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: object) -> str:
    """The URL of a new, empty class store: an SQLite file, or a database on the test server."""
    if request.param == "sqlite":
        return str(tmp_path) + "/class.sqlite"
    return str(request.getfixturevalue("postgres_server").new_database())
