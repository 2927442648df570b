"""Rules never import presentation: tablekit.games loads no widget, plotting or table library."""

from __future__ import annotations

import json
import subprocess
import sys

FORBIDDEN = ("ipywidgets", "anywidget", "pandas", "plotly", "IPython", "numpy", "tqdm")


def _loaded_after(code: str) -> set[str]:
    probe = code + "\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_engine_imports_only_the_standard_library() -> None:
    loaded = _loaded_after(
        "import tablekit, tablekit.games, tablekit.bots, tablekit.testing\n"
        "from tablekit import make\n"
        "game = make('up_and_down', preset='carry_over', players=5)\n"
        "import tablekit.games.up_and_down.bots\n"
    )
    heavy = {m for m in loaded if m.split(".")[0] in FORBIDDEN}
    assert not heavy, sorted(heavy)


def test_the_probe_would_see_a_heavy_import() -> None:
    assert "pandas" in _loaded_after("import tablekit.sim, pandas")
