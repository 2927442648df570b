"""Notebooks are committed clean: no outputs, no execution counts, no saved widget state.

Outputs in git go stale, make diffs unreadable and can carry megabytes of widget state; nbval
runs every notebook from scratch anyway. To clean one: ``jupyter nbconvert --clear-output
--inplace NOTEBOOK`` and delete ``metadata.widgets`` (or "Clear All Outputs" and save without
"Save Widget State Automatically").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("notebooks", "dashboards", "bench/voila")
NOTEBOOKS = sorted(
    path for folder in FOLDERS for path in (ROOT / folder).rglob("*.ipynb")
    if ".ipynb_checkpoints" not in path.parts
)


def problems(notebook: dict) -> list[str]:
    found = []
    if "widgets" in notebook.get("metadata", {}):
        found.append("metadata.widgets (saved widget state)")
    for index, cell in enumerate(notebook.get("cells", [])):
        if cell.get("outputs"):
            found.append(f"cell {index}: {len(cell['outputs'])} stored output(s)")
        if cell.get("execution_count") is not None:
            found.append(f"cell {index}: execution_count {cell['execution_count']}")
        if "widgets" in cell.get("metadata", {}):
            found.append(f"cell {index}: metadata.widgets")
    return found


def test_the_dashboards_are_checked() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in NOTEBOOKS}
    assert {"dashboards/start.ipynb", "dashboards/play.ipynb", "dashboards/learn.ipynb",
            "dashboards/explore.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert not problems(notebook), f"{path.relative_to(ROOT)}: {problems(notebook)}"


def test_the_check_sees_outputs_and_widget_state() -> None:
    dirty = {
        "metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {}}},
        "cells": [{"cell_type": "code", "execution_count": 3, "metadata": {},
                   "outputs": [{"output_type": "stream", "name": "stdout", "text": "x"}],
                   "source": "print('x')"}],
    }
    assert len(problems(dirty)) == 3
    assert problems({"metadata": {}, "cells": [{"cell_type": "markdown", "metadata": {},
                                                "source": "# Title"}]}) == []
