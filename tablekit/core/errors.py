"""Errors raised by the engine. Every one of them says what is wrong in words a user can act on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from tablekit.core.verdict import Verdict


class TablekitError(Exception):
    """Base class of every error tablekit raises on purpose."""


class IllegalActionError(TablekitError):
    """A well-formed action that the rules forbid in this state.

    ``verdict`` holds the namespaced reason code and its parameters; ``text(lang)`` gives the
    sentence in English or Japanese. The state the action was tried on is unchanged.
    """

    def __init__(self, verdict: Verdict, lang: str = "en") -> None:
        self.verdict = verdict
        super().__init__(f"illegal action ({verdict.reason}): {verdict.text(lang)}")

    def text(self, lang: str = "en") -> str:
        return self.verdict.text(lang)


class InvalidActionError(TablekitError):
    """Something that is not an action of this game at all (bad code, wrong type)."""


class ConfigError(TablekitError, ValueError):
    """A bad game option. Names the field, the value given and the allowed values."""

    def __init__(self, game: str, field: str, value: Any, allowed: str | Iterable[Any]) -> None:
        self.game = game
        self.field = field
        self.value = value
        if isinstance(allowed, str):
            self.allowed = allowed
        else:
            self.allowed = ", ".join(repr(a) for a in allowed)
        super().__init__(f"{game}: option {field!r} must be {self.allowed} (got {value!r})")


class RecordError(TablekitError, ValueError):
    """A record that cannot be read or replayed; the message says which part is wrong."""
