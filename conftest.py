"""pytest, for the whole checkout (tests/conftest.py holds the tests' fixtures)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent


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
