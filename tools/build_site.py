"""Build the static site: the play, learn and start pages as a Voici site that runs in the browser.

``make site`` runs ``python tools/build_site.py --out site``. The result is a folder of plain files
that any static web server can serve (``python -m http.server``, a school's web server, GitHub
Pages, a USB stick opened through a local server): every page runs Python in the visitor's
browser (Pyodide), and the site asks no other host for anything.

What it does, in order:

1. **Pyodide** from npm, ``pyodide@0.27.6`` (the version jupyterlite-pyodide-kernel 0.6.1 expects):
   ``npm pack``, then the tarball's sha512 is checked against the pinned integrity below. The npm
   package has the runtime (``pyodide.js``, ``pyodide.asm.wasm``, ``python_stdlib.zip``) and
   ``pyodide-lock.json``, but no package wheels.
2. **Wheels** from PyPI, ``tools/site_requirements.txt`` (every version pinned with its hash):
   what the pages import (ipywidgets, anywidget, ...) and what the Pyodide kernel loads when
   it starts (micropip, IPython and its needs, at the exact versions of Pyodide's lock).
3. **tablekit's wheel**, built from this checkout (``pip wheel``).
4. **pyodide-lock.json** rewritten to list exactly the wheels the site serves (file names and
   sha256 of the downloaded wheels; tablekit and the widget libraries added), so the kernel
   loads everything from the site. Two entries of Pyodide's lock are compiled parts of the
   standard library that only Pyodide's full distribution has, not the npm package: ``ssl``
   and ``sqlite3`` (with ``openssl``). The kernel asks for them when it starts, so the site
   serves stand-in wheels under their names (``STAND_INS``): in the browser ``import ssl``
   fails, and ``sqlite3`` has only the names IPython needs with its history off (nothing of
   tablekit needs either).
5. **voici build** of ``dashboards/play.ipynb``, ``learn.ipynb`` and ``start.ipynb`` with the
   Pyodide kernel (``jupyterlite-pyodide-kernel``) and the dashboards' Voilà template
   (``share/jupyter/voila/templates/tablekit``: no stylesheet from a CDN), without source maps.
6. **Finishing the pages**: Voici writes the kernel's paths relative to the site's root
   (``./static/pyodide/pyodide.js``), but the dashboards are two folders down
   (``voici/render/play.html``), so each page gets them relative to itself, with the PyPI
   fallback off and ``PRELOAD`` loaded as Pyodide starts; each page loads ``tools/site/tablekit-site.js`` (it hands the page's address
   to the kernel: teacher links work); the site's root ``index.html`` opens the start page.
   Left out: JupyterLite's own JupyterLab application (``build/``) and the front-end
   extensions the pages do not use (``UNUSED_EXTENSIONS``: plotly's would load on every page).

Downloads are kept in a cache folder (``--cache``, default ``~/.cache/tablekit-site``) under a
name made from the pinned versions, so a second build downloads nothing and a changed pin
downloads afresh. Needs: this environment with the ``site`` extra (``pip install -e .[site]``),
``npm`` (Node.js), and the package registries (PyPI, npm) when the cache is empty.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "tools" / "site_requirements.txt"
SITE_FILES = ROOT / "tools" / "site"
TEMPLATE_DATA = ROOT / "share" / "jupyter"  # holds voila/templates/tablekit
#: The dashboards on the static site (``dashboards/<name>.ipynb``). The explore page is not:
#: it needs pandas and numpy, which have no Pyodide wheels on PyPI or npm (see README).
PAGES = ("start", "play", "learn")

PYODIDE_VERSION = "0.27.6"
#: npm's integrity of pyodide-0.27.6.tgz (``npm view pyodide@0.27.6 dist.integrity``).
PYODIDE_INTEGRITY = "sha512-ahiSHHs6iFKl2f8aO1wALINAlMNDLAtb44xCI87GQyH2tLDk8F8VWip3u1ZNIyglGSCYAOSFzWKwS1f9gBFVdg=="
#: The files of the npm package the site serves (the rest are typings, maps and a demo page).
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")

#: What the wheels the site adds to Pyodide's lock need in the browser ("depends"): only what
#: the pages import. ipywidgets' widgetsnbextension and jupyterlab_widgets are front-end
#: packages (their JavaScript is part of the Voici build), so the kernel needs neither.
ADDED_DEPENDS = {
    "tablekit": ["ipywidgets", "anywidget", "segno"],
    "ipywidgets": ["comm", "ipython", "traitlets"],
    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
    "comm": [],
    "psygnal": [],
    "segno": [],
}
#: Entries of Pyodide's lock that are compiled parts of CPython, in Pyodide's full distribution
#: only: the site serves stand-in wheels under these names (see the module docstring), with the
#: module text given here. ``ssl``: none (``import ssl`` fails, and nothing the pages run needs
#: it). ``sqlite3``: IPython 8.23 imports it at start and names its errors and ``Connection``
#: even with its history off (as the Pyodide kernel has it), so the stand-in has those names;
#: ``connect`` says there is no SQLite here.
STAND_INS: dict[str, str | None] = {
    "ssl": None,
    "sqlite3": '''"""A stand-in for the standard library's sqlite3 on tablekit's static site (tools/build_site.py):
the npm package of Pyodide has no SQLite. IPython's history, off in the Pyodide kernel, names these."""


class Error(Exception):
    pass


class DatabaseError(Error):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


class Connection:
    pass


PARSE_DECLTYPES = 1
PARSE_COLNAMES = 2


def connect(*args, **kwargs):
    raise OperationalError("there is no SQLite on this static site")
''',
}
#: Front-end extensions of the build environment that the site's pages do not use, left out
#: of the site: plotly's (its 4.8 MB chunk would load on every page; the site draws no plotly
#: chart, as the What-if panel is server-only) and JupyterLab's Voilà preview button.
UNUSED_EXTENSIONS = ("jupyterlab-plotly", "@voila-dashboards/jupyterlab-preview")
#: What the page's Pyodide loads as it starts, all at once (``loadPyodideOptions.packages``):
#: the kernel's needs, which it would otherwise install one after another, and tablekit with
#: the widget libraries, which the first cell would load only once the kernel is up: the first
#: card shows 1-3 s sooner on this machine (bench/site_first_card.py).
PRELOAD = ("micropip", "ssl", "sqlite3", "comm", "jedi", "ipython", "tablekit")
#: Pyodide's plugin settings key for the kernel.
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"


#: Where downloads are kept between builds (``--cache``).
DEFAULT_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tablekit-site"


def log(message: str) -> None:
    print(f"build_site: {message}", file=sys.stderr, flush=True)


def canonical(name: str) -> str:
    """A distribution name as PyPI compares them (``Prompt_Toolkit`` -> ``prompt-toolkit``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def cache_key() -> str:
    """A folder name that changes whenever a pin does."""
    digest = hashlib.sha256(f"{PYODIDE_VERSION} {PYODIDE_INTEGRITY}\n".encode() + REQUIREMENTS.read_bytes())
    return f"pyodide-{PYODIDE_VERSION}-{digest.hexdigest()[:12]}"


def run(cmd: list[str], **kwargs: object) -> None:
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        sys.exit(f"build_site: {' '.join(map(str, cmd[:4]))} ... failed:\n{result.stdout[-4000:]}")


# --- 1. Pyodide from npm -----------------------------------------------------------------------
def sri_sha512(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_pyodide(cache: Path) -> Path:
    """The unpacked npm package (its ``package/`` folder), from the cache or ``npm pack``."""
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists() or sri_sha512(tarball) != PYODIDE_INTEGRITY:
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("build_site: npm (Node.js) is needed to fetch Pyodide: apt-get install -y nodejs npm")
        log(f"npm pack pyodide@{PYODIDE_VERSION}")
        with tempfile.TemporaryDirectory() as tmp:
            run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", "--pack-destination", tmp])
            packed = Path(tmp) / f"pyodide-{PYODIDE_VERSION}.tgz"
            if sri_sha512(packed) != PYODIDE_INTEGRITY:
                sys.exit(f"build_site: pyodide-{PYODIDE_VERSION}.tgz does not have the pinned integrity")
            shutil.copyfile(packed, tarball)
    unpacked = cache / "pyodide"
    if not (unpacked / "package" / "pyodide-lock.json").exists():
        shutil.rmtree(unpacked, ignore_errors=True)
        with tarfile.open(tarball) as tar:
            tar.extractall(unpacked, filter="data")
    return unpacked / "package"


# --- 2. and 3. the wheels ------------------------------------------------------------------------
def fetch_wheels(cache: Path) -> list[Path]:
    """The pinned wheels (pure Python, checked against their hashes), from the cache or PyPI."""
    wheels = cache / "wheels"
    wheels.mkdir(exist_ok=True)
    log("pip download (tools/site_requirements.txt)")
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--require-hashes",
         "--only-binary=:all:", "--platform", "any", "--implementation", "py", "--abi", "none",
         "--python-version", "3.12", "-d", str(wheels), "-r", str(REQUIREMENTS)])
    pins = {canonical(m.group(1)): m.group(2) for m in
            re.finditer(r"^([A-Za-z0-9_.-]+)==([^\s]+)", REQUIREMENTS.read_text(), re.MULTILINE)}
    found = [w for w in sorted(wheels.glob("*.whl")) if pins.get(canonical(w.name.split("-")[0])) == w.name.split("-")[1]]
    missing = set(pins) - {canonical(w.name.split("-")[0]) for w in found}
    if missing:
        sys.exit(f"build_site: no wheel for {', '.join(sorted(missing))}")
    return found


def build_tablekit_wheel(out: Path) -> Path:
    """tablekit's wheel, built from this checkout's sources, pure Python (``TABLEKIT_PURE=1``:
    Pyodide cannot load the compiled engine's CPython extensions). It is built from a copy of
    the sources, because setup.py first removes an earlier build's extensions, and the ones
    beside the checkout's sources belong to its editable install."""
    log("pip wheel (tablekit from this checkout, pure Python)")
    with tempfile.TemporaryDirectory(prefix="tablekit-wheel-") as tmp:
        source = Path(tmp) / "tablekit"
        for name in ("pyproject.toml", "setup.py", "README.md"):
            source.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
        shutil.copytree(ROOT / "tablekit", source / "tablekit",
                        ignore=shutil.ignore_patterns("*.so", "_compiled.json", "__pycache__"))
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(source)],
            env={**os.environ, "TABLEKIT_PURE": "1"})
    (wheel,) = out.glob("tablekit-*.whl")
    return wheel


def stand_in_wheel(name: str, version: str, out: Path, module: str | None = None) -> Path:
    """A wheel named ``name`` holding ``module`` as ``name/__init__.py`` (None: no module)."""
    dist = f"{name}-{version}.dist-info"
    files = {} if module is None else {f"{name}/__init__.py": module}
    files |= {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                            "Summary: tablekit's static site: a stand-in (the module is not in the npm package)\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: tablekit build_site\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{path},sha256={_record_hash(text.encode())},{len(text.encode())}\n" for path, text in files.items())
    files[f"{dist}/RECORD"] = record + f"{dist}/RECORD,,\n"
    path = out / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for member, text in files.items():
            zf.writestr(zipfile.ZipInfo(member, date_time=(2020, 1, 1, 0, 0, 0)), text)
    return path


def _record_hash(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def top_level_imports(wheel: Path) -> list[str]:
    """The importable top-level names of a wheel (its packages and modules)."""
    with zipfile.ZipFile(wheel) as zf:
        tops = {n.split("/")[0] for n in zf.namelist()}
    names = {t[:-3] if t.endswith(".py") else t for t in tops if not t.endswith((".dist-info", ".data"))}
    return sorted(n for n in names if n.isidentifier())


# --- 4. pyodide-lock.json ----------------------------------------------------------------------
def write_lock(npm_lock: Path, wheels: list[Path], pyodide_dir: Path) -> dict[str, str]:
    """Copy ``wheels`` into ``pyodide_dir`` and write its ``pyodide-lock.json`` listing exactly
    them: Pyodide's own entries keep their imports and needs (their version must be the
    pinned one), the added ones get ``ADDED_DEPENDS``. Returns name -> version served."""
    lock = json.loads(npm_lock.read_text())
    theirs = {canonical(name): entry for name, entry in lock["packages"].items()}
    packages: dict[str, dict[str, object]] = {}
    served: dict[str, str] = {}
    for wheel in wheels:
        name, version = canonical(wheel.name.split("-")[0]), wheel.name.split("-")[1]
        shutil.copyfile(wheel, pyodide_dir / wheel.name)
        entry = dict(theirs.get(name) or {})
        if entry:
            if name not in STAND_INS and entry["version"] != version:
                sys.exit(f"build_site: Pyodide {PYODIDE_VERSION} locks {name} {entry['version']}, "
                         f"tools/site_requirements.txt pins {version}")
            entry["depends"] = [d for d in entry["depends"] if canonical(d) != "openssl"]
        elif name in ADDED_DEPENDS:
            entry = {"name": name, "imports": top_level_imports(wheel), "depends": ADDED_DEPENDS[name],
                     "install_dir": "site", "package_type": "package", "unvendored_tests": False}
        else:
            sys.exit(f"build_site: {wheel.name} is neither in Pyodide's lock nor in ADDED_DEPENDS")
        if name in STAND_INS:
            entry.update(imports=top_level_imports(wheel), package_type="package", install_dir="site")
        entry.update(version=version, file_name=wheel.name, sha256=hashlib.sha256(wheel.read_bytes()).hexdigest())
        packages[name] = entry  # (Pyodide's lock is keyed by the canonical name, not "name")
        served[name] = version
    needed = {canonical(d) for entry in packages.values() for d in entry["depends"]}  # type: ignore[attr-defined]
    if needed - set(served):
        sys.exit(f"build_site: the lock needs {', '.join(sorted(needed - set(served)))}, which the site does not serve")
    lock["packages"] = dict(sorted(packages.items()))
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return served


# --- 5. voici build ----------------------------------------------------------------------------
def voici_build(lite: Path, out: Path) -> None:
    content = lite / "content"
    content.mkdir()
    for page in PAGES:
        shutil.copyfile(ROOT / "dashboards" / f"{page}.ipynb", content / f"{page}.ipynb")
    settings = {"jupyter-lite-schema-version": 0,
                "jupyter-config-data": {"litePluginSettings": {KERNEL_SETTINGS: {"disablePyPIFallback": True}}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(settings, indent=1) + "\n")
    env = dict(os.environ, JUPYTER_PATH=os.pathsep.join(filter(None, [str(TEMPLATE_DATA), os.environ.get("JUPYTER_PATH")])))
    log("voici build")
    # (voici-core's own ``python -m voici_core`` imports the ``voici`` meta-package, which the
    # site extra leaves out: it brings jupyterlite-xeus, whose build step needs conda)
    run([sys.executable, "-c", "from voici_core.app import main; main()", "build", "--lite-dir", str(lite), "--output-dir", str(out),
         "--contents", "content", "--no-sourcemaps", "--template", "tablekit"], cwd=lite, env=env)


# --- 6. finishing the pages ------------------------------------------------------------------------
_CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.DOTALL)
_VOICI_JS = '<script src="../build/voici.js"></script>'


def from_page(url: str, up: str) -> str:
    """A site-root-relative URL (``./static/x``) as seen from a page ``up`` folders down (``../../``)."""
    return up + url[2:] if url.startswith("./") else url


def without_unused_extensions(config: dict[str, Any]) -> dict[str, Any]:
    """``config`` (JupyterLite's page config) without the extensions of ``UNUSED_EXTENSIONS``."""
    extensions = config.get("federated_extensions")
    if isinstance(extensions, list):
        config["federated_extensions"] = [e for e in extensions if e.get("name") not in UNUSED_EXTENSIONS]
    return config


def finish_page(page: Path, up: str = "../../") -> None:
    """Make a dashboard page's kernel paths relative to the page, turn off the PyPI fallback,
    leave out the unused extensions and load ``tablekit-site.js`` before Voici's script."""
    text = page.read_text(encoding="utf-8")
    match = _CONFIG.search(text)
    if match is None or _VOICI_JS not in text:
        sys.exit(f"build_site: {page} is not a Voici page of the expected form")
    config = without_unused_extensions(json.loads(match.group(2)))
    kernel = config.setdefault("litePluginSettings", {}).setdefault(KERNEL_SETTINGS, {})
    kernel["pyodideUrl"] = f"{up}static/pyodide/pyodide.js"
    kernel["disablePyPIFallback"] = True
    kernel["loadPyodideOptions"] = {**kernel.get("loadPyodideOptions", {}), "packages": list(PRELOAD)}
    kernel["pipliteUrls"] = [from_page(u, up) for u in kernel.get("pipliteUrls", [])]
    body = json.dumps(config).replace("</", "<\\/")  # (a string in the JSON cannot close the element)
    text = text[:match.start(2)] + body + text[match.end(2):]
    text = text.replace(_VOICI_JS, f'<script src="{up}static/tablekit-site.js"></script>\n{_VOICI_JS}')
    page.write_text(text, encoding="utf-8")


def finish_site(out: Path) -> None:
    for page in sorted((out / "voici" / "render").glob("*.html")):
        finish_page(page)
    tree = out / "voici" / "tree" / "index.html"  # (Voici's file list: no kernel, but the extensions)
    text = tree.read_text(encoding="utf-8")
    match = _CONFIG.search(text)
    if match is not None:
        body = json.dumps(without_unused_extensions(json.loads(match.group(2)))).replace("</", "<\\/")
        tree.write_text(text[:match.start(2)] + body + text[match.end(2):], encoding="utf-8")
    lite_json = out / "jupyter-lite.json"
    settings = json.loads(lite_json.read_text())
    without_unused_extensions(settings["jupyter-config-data"])
    lite_json.write_text(json.dumps(settings, indent=2) + "\n")
    # JupyterLite's own application (JupyterLab in the browser, 18 MB): no page of the site opens
    # it (the dashboards and Voici's file list load Voici's build, voici/build/).
    shutil.rmtree(out / "build")
    for name in UNUSED_EXTENSIONS:
        shutil.rmtree(out / "extensions" / name, ignore_errors=True)
        scope = (out / "extensions" / name).parent
        if scope != out / "extensions" and not any(scope.iterdir()):
            scope.rmdir()
    shutil.copyfile(SITE_FILES / "tablekit-site.js", out / "static" / "tablekit-site.js")
    shutil.copyfile(SITE_FILES / "index.html", out / "index.html")


def cannot_build(cache_root: Path = DEFAULT_CACHE) -> str | None:
    """Why this environment cannot build the site (None: it can, given the registries or a
    filled cache)."""
    import importlib.util

    for module, package in (("voici_core", "voici-core"), ("jupyterlite_pyodide_kernel", "jupyterlite-pyodide-kernel")):
        if importlib.util.find_spec(module) is None:
            return f"{package} is not installed: pip install -e '.[site]' (make site does it)"
    tarball = cache_root / cache_key() / f"pyodide-{PYODIDE_VERSION}.tgz"
    if shutil.which("npm") is None and not tarball.exists():
        return "npm (Node.js) is needed to fetch Pyodide the first time: apt-get install -y nodejs npm"
    return None


def build(out: Path, cache_root: Path) -> None:
    started = time.monotonic()
    cache = cache_root / cache_key()
    cache.mkdir(parents=True, exist_ok=True)
    npm_package = fetch_pyodide(cache)
    wheels = fetch_wheels(cache)
    with tempfile.TemporaryDirectory(prefix="tablekit-site-") as tmp:
        work = Path(tmp)
        built = work / "wheel"
        wheels.append(build_tablekit_wheel(built))
        wheels.extend(stand_in_wheel(name, "1.0.0", built, module) for name, module in STAND_INS.items())
        lite = work / "lite"
        pyodide_dir = lite / "static" / "pyodide"
        pyodide_dir.mkdir(parents=True)
        for name in PYODIDE_FILES:
            shutil.copyfile(npm_package / name, pyodide_dir / name)
        served = write_lock(npm_package / "pyodide-lock.json", wheels, pyodide_dir)
        staged = work / "site"
        voici_build(lite, staged)
        finish_site(staged)
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(staged, out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"{out} ({size / 1e6:.1f} MB; Pyodide {PYODIDE_VERSION}, "
        f"{', '.join(f'{n} {v}' for n, v in sorted(served.items()) if n in ADDED_DEPENDS)}) "
        f"in {time.monotonic() - started:.0f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="the folder to write (replaced)")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="where downloads are kept")
    args = parser.parse_args(argv)
    reason = cannot_build(args.cache)
    if reason:
        sys.exit(f"build_site: {reason}")
    build(args.out.resolve(), args.cache)


if __name__ == "__main__":
    main()
