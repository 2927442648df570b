"""The learning notebooks exist, name the python3 kernel and read as lessons: a markdown title,
prose around short code cells, and (in the game notebooks) worked examples whose printed result
nbval compares, the lessons and a table, with no cells of checks. The checks that used to sit in
``assert`` cells are in ``tests/test_notebook_checks.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME_NOTEBOOKS = ("10_up_and_down.ipynb", "20_page_one.ipynb", "30_ultimate.ipynb", "40_up_or_down.ipynb",
                  "50_narabe_runo.ipynb")
OTHER_NOTEBOOKS = ("00_tour.ipynb", "90_strategy.ipynb", "95_write_a_bot.ipynb", "96_rl.ipynb")
NOTEBOOKS = GAME_NOTEBOOKS + OTHER_NOTEBOOKS


def load(name: str) -> dict:
    return json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))


def sources(notebook: dict, kind: str) -> list[str]:
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == kind]


def assert_lines(cell: str) -> int:
    return sum(line.lstrip().startswith("assert ") for line in cell.splitlines())


def test_every_notebook_is_listed() -> None:
    assert sorted(NOTEBOOKS) == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_shape(name: str) -> None:
    notebook = load(name)
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    markdown, code = sources(notebook, "markdown"), sources(notebook, "code")
    assert markdown and markdown[0].startswith("# "), "a notebook opens with a markdown title"
    assert not any("FigureWidget" in cell for cell in code), "plain go.Figure + fig.show() only"


@pytest.mark.parametrize("name", GAME_NOTEBOOKS)
def test_game_notebook_reads_as_a_lesson(name: str) -> None:
    notebook = load(name)
    markdown, code = sources(notebook, "markdown"), sources(notebook, "code")
    assert not any(assert_lines(cell) for cell in code), "checks belong in tests/, not in a lesson"
    text = "\n".join(markdown).lower()
    assert not re.search(r"for (the )?teachers?:|checking .*from python", text), "no checking sections"
    assert any("NBVAL_CHECK_OUTPUT" in cell for cell in code), "a worked example whose result nbval compares"
    assert any("RuleWalkthrough(" in cell for cell in code) and any("PlayTable(" in cell for cell in code)
    assert any("explain(" in cell and ".text(\"ja\")" in cell for cell in code), "a reason, in Japanese too"
    assert len(markdown) >= len(code) - 2, "prose around the code"


@pytest.mark.parametrize("name", OTHER_NOTEBOOKS)
def test_other_notebooks_keep_only_teaching_asserts(name: str) -> None:
    """The tour, the strategy lab, the bot and the RL notebooks keep their content; an assert
    stays only where it teaches (testing your own bot), never as a cell of checks."""
    code = sources(load(name), "code")
    assert all(assert_lines(cell) <= 1 for cell in code)
    assert sum(assert_lines(cell) for cell in code) <= 2
    assert any("NBVAL_CHECK_OUTPUT" in cell for cell in code), "a printed result that nbval compares"


def test_simulations_stay_in_one_process() -> None:
    code = "\n".join(sources(load("90_strategy.ipynb"), "code"))
    assert "simulate(" in code and "workers=1" in code and "workers=0" not in code


def test_learner_tables_keep_the_bot_delay() -> None:
    """Tables shown to a learner keep the default bot delay; only Python-driven ones set 0."""
    for name in NOTEBOOKS:
        for cell in sources(load(name), "code"):
            if "PlayTable(" in cell and "bot_delay=0" in cell:
                assert "handle(" in cell, f"{name}: a table with bot_delay=0 must be driven from Python in the same cell"
