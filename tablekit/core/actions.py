"""Actions are small immutable values with a compact text code.

Each game defines its action classes (frozen dataclasses deriving from :class:`Action`) and a
``from_code`` function that parses a code back; ``str(action)`` is the code.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Final

from tablekit.core.native import mypyc_attr

# ASCII digits only ("[0-9]", never "\d" or str.isdigit, which take "²" and "٣"), written the
# one canonical way: no sign unless allowed, no leading zero, at most 18 digits.
_WHOLE: Final = re.compile(r"0|[1-9][0-9]{0,17}")
_SIGNED: Final = re.compile(r"0|-?[1-9][0-9]{0,17}")


def whole_number(text: str, signed: bool = False) -> int | None:
    """The number that ``text`` writes in ASCII digits the one way a code writes it ("37",
    "0"; with ``signed``, "-2" too), else None. Codes are parsed with this, never with
    ``str.isdigit``/``int`` alone: those take "²" (then ``int`` fails) and "٣" (read as 3).

    >>> [whole_number(t) for t in ("37", "0", "²", "٣", "037", "+3", " 3", "-2", "")]
    [37, 0, None, None, None, None, None, None, None]
    >>> whole_number("-2", signed=True), whole_number("-0", signed=True)
    (-2, None)
    """
    if not isinstance(text, str) or (_SIGNED if signed else _WHOLE).fullmatch(text) is None:
        return None
    return int(text)


def is_listed(action: object, actions: tuple[Action, ...]) -> bool:
    """Whether ``action`` is one of ``actions`` itself, the very object (as a bot or a table
    passes back what ``legal_actions`` listed). Comparing identities only, it never calls an
    action's ``__eq__``; ``action in actions`` also finds an equal action made anew.

    >>> from tablekit.games.page_one.actions import Play
    >>> listed = (Play(3), Play(5))
    >>> is_listed(listed[1], listed), is_listed(Play(5), listed), Play(5) in listed
    (True, False, True)
    """
    for a in actions:
        if a is action:
            return True
    return False


@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """Base of every game's actions. Subclasses are frozen dataclasses with ``slots=True``."""

    __slots__ = ()

    @property
    def code(self) -> str:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def label_params(self) -> tuple[str, dict[str, Any]]:
        """An i18n code and parameters that name this action for a human."""
        raise NotImplementedError  # pragma: no cover

    def label(self, lang: str = "en") -> str:
        from tablekit.i18n import tr

        code, params = self.label_params()
        return tr(code, lang, **params)

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as a call of the class with the fields in order (a process pool and a
        cluster send actions so). A frozen dataclass's own unpickling sets its fields one by
        one, which the compiled engine's frozen classes refuse.

        >>> import pickle
        >>> from tablekit.games.page_one.actions import Play
        >>> pickle.loads(pickle.dumps(Play(3, suit=1))) == Play(3, suit=1)
        True
        """
        return (type(self), tuple(getattr(self, f.name) for f in dataclasses.fields(self)))  # type: ignore[arg-type]
