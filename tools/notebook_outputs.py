"""Run notebooks top to bottom and store only the outputs that nbval compares.

A cell with the comment ``# NBVAL_CHECK_OUTPUT`` (on its first line, by our habit) shows a result worth reading, and nbval
(``--nbval-lax``, as ``make test`` runs it) compares what the cell prints now with the output
stored in the notebook. This script refreshes those stored references: it executes each
notebook in this environment's kernel, keeps the printed text of the check cells, and clears
every other output, execution count and saved widget state (``tests/test_notebooks_clean.py``
checks the result). Run it after changing what a check cell prints, and read the diff:

    .venv/bin/python tools/notebook_outputs.py notebooks/10_up_and_down.ipynb

A check cell may only print text (stdout): no pictures, widgets or tables as HTML.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

MARKER = "NBVAL_CHECK_OUTPUT"


def is_check_cell(cell: dict) -> bool:
    """Whether nbval compares this cell's output: read as nbval reads it, any comment line of
    the cell that says NBVAL_CHECK_OUTPUT."""
    lines = "".join(cell.get("source", "")).splitlines()
    return cell.get("cell_type") == "code" and any(
        line.strip().startswith("#") and line.strip().lstrip("#").strip() == MARKER for line in lines)


def keep_check_outputs(notebook: nbformat.NotebookNode) -> None:
    """Clear everything but the check cells' printed text, in place."""
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("widgets", None)
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        if not is_check_cell(cell):
            cell.outputs, cell.execution_count = [], None
            continue
        other = [o for o in cell.outputs if not (o.output_type == "stream" and o.name == "stdout")]
        if other or not cell.outputs:
            source = "".join(cell.source).splitlines()[1:2]
            raise SystemExit(f"a check cell must print text and nothing else: {source}")
        # One output for all the printed text, as nbval joins it before comparing.
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="".join(o.text for o in cell.outputs))]


def refresh(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=1800, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    keep_check_outputs(notebook)
    nbformat.write(notebook, path)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    for name in sys.argv[1:]:
        refresh(Path(name))
        print("refreshed", name)
