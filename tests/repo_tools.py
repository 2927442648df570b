"""The scripts in ``tools/``, loaded as modules by the tests that check them (``tools/`` is not
a package). ``tests/`` is on ``sys.path`` for every test, browser tests included, because
``tests/conftest.py`` lives there."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def load_tool(name: str) -> ModuleType:
    """``tools/<name>.py`` as the module ``name`` (registered in ``sys.modules``, as a
    dataclass defined in it needs)."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
