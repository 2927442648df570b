"""What the compiled engine needs to be told in the source, and nothing else needs.

``mypyc_attr(allow_interpreted_subclasses=True)`` marks a class of the compiled engine that
Python code may subclass: ``Game`` and ``Action``, which every game (and a game written in a
notebook or a test) derives from. mypyc reads the decorator when it compiles; at run time it
does nothing, and the package needs no ``mypy_extensions`` without it.
"""

from __future__ import annotations

from typing import Any, Callable

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # not installed: the decorator does nothing at run time anyway
    def mypyc_attr(*attrs: str, **flags: bool) -> Callable[[Any], Any]:  # type: ignore[misc]
        return lambda cls: cls


__all__ = ["mypyc_attr"]
