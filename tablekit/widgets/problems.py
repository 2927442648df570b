"""What went wrong, in a sentence of the catalogues: never an exception's own text.

Every widget and dashboard that shows a problem to a learner turns the exception into words
with :func:`problem_text`, in the page's language. Errors that carry a sentence of their own
(an illegal move's rule, a teacher link's ``LinkError``, a class's refusal such as a taken seat)
give it; a ``ConfigError`` is worded from its fields (the option's label, a short excerpt of
the value, the allowed choices or range); anything else gets a plain sentence, and the details stay in the kernel's log. What a
person typed is repeated at most as an :class:`~tablekit.i18n.Verbatim` excerpt (20
characters); where the sentence goes into HTML, the caller escapes it.

>>> from tablekit.core.errors import ConfigError
>>> problem_text(ConfigError("up_and_down", "players", 9, "an integer from 2 to 7", low=2, high=7), "en")
'Players must be a whole number from 2 to 7 (not 9).'
>>> problem_text(ConfigError("dashboard", "bots", "x" * 100, ["random", "heuristic"]), "ja")
'「対戦相手」にxxxxxxxxxxxxxxxxxxxx…は選べません。次のどれかにしてください: 初級、上級'
>>> problem_text(ZeroDivisionError("division by zero"), "en")
'Something went wrong, and nothing was changed. You can try again.'
"""

from __future__ import annotations

from typing import Any, Callable

from tablekit.core.errors import ClassroomError, ConfigError, IllegalActionError, InvalidActionError, RecordError
from tablekit.i18n import Verbatim, tr
from tablekit.widgets.labels import bot_label, choice_label, game_label, option_label, preset_label

#: Choices listed in a sentence at most (then "…").
MAX_CHOICES = 12

_P = "widgets.problem"
#: Fields whose name and values the dashboards already word (the control bar's labels).
_BAR_FIELDS = {"game": "game", "preset": "preset", "players": "players", "bots": "bots", "bot": "bots",
               "deal_code": "deal_code", "seat": None}
#: How a value of these fields is named (other fields: the game's choice labels).
_VALUE_NAMES: dict[str, Callable[[str, Any, str], str]] = {
    "game": lambda game, value, lang: game_label(str(value), lang),
    "preset": lambda game, value, lang: preset_label(game, str(value), lang),
    "bots": lambda game, value, lang: bot_label(str(value), lang),
    "bot": lambda game, value, lang: bot_label(str(value), lang),
}


def option_name(game: str, field: str, lang: str) -> str:
    """The words for an option in a sentence: the control bar's label for the fields it shows,
    the game's option label otherwise.

    >>> option_name("up_and_down", "players", "ja"), option_name("page_one", "hand_size", "en")
    ('人数', 'Cards per hand (0: by the table)')
    """
    if field in _BAR_FIELDS:
        bar = _BAR_FIELDS[field]
        return tr(f"widgets.dash.{bar}" if bar else f"{_P}.option.{field}", lang)
    return option_label(game, field, lang)


def _value(value: Any, lang: str) -> Any:
    """A value in a sentence: a switch is on or off, anything else a short excerpt (what was
    typed or sent; the allowed choices are named in full)."""
    if isinstance(value, bool):
        return tr(f"{_P}.{'on' if value else 'off'}", lang)
    return Verbatim(value)


def _choices(exc: ConfigError, lang: str) -> str:
    assert exc.choices is not None
    name = _VALUE_NAMES.get(exc.field, lambda game, value, lang: choice_label(game, exc.field, value, lang))
    shown = [_value(c, lang) if isinstance(c, bool) else name(exc.game, c, lang) for c in exc.choices[:MAX_CHOICES]]
    if len(exc.choices) > MAX_CHOICES:
        shown.append("…")
    return ("、" if lang == "ja" else ", ").join(shown)


def config_text(exc: ConfigError, lang: str) -> str:
    """A bad option in words: a deal code that is not one, a number out of its range, a value
    that is not one of the choices, or a value the other settings do not allow."""
    value = _value(exc.value, lang)
    if exc.game == "deal_code" and exc.field == "deal_code":
        return tr("widgets.table.bad_deal_code", lang, code=value)
    if exc.game == "deal_code" and exc.field in ("game prefix", "preset letter"):
        return tr(f"{_P}.deal_code_unknown", lang, value=value)
    option = option_name(exc.game, exc.field, lang)
    if exc.low is not None and exc.high is not None:
        return tr(f"{_P}.range", lang, option=option, low=exc.low, high=exc.high, value=value)
    if exc.choices:
        return tr(f"{_P}.choice", lang, option=option, value=value, allowed=_choices(exc, lang))
    return tr(f"{_P}.option", lang, option=option, value=value)


def problem_text(exc: BaseException, lang: str) -> str:
    """The sentence a page shows for ``exc`` in ``lang`` (see the module docstring)."""
    if isinstance(exc, (IllegalActionError, ClassroomError)):
        return exc.text(lang)  # the rule's reason; a class's refusal (a taken seat, a stale move)
    own = getattr(exc, "text", None)
    if isinstance(exc, ConfigError) and callable(own):  # a teacher link's LinkError has its sentence
        return str(own(lang))
    if isinstance(exc, ConfigError):
        return config_text(exc, lang)
    if isinstance(exc, InvalidActionError):
        return tr("widgets.table.bad_request", lang)
    if isinstance(exc, RecordError):
        return tr(f"{_P}.record", lang)
    return tr(f"{_P}.unexpected", lang)


__all__ = ["MAX_CHOICES", "config_text", "option_name", "problem_text"]
