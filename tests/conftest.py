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
