"""Notebooks are committed clean: no outputs, no execution counts, no saved widget state, except
the printed text of the cells nbval compares.

Outputs in git go stale, make diffs unreadable and can carry megabytes of widget state; nbval
runs every notebook from scratch anyway. The one exception is a cell with the comment
``# NBVAL_CHECK_OUTPUT``: nbval compares what it prints with the output stored in the notebook,
so that stored text (stdout only, a few lines) is the reference and cannot go stale unnoticed.
``.venv/bin/python tools/notebook_outputs.py NOTEBOOK`` runs a notebook and stores exactly that.
To clean one by hand: ``jupyter nbconvert --clear-output --inplace NOTEBOOK`` and delete
``metadata.widgets`` (or "Clear All Outputs" and save without "Save Widget State Automatically").
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("notebooks", "dashboards", "bench/voila")
NOTEBOOKS = sorted(
    path for folder in FOLDERS for path in (ROOT / folder).rglob("*.ipynb")
    if ".ipynb_checkpoints" not in path.parts
)
MAX_REFERENCE = 4000  # characters of stored text per check cell

_spec = importlib.util.spec_from_file_location("notebook_outputs", ROOT / "tools" / "notebook_outputs.py")
assert _spec and _spec.loader
notebook_outputs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(notebook_outputs)
is_check_cell = notebook_outputs.is_check_cell


def reference_problems(index: int, cell: dict) -> list[str]:
    """What is wrong with a check cell's stored reference (nbval skips a cell never run)."""
    outputs = cell.get("outputs", [])
    if not outputs or cell.get("execution_count") is None:
        return [f"cell {index}: # NBVAL_CHECK_OUTPUT without a stored reference (nbval would compare nothing)"]
    if any(o.get("output_type") != "stream" or o.get("name") != "stdout" for o in outputs):
        return [f"cell {index}: a check cell may store printed text only"]
    if sum(len("".join(o.get("text", ""))) for o in outputs) > MAX_REFERENCE:
        return [f"cell {index}: more than {MAX_REFERENCE} characters of reference"]
    return []


def problems(notebook: dict) -> list[str]:
    found = []
    if "widgets" in notebook.get("metadata", {}):
        found.append("metadata.widgets (saved widget state)")
    for index, cell in enumerate(notebook.get("cells", [])):
        if "widgets" in cell.get("metadata", {}):
            found.append(f"cell {index}: metadata.widgets")
        if is_check_cell(cell):
            found += reference_problems(index, cell)
            continue
        if cell.get("outputs"):
            found.append(f"cell {index}: {len(cell['outputs'])} stored output(s)")
        if cell.get("execution_count") is not None:
            found.append(f"cell {index}: execution_count {cell['execution_count']}")
    return found


def test_the_dashboards_are_checked() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in NOTEBOOKS}
    assert {"dashboards/start.ipynb", "dashboards/play.ipynb", "dashboards/learn.ipynb",
            "dashboards/explore.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert not problems(notebook), f"{path.relative_to(ROOT)}: {problems(notebook)}"


def code_cell(source: str, outputs: list[dict], count: int | None) -> dict:
    return {"cell_type": "code", "execution_count": count, "metadata": {}, "outputs": outputs, "source": source}


def test_the_check_sees_outputs_and_widget_state() -> None:
    printed = [{"output_type": "stream", "name": "stdout", "text": "x"}]
    dirty = {
        "metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {}}},
        "cells": [code_cell("print('x')", printed, 3)],
    }
    assert len(problems(dirty)) == 3
    assert problems({"metadata": {}, "cells": [{"cell_type": "markdown", "metadata": {},
                                                "source": "# Title"}]}) == []


def test_only_check_cells_keep_printed_text() -> None:
    check = "# NBVAL_CHECK_OUTPUT\nprint('x')"
    printed = [{"output_type": "stream", "name": "stdout", "text": "x\n"}]
    picture = [{"output_type": "display_data", "data": {"text/html": "<b>x</b>"}, "metadata": {}}]
    assert problems({"metadata": {}, "cells": [code_cell(check, printed, 2)]}) == []
    for outputs, count in ((printed, None), ([], 2), ([], None), (picture, 2),
                           ([{"output_type": "stream", "name": "stdout", "text": "x" * 5000}], 2)):
        assert problems({"metadata": {}, "cells": [code_cell(check, outputs, count)]}), (outputs, count)
    # nbval finds the marker on any comment line; a marked cell without a reference is caught too.
    assert problems({"metadata": {}, "cells": [code_cell("x = 1\n  ## NBVAL_CHECK_OUTPUT", [], None)]})
    assert not problems({"metadata": {}, "cells": [code_cell("print('# NBVAL_CHECK_OUTPUT')", [], None)]})
