"""Building immutable states fast: the one mechanism every game's ``state.py`` uses.

Game states are NamedTuples (immutable, and five times cheaper to build than frozen dataclasses
through NamedTuple's own ``__new__`` skipped). A game builds a new state from an old one by
naming the fields that change; :func:`replacer` makes, once per set of field names, the function
that does it as fast as a positional tuple, so no game writes fields out by position.

>>> from typing import NamedTuple
>>> class S(NamedTuple):
...     a: int
...     b: int
...     c: int
>>> move = replacer(S, "c", "a")
>>> move(S(1, 2, 3), a=9, c=0)
S(a=9, b=2, c=0)
>>> replacer(S, "d")
Traceback (most recent call last):
...
TypeError: S has no field d
"""

from __future__ import annotations

from typing import Any, Callable, Final, TypeVar

T = TypeVar("T", bound=tuple[Any, ...])

_MADE: Final[dict[tuple[type, tuple[str, ...]], Callable[..., Any]]] = {}


def replacer(cls: type[T], *names: str) -> Callable[..., T]:
    """The function ``(base, **fields) -> cls`` that replaces exactly the fields ``names`` of a
    NamedTuple ``base`` (each one required, by keyword) and keeps the others.

    It is generated once per class and set of names from the field list (the only code that
    lays fields out by position) and skips NamedTuple's ``__new__``.
    """
    fields: tuple[str, ...] = cls._fields  # type: ignore[attr-defined]
    key = (cls, tuple(f for f in fields if f in names))
    found = _MADE.get(key)
    if found is None:
        unknown = sorted(set(names) - set(fields))
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {', '.join(unknown)}")
        chosen = key[1]
        values = "".join(f"{f}, " if f in chosen else f"base[{i}], " for i, f in enumerate(fields))
        keywords = f", *, {', '.join(chosen)}" if chosen else ""
        code = f"def build(base, /{keywords}):\n    return _tuple_new(cls, ({values}))\n"
        scope: dict[str, Any] = {"_tuple_new": tuple.__new__, "cls": cls}
        exec(code, scope)
        found = _MADE[key] = scope["build"]
    return found


def constructor(cls: type[T]) -> Callable[..., T]:
    """The one constructor of a game's state class: ``new_state(base=None, /, **fields)``. Without
    ``base`` every field must be named; with it, the fields named replace the base's and the
    others are kept. Fields are never positional; TypeError names a missing or unknown one. The
    builder of each set of field names is made once (:func:`replacer`) and kept.

    >>> from typing import NamedTuple
    >>> class S(NamedTuple):
    ...     a: int
    ...     b: int
    >>> new_state = constructor(S)
    >>> new_state(new_state(a=1, b=2), b=5)
    S(a=1, b=5)
    >>> new_state(a=1)
    Traceback (most recent call last):
    ...
    TypeError: new_state() without a base state needs every field; missing: b
    >>> new_state(a=1, c=2)
    Traceback (most recent call last):
    ...
    TypeError: S has no field c
    """
    fields: tuple[str, ...] = cls._fields  # type: ignore[attr-defined]
    builders: dict[tuple[str, ...], Callable[..., T]] = {}

    def new_state(base: T | None = None, /, **values: Any) -> T:
        if len(values) == len(fields):
            # Every field named (a state made from a dict of all its fields): no builder. A
            # name that is not a field means another one is missing: the general path says which.
            try:
                return tuple.__new__(cls, [values[f] for f in fields])
            except KeyError:
                pass
        if base is None and len(values) != len(fields):
            missing = ", ".join(f for f in fields if f not in values)
            raise TypeError(f"new_state() without a base state needs every field; missing: {missing}")
        key = tuple(values)
        build = builders.get(key)
        if build is None:
            build = builders[key] = replacer(cls, *key)
        return build(base, **values)

    new_state.__doc__ = f"The one constructor of ``{cls.__name__}`` (see ``core.states.constructor``)."
    return new_state


__all__ = ["constructor", "replacer"]
