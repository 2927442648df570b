"""Validated, frozen game configurations ("variants are data").

A game's config is a frozen dataclass deriving from :class:`GameConfig`. Each field declares
what it accepts with :func:`option`; construction validates every field and raises
:class:`ConfigError` naming the field, the value and the allowed values.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Mapping, Sequence, TypeVar

from tablekit.core.errors import ConfigError

C = TypeVar("C", bound="GameConfig")


def option(
    default: Any,
    *,
    choices: Sequence[Any] | None = None,
    between: tuple[int, int] | None = None,
    doc: str = "",
    menu: Sequence[Any] | None = None,
) -> Any:
    """Declare a config field: its default, and either its allowed choices or an int range.

    A bool default means the field accepts True/False only. ``menu`` lists the values a settings
    panel offers for a field that accepts more than it can offer (a layout by name, where code
    may also pass the layout itself as data); the game's ``validate`` checks such a field.
    """
    meta: dict[str, Any] = {"doc": doc}
    if menu is not None:
        meta["menu"] = tuple(menu)
    if choices is not None:
        meta["choices"] = tuple(choices)
    elif between is not None:
        meta["between"] = between
    elif isinstance(default, bool):
        meta["choices"] = (False, True)
    return dataclasses.field(default=default, metadata=meta)


@dataclasses.dataclass(frozen=True)
class GameConfig:
    """Base class of every game's config. Subclasses set ``GAME`` and declare fields."""

    GAME: ClassVar[str] = "game"

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            choices = f.metadata.get("choices")
            between = f.metadata.get("between")
            if choices is not None:
                # bool is an int subclass: compare type as well, so 1 is not accepted for True.
                if not any(value == c and type(value) is type(c) for c in choices):
                    raise ConfigError(self.GAME, f.name, value, choices)
            elif between is not None:
                lo, hi = between
                if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                    raise ConfigError(self.GAME, f.name, value, f"an integer from {lo} to {hi}", low=lo, high=hi)
        self.validate()

    def validate(self) -> None:
        """Checks that involve several fields; raise ConfigError."""

    @property
    def is_match(self) -> bool:
        """Whether a game is a sequence of deals to a target (games with matches override)."""
        return False

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))

    @classmethod
    def describe(cls) -> dict[str, dict[str, Any]]:
        """Every option with its default, allowed values and documentation (for UIs)."""
        out: dict[str, dict[str, Any]] = {}
        for f in dataclasses.fields(cls):
            entry: dict[str, Any] = {"default": f.default, "doc": f.metadata.get("doc", "")}
            if "choices" in f.metadata:
                entry["choices"] = list(f.metadata["choices"])
            if "between" in f.metadata:
                entry["between"] = list(f.metadata["between"])
            if "menu" in f.metadata:
                entry["menu"] = list(f.metadata["menu"])
            out[f.name] = entry
        return out

    @classmethod
    def from_dict(cls: type[C], data: Mapping[str, Any], base: C | None = None) -> C:
        """Build a config from ``data`` on top of ``base`` (or the defaults).

        Unknown keys raise ConfigError listing the known fields.
        """
        known = cls.field_names()
        for key in data:
            if key not in known:
                raise ConfigError(cls.GAME, str(key), data[key], f"a known option: {', '.join(known)}")
        if base is None:
            return cls(**dict(data))
        return dataclasses.replace(base, **dict(data))

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
