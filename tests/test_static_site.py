"""The static site's Python side, without building it (the browser test builds and plays it:
``tests/browser/test_static_site_in_browser.py``).

- In a kernel of the static site (``TABLEKIT_SITE=static``, set with the page's address by
  ``tools/site/tablekit-site.js``) teacher links are read from ``QUERY_STRING``, links name the
  ``.html`` pages, the start page offers only the site's pages, and the play page has no What-if
  panel (plotly is not on the site). Without that variable nothing changes.
- The pages import without process pools (Pyodide has no ``_multiprocessing``).
- ``tools/build_site.py``: the lock it writes lists exactly the wheels served, with their hashes;
  the sqlite3 stand-in has the names IPython uses; a Voici page gets paths relative to itself
  and the hand-over script; the pins agree with ``pyproject.toml``.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from repo_tools import load_tool

from tablekit.widgets import links
from tablekit.widgets.dashboards import play_dashboard
from tablekit.widgets.start import start_page

ROOT = Path(__file__).resolve().parent.parent
SITE_ENV = {"TABLEKIT_SITE": "static", "SERVER_NAME": "school.example", "SERVER_PORT": "443",
            "SCRIPT_NAME": "/tablekit/voici/render/play.html"}


build_site = load_tool("build_site")


@pytest.fixture
def static_site(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process as a kernel of the static site's play page (what tablekit-site.js sets)."""
    for name in ("VOILA_PREHEAT", "VOILA_KERNEL_ID"):
        monkeypatch.delenv(name, raising=False)
    for name, value in SITE_ENV.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(links, "_received", None)


def test_the_query_reaches_the_page_on_the_static_site(static_site: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "game=page_one&players=3&lock=1")
    assert links.on_static_site()
    assert links.query_string() == "game=page_one&players=3&lock=1"
    page = play_dashboard(bot_delay=0)
    assert page.table.match.game.name == "page_one" and page.table.match.game.num_players == 3
    assert page.game.disabled
    assert page.what_if not in page.children  # its chart needs plotly, which the site does not serve


def test_without_the_static_site_a_query_string_in_the_environment_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("VOILA_PREHEAT", "TABLEKIT_SITE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("QUERY_STRING", "game=page_one")
    monkeypatch.setattr(links, "_received", None)
    assert not links.on_static_site()
    assert links.query_string() == ""
    assert links.setup_link("play", game="page_one") == "play.ipynb?game=page_one"


def test_the_play_page_has_what_if_on_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLEKIT_SITE", raising=False)
    page = play_dashboard(bot_delay=0, query="")
    assert page.what_if in page.children


def test_links_and_the_start_page_name_the_sites_pages(static_site: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=ja")
    assert links.setup_link("learn", game="page_one", lesson=1) == "learn.html?game=page_one&lesson=page_one.eight"
    page = start_page()
    assert page.lang == "ja"
    assert page.dashboards == ("play", "learn")
    assert [value for _label, value in page.page_choice.options] == ["play", "learn"]
    assert re.findall(r'href="([^"]+)"', page.pages.value) == ["play.html?lang=ja", "learn.html?lang=ja"]
    assert page.url == "https://school.example/tablekit/voici/render/play.html"
    assert page.classroom.value == ""  # the class's pages need the server's class store


def test_the_pages_import_without_process_pools() -> None:
    code = ("import sys, tablekit.widgets.dashboards, tablekit.widgets.start, tablekit.sim.whatif, "
            "tablekit.sim.tournament\n"
            "print([m for m in ('multiprocessing', '_multiprocessing', 'concurrent.futures.process') "
            "if m in sys.modules])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


# --- tools/build_site.py ---------------------------------------------------------------------
def _wheel(folder: Path, name: str, version: str, modules: dict[str, str]) -> Path:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        for member, text in modules.items():
            zf.writestr(member, text)
        zf.writestr(f"{name}-{version}.dist-info/METADATA", f"Name: {name}\nVersion: {version}\n")
    return path


def test_the_lock_lists_exactly_the_wheels_served(tmp_path: Path) -> None:
    npm_lock = tmp_path / "npm-lock.json"
    npm_lock.write_text(json.dumps({"info": {"version": "0.27.6"}, "packages": {
        "traitlets": {"name": "traitlets", "version": "5.14.3", "depends": [], "imports": ["traitlets"],
                      "file_name": "traitlets-5.14.3-py3-none-any.whl", "sha256": "0" * 64},
        "prompt-toolkit": {"name": "prompt_toolkit", "version": "3.0.43", "depends": [], "imports": ["prompt_toolkit"],
                           "file_name": "x.whl", "sha256": "0" * 64},
        "numpy": {"name": "numpy", "version": "2.0.2", "depends": [], "imports": ["numpy"], "file_name": "n.whl",
                  "sha256": "0" * 64},
    }}))
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    served = [_wheel(wheels, "traitlets", "5.14.3", {"traitlets/__init__.py": ""}),
              _wheel(wheels, "prompt_toolkit", "3.0.43", {"prompt_toolkit/__init__.py": ""}),
              _wheel(wheels, "comm", "0.2.3", {"comm/__init__.py": ""}),
              _wheel(wheels, "psygnal", "0.15.1", {"psygnal/__init__.py": ""})]
    out = tmp_path / "pyodide"
    out.mkdir()
    with pytest.raises(SystemExit, match="does not serve"):  # anywidget needs ipywidgets, not served here
        build_site.write_lock(npm_lock, served + [_wheel(wheels, "segno", "1.6.6", {"segno/__init__.py": ""}),
                                                  _wheel(wheels, "anywidget", "0.11.0", {"anywidget/__init__.py": ""})],
                              out)
    build_site.write_lock(npm_lock, served, out)
    lock = json.loads((out / "pyodide-lock.json").read_text())
    assert sorted(lock["packages"]) == ["comm", "prompt-toolkit", "psygnal", "traitlets"]  # numpy is gone
    for key, entry in lock["packages"].items():
        wheel = out / entry["file_name"]
        assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest(), key
    assert lock["packages"]["comm"]["imports"] == ["comm"]
    assert lock["packages"]["prompt-toolkit"]["name"] == "prompt_toolkit"  # keyed by canonical name

    wrong = _wheel(tmp_path, "traitlets", "5.0.0", {"traitlets/__init__.py": ""})
    with pytest.raises(SystemExit, match="locks traitlets 5.14.3"):
        build_site.write_lock(npm_lock, [wrong], out)


def test_the_sqlite3_stand_in_has_what_ipython_names(tmp_path: Path) -> None:
    wheel = build_site.stand_in_wheel("sqlite3", "1.0.0", tmp_path, build_site.STAND_INS["sqlite3"])
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        source = zf.read("sqlite3/__init__.py").decode()
        record = zf.read("sqlite3-1.0.0.dist-info/RECORD").decode()
    assert set(names) == {"sqlite3/__init__.py", "sqlite3-1.0.0.dist-info/METADATA",
                          "sqlite3-1.0.0.dist-info/WHEEL", "sqlite3-1.0.0.dist-info/RECORD"}
    assert "sqlite3/__init__.py,sha256=" in record
    module: dict[str, Any] = {}
    exec(compile(source, "sqlite3", "exec"), module)
    for name in ("DatabaseError", "OperationalError", "IntegrityError", "Connection", "PARSE_DECLTYPES",
                 "PARSE_COLNAMES", "connect"):
        assert name in module, name
    with pytest.raises(module["OperationalError"]):
        module["connect"](":memory:")
    assert build_site.top_level_imports(wheel) == ["sqlite3"]
    empty = build_site.stand_in_wheel("ssl", "1.0.0", tmp_path, build_site.STAND_INS["ssl"])
    assert build_site.top_level_imports(empty) == []


def test_a_voici_page_gets_paths_from_itself_and_the_hand_over_script(tmp_path: Path) -> None:
    config = {"baseUrl": "../../", "litePluginSettings": {build_site.KERNEL_SETTINGS: {
        "pipliteUrls": ["./extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/all.json?sha256=1"]}},
        "notebookSrc": {"cells": [{"source": "print('</script>')"}]}}
    page = tmp_path / "play.html"
    safe = json.dumps(config).replace("<", "\\u003c")  # (as Jinja's tojson writes it)
    page.write_text(f'<html><script id="jupyter-config-data" type="application/json">{safe}</script>\n'
                    f'{build_site._VOICI_JS}\n</html>')
    build_site.finish_page(page)
    text = page.read_text()
    assert text.index('<script src="../../static/tablekit-site.js"></script>') < text.index(build_site._VOICI_JS)
    body = re.search(r'type="application/json">(.*?)</script>', text, re.DOTALL)
    assert body is not None
    settings = json.loads(body.group(1))["litePluginSettings"][build_site.KERNEL_SETTINGS]
    assert settings == {"pyodideUrl": "../../static/pyodide/pyodide.js", "disablePyPIFallback": True,
                        "pipliteUrls": ["../../extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/all.json?sha256=1"],
                        "loadPyodideOptions": {"packages": list(build_site.PRELOAD)}}
    assert json.loads(body.group(1))["notebookSrc"]["cells"][0]["source"] == "print('</script>')"

    (tmp_path / "other.html").write_text("<html>no config</html>")
    with pytest.raises(SystemExit, match="not a Voici page"):
        build_site.finish_page(tmp_path / "other.html")


def test_the_sites_pins_agree_with_the_project() -> None:
    pins = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+) --hash=sha256:[0-9a-f]{64}$",
                           build_site.REQUIREMENTS.read_text(), re.MULTILINE))
    pyproject = (ROOT / "pyproject.toml").read_text()
    for name in ("ipywidgets", "anywidget", "segno"):  # the browser's kernel and the server's match
        assert f'"{name}=={pins[name]}"' in pyproject, name
    assert set(build_site.ADDED_DEPENDS) - {"tablekit"} <= set(pins)
    for needs in build_site.ADDED_DEPENDS.values():
        assert {build_site.canonical(n) for n in needs} <= {build_site.canonical(p) for p in pins} | {"tablekit"}
    assert build_site.PAGES == ("start", *links.SITE_PAGES)
    assert all((ROOT / "dashboards" / f"{page}.ipynb").exists() for page in build_site.PAGES)
