"""Jupyter widgets over the engine: ``PlayTable``, ``RuleWalkthrough``, ``StatsExplorer``.

Nothing else in tablekit imports this package. The widget classes load on first use, so
``import tablekit.widgets`` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "PlayTable": "tablekit.widgets.play_table",
    "RuleWalkthrough": "tablekit.widgets.walkthrough",
    "StatsExplorer": "tablekit.widgets.stats_explorer",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'tablekit.widgets' has no attribute {name!r}")
