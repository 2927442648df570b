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
    """A bad game option. Names the field, the value given and the allowed values.

    ``allowed`` is the values themselves (kept in ``choices``) or a description; a range of
    whole numbers also gives ``low`` and ``high``. A page words the problem from these fields
    in its own language (``str()`` is the English sentence for a programmer).

    >>> e = ConfigError("up_and_down", "players", 9, "an integer from 2 to 7", low=2, high=7)
    >>> e.field, e.choices, (e.low, e.high)
    ('players', None, (2, 7))
    >>> ConfigError("up_and_down", "mode", "x", ["basic", "solo"]).choices
    ('basic', 'solo')
    """

    def __init__(self, game: str, field: str, value: Any, allowed: str | Iterable[Any], *,
                 low: int | None = None, high: int | None = None) -> None:
        self.game = game
        self.field = field
        self.value = value
        self.choices: tuple[Any, ...] | None = None if isinstance(allowed, str) else tuple(allowed)
        self.low, self.high = low, high
        if self.choices is None:
            self.allowed = str(allowed)
        else:
            self.allowed = ", ".join(repr(a) for a in self.choices)
        super().__init__(f"{game}: option {field!r} must be {self.allowed} (got {value!r})")


class RecordError(TablekitError, ValueError):
    """A record that cannot be read or replayed; the message says which part is wrong."""


class ClassroomError(TablekitError):
    """A request about a class or a shared table that is refused, and changed nothing: a bad
    class code, a taken seat, a name too long, a stale move (:class:`MoveTaken`).

    ``reason`` is an i18n code (``classroom.error.*``) and ``params`` its parameters, so a page
    words it in its own language with ``text(lang)``; ``str()`` is the English sentence.

    >>> e = ClassroomError("classroom.error.name_long", max=40)
    >>> e.reason, e.params
    ('classroom.error.name_long', {'max': 40})
    >>> e.text("en")
    'A name may have at most 40 characters.'
    """

    def __init__(self, reason: str, /, **params: Any) -> None:
        self.reason = reason
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        from tablekit.i18n import tr  # (data and one function: no cycle at import time)

        return tr(self.reason, lang, **self.params)


class MoveTaken(ClassroomError):
    """A shared table's move log already holds move number ``seq``: another page moved first,
    the table moved on, and nothing was written.

    >>> MoveTaken(7).seq
    7
    """

    def __init__(self, seq: int) -> None:
        self.seq = seq
        super().__init__("classroom.error.moved_on")
