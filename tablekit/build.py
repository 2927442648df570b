"""Which engine runs: the pure-Python one, or the same modules compiled with mypyc.

The Python sources are the engine; an install with a C compiler also compiles the hot modules
(``setup.py`` lists them: the rules, states, resolution and actions of every game, and the
``core`` blocks they use) into C extensions that Python imports in place of the ``.py`` files.
Behaviour is the same, only faster; the tests run on both. This module is imported first by
``tablekit/__init__.py`` and is never compiled itself. It decides, once per process:

* ``TABLEKIT_PURE=1`` in the environment: the pure-Python engine, even where compiled modules
  are installed (an import hook loads every ``tablekit`` module from its ``.py`` file).
* No compiled modules (installed without a C compiler, or with ``TABLEKIT_PURE=1``): pure.
* Compiled modules built from other sources than the ones beside them (a rules file was
  edited after the install): pure, with a warning that says how to rebuild. ``setup.py``
  records the SHA-256 of every compiled source in ``_compiled.json``.
* Otherwise: compiled.

``python -m tablekit info`` prints the answer.

>>> info()["engine"] in ("compiled", "pure")
True
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
import warnings
from pathlib import Path
from typing import Any, Sequence

#: Set to "1" for the pure-Python engine, compiled modules or not.
PURE_ENV = "TABLEKIT_PURE"
#: Written by setup.py beside the compiled modules: the mypy version and each source's SHA-256.
MANIFEST = "_compiled.json"

_PACKAGE = Path(__file__).resolve().parent


class _SourceOnlyFinder:
    """An import hook that loads ``tablekit`` modules from their ``.py`` sources only, so that
    compiled extensions beside them are never imported."""

    @staticmethod
    def find_spec(fullname: str, path: Sequence[str] | None, target: Any = None) -> Any:
        if not fullname.startswith("tablekit.") or path is None:
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, loader).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def _compiled_files() -> list[Path]:
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(p for p in _PACKAGE.rglob("*.so") if p.name.endswith(suffixes))


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


#: Why the engine is what it is: a reason code (``python -m tablekit info`` words it) and English.
REASONS = {
    "env": f"{PURE_ENV}=1",
    "not_compiled": "not compiled (no C compiler at install time, or installed with TABLEKIT_PURE=1)",
    "no_manifest": f"compiled modules without {MANIFEST} (a build that failed part-way)",
    "changed": "the sources changed since they were compiled: {files}",
    "compiled": "compiled with mypyc (mypy {mypy})",
}


def _decide() -> tuple[str, str, str, dict[str, Any]]:
    """(engine, reason code, what it concerns, manifest) for this process."""
    if os.environ.get(PURE_ENV) == "1":
        return "pure", "env", "", {}
    if not _compiled_files():
        return "pure", "not_compiled", "", {}
    try:
        manifest = json.loads((_PACKAGE / MANIFEST).read_text())
        sources: dict[str, str] = manifest["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return "pure", "no_manifest", "", {}
    changed = [name for name, digest in sorted(sources.items())
               if not (_PACKAGE.parent / name).is_file() or _digest(_PACKAGE.parent / name) != digest]
    if changed:
        return "pure", "changed", ", ".join(changed), manifest
    return "compiled", "compiled", str(manifest.get("mypy", "?")), manifest


ENGINE, REASON, _DETAIL, _MANIFEST = _decide()
WHY = REASONS[REASON].format(files=_DETAIL, mypy=_DETAIL)
if ENGINE == "pure" and _compiled_files():
    sys.meta_path.insert(0, _SourceOnlyFinder())
    if REASON != "env":
        warnings.warn(f"tablekit runs its pure-Python engine: {WHY}. Rebuild the compiled one with "
                      "`pip install -e .` (or set TABLEKIT_PURE=1 to use the pure one quietly).",
                      RuntimeWarning, stacklevel=2)


def compiled_sources() -> list[str]:
    """The sources whose compiled modules this process imports ("tablekit/core/game.py", ...);
    empty for the pure engine."""
    return sorted(_MANIFEST["sources"]) if ENGINE == "compiled" else []


def compiled_modules() -> list[str]:
    """The modules that run compiled in this process (empty for the pure engine), by checking
    what was imported: ``tablekit.games.page_one.rules`` etc."""
    if ENGINE != "compiled":
        return []
    names = [name.removesuffix(".py").replace("/", ".") for name in compiled_sources()]
    out = []
    for name in names:
        module = sys.modules.get(name)
        if module is None:
            __import__(name)
            module = sys.modules[name]
        if not str(getattr(module, "__file__", "")).endswith(".py"):
            out.append(name)
    return sorted(out)


def info() -> dict[str, Any]:
    """The engine in use, why, and which modules are compiled (JSON-ready)."""
    modules = compiled_modules()
    return {"engine": ENGINE, "reason": REASON, "detail": _DETAIL, "why": WHY, "compiled_modules": modules,
            "python": sys.version.split()[0], "mypy": _MANIFEST.get("mypy")}


__all__ = ["ENGINE", "MANIFEST", "PURE_ENV", "REASON", "REASONS", "WHY", "compiled_modules", "compiled_sources", "info"]
