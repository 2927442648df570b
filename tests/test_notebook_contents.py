"""The learning notebooks exist, name the python3 kernel, explain themselves in markdown and
check what they claim with ``assert`` lines (nbval runs them; this test checks their shape)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ("00_tour.ipynb", "10_up_and_down.ipynb", "20_page_one.ipynb", "30_ultimate.ipynb", "40_up_or_down.ipynb",
             "50_narabe_runo.ipynb",
             "90_strategy.ipynb", "95_write_a_bot.ipynb", "96_rl.ipynb")


def load(name: str) -> dict:
    return json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))


def sources(notebook: dict, kind: str) -> list[str]:
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == kind]


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_shape(name: str) -> None:
    notebook = load(name)
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    markdown, code = sources(notebook, "markdown"), sources(notebook, "code")
    assert markdown and markdown[0].startswith("# "), "a notebook opens with a markdown title"
    assert sum(line.lstrip().startswith("assert ") for cell in code for line in cell.splitlines()) >= 5
    assert not any("FigureWidget" in cell for cell in code), "plain go.Figure + fig.show() only"


def test_simulations_stay_in_one_process() -> None:
    code = "\n".join(sources(load("90_strategy.ipynb"), "code"))
    assert "simulate(" in code and "workers=1" in code and "workers=0" not in code


def test_learner_tables_keep_the_bot_delay() -> None:
    """Tables shown to a learner keep the default bot delay; only Python-driven ones set 0."""
    for cell in sources(load("10_up_and_down.ipynb"), "code"):
        if "PlayTable(" in cell and "bot_delay=0" in cell:
            assert "handle(" in cell, "a table with bot_delay=0 must be driven from Python in the same cell"
