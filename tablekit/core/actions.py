"""Actions are small immutable values with a compact text code.

Each game defines its action classes (frozen dataclasses deriving from :class:`Action`) and a
``from_code`` function that parses a code back; ``str(action)`` is the code.
"""

from __future__ import annotations

from typing import Any


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
