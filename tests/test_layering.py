"""Rules never import presentation: tablekit.games loads no widget, plotting or table library,
and neither the engine nor the one controller (tablekit.session) loads the class store's
database toolkit."""

from __future__ import annotations

import json
import subprocess
import sys

FORBIDDEN = ("ipywidgets", "anywidget", "pandas", "plotly", "IPython", "numpy", "tqdm", "sqlalchemy", "psycopg")


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


def test_the_session_imports_no_database_toolkit() -> None:
    loaded = _loaded_after(
        "import tablekit.session, tablekit.core\n"
        "from tablekit import make\n"
        "from tablekit.session import MemoryLog, Session\n"
        "s = Session(make('page_one', players=3), seed=1, log=MemoryLog(), remote={1})\n"
        "_ = s.play(s.legal_actions()[0])\n"
    )
    heavy = {m for m in loaded if m.split(".")[0] in FORBIDDEN}
    assert not heavy, sorted(heavy)


def test_the_engine_and_the_session_work_without_the_classroom_extra() -> None:
    probe = (
        "import sys\n"
        "sys.modules['sqlalchemy'] = sys.modules['psycopg'] = None  # as if not installed\n"
        "import tablekit, tablekit.games, tablekit.session, tablekit.__main__\n"
        "from tablekit.session import MemoryLog, Session\n"
        "s = Session(tablekit.make('up_and_down', players=2), seed=1, log=MemoryLog())\n"
        "_ = s.play(s.legal_actions()[0]); _ = s.run_bots()\n"
        "try:\n"
        "    import tablekit.classroom\n"
        "except ImportError:\n"
        "    print('no classroom')\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "no classroom", out.stderr


def test_the_class_store_imports_no_widget_or_table_library() -> None:
    loaded = _loaded_after("import tablekit.classroom")
    assert "sqlalchemy" in loaded
    heavy = {m for m in loaded if m.split(".")[0] in FORBIDDEN and m.split(".")[0] not in ("sqlalchemy", "psycopg")}
    assert not heavy, sorted(heavy)


def test_the_probe_would_see_a_heavy_import() -> None:
    assert "pandas" in _loaded_after("import tablekit.sim, pandas")
