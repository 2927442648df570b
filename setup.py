"""The optional compiled engine: the hot modules below, compiled with mypyc from the same sources.

Everything else about the package is in pyproject.toml. The pure-Python sources stay the engine;
this only adds C extensions that Python imports in their place (``tablekit/build.py`` decides
at import time which engine runs, and ``python -m tablekit info`` says which). The install never
fails because of the compiled part: with ``TABLEKIT_PURE=1``, without mypy, or when mypyc or
the C compiler fails, it says why and installs the pure-Python package.

An editable install (``pip install -e .``) puts the extensions beside the sources; a changed
source makes the package fall back to pure Python until it is built again.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
MANIFEST = ROOT / "tablekit" / "_compiled.json"

# What a random playout runs (bench/README.md, "The compiled engine"): the core blocks and each
# game's rules, state, resolution, actions and codes. Configs, views, bots, lessons and
# encodings stay Python.
CORE = ["actions", "cards", "deck", "game", "rng", "seats", "setup", "states", "tricks", "verdict"]
GAMES = {
    "up_and_down": ["actions", "rules", "state"],
    "ultimate": ["actions", "codes", "rules", "state"],
    "up_or_down": ["actions", "codes", "rules", "state"],
    "narabe_runo": ["actions", "board", "codes", "rules", "state"],
    "page_one": ["actions", "codes", "resolve", "rules", "state", "table"],
}
SOURCES = [f"tablekit/core/{m}.py" for m in CORE] + [
    f"tablekit/games/{game}/{m}.py" for game, modules in GAMES.items() for m in modules]


def say(text: str) -> None:
    print(f"tablekit: {text}", file=sys.stderr, flush=True)


def remove_compiled() -> None:
    """Forget an earlier build: an editable install left its extensions beside the sources."""
    MANIFEST.unlink(missing_ok=True)
    for path in (ROOT / "tablekit").rglob("*.so"):
        path.unlink()


def compiled_extensions() -> list:
    remove_compiled()
    if os.environ.get("TABLEKIT_PURE") == "1":
        say("TABLEKIT_PURE=1: installing the pure-Python engine only.")
        return []
    try:
        import mypy.version
        from mypyc.build import mypycify
    except ImportError as exc:
        say(f"mypyc is not available ({exc}): installing the pure-Python engine only.")
        return []
    try:
        # group_name keeps mypyc's shared library inside the package (tablekit/_engine__mypyc*.so).
        # multi_file: a C file per module (OptionalBuildExt compiles them on every core), which
        # also compiles faster on one core than the one large file (93 s against 71 s here) and
        # runs as fast. Those files include the group's header, which mypyc leaves in build/tablekit.
        extensions = mypycify(SOURCES, group_name="tablekit._engine", opt_level="3", multi_file=True)
        for extension in extensions:
            extension.include_dirs.append(os.path.join("build", "tablekit"))
    except (Exception, SystemExit) as exc:  # mypyc reports type errors with SystemExit
        say(f"mypyc could not compile the engine ({exc!r}): installing the pure-Python engine only.")
        return []
    sources = {name: hashlib.sha256((ROOT / name).read_bytes()).hexdigest() for name in SOURCES}
    MANIFEST.write_text(json.dumps({"mypy": mypy.version.__version__, "sources": sources}, indent=1) + "\n")
    return extensions


class OptionalBuildExt(build_ext):
    """build_ext that compiles an extension's C files on every core, and falls back to the
    pure-Python engine when the C compiler fails."""

    def build_extension(self, ext: Any) -> None:
        compiler = self.compiler
        # distutils compiles an extension's sources one after another: this is its
        # CCompiler.compile, with the files (prepared by the same _setup_compile, which also
        # makes their folders) compiled by a pool of threads, each running the compiler.

        def compile_all(sources: list[str], output_dir: str | None = None, macros: Any = None,
                        include_dirs: Any = None, debug: bool = False, extra_preargs: Any = None,
                        extra_postargs: Any = None, depends: Any = None) -> list[str]:
            macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
                output_dir, macros, include_dirs, sources, depends, extra_postargs)
            cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
            jobs = [(obj, *build[obj]) for obj in objects if obj in build]
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                for _ in pool.map(lambda job: compiler._compile(*job, cc_args, extra_postargs, pp_opts), jobs):
                    pass
            return objects

        compiler.compile = compile_all
        try:
            super().build_extension(ext)
        finally:
            del compiler.compile

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, a failed compile or link: CCompilerError, DistutilsError, OSError
            remove_compiled()
            self.extensions = []
            say(f"the compiled engine could not be built ({exc}): installing the pure-Python engine only.")

    def get_outputs(self) -> list[str]:
        return super().get_outputs() if MANIFEST.exists() else []

    def get_output_mapping(self) -> dict[str, str]:
        return super().get_output_mapping() if MANIFEST.exists() else {}


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": OptionalBuildExt})
