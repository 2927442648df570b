"""Verdicts (is this action legal, and why) and events (what happened, for narration)."""

from __future__ import annotations

from typing import Any, NamedTuple, NoReturn

from tablekit.core.native import mypyc_attr


class Verdict(NamedTuple):
    """The answer of ``Game.explain``: legal or not, with a namespaced reason code.

    >>> v = Verdict(False, "up_and_down.illegal.not_higher", {"card": "24", "field": "85"})
    >>> v.text("en")
    'You cannot play 24 on 85: it is not higher and its ones digit differs.'
    """

    ok: bool
    reason: str
    params: dict[str, Any]

    def text(self, lang: str = "en") -> str:
        from tablekit.i18n import tr

        return tr(self.reason, lang, **self.params)

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "reason": self.reason, "params": dict(self.params)}


class Event(NamedTuple):
    """Something that happened during ``step``: a code for narration plus JSON-ready parameters.

    Events never carry a card that some seat may not see, with one exception the rules make: the
    event that ends a round (or a game of a match) carries every hand as it was then, because the
    round is scored from them and every player may check the score (``GameSpec.round_summary``
    draws them). By then those cards are public.
    """

    code: str
    params: dict[str, Any]

    def text(self, lang: str = "en") -> str:
        from tablekit.i18n import tr

        return tr(self.code, lang, **self.params)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}


def _refuse_change(*args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError("these event parameters are shared by every event that has them: change a copy (dict(params))")


@mypyc_attr(native_class=False)  # (a subclass of dict: an ordinary Python class when compiled)
class SharedParams(dict[str, Any]):
    """The parameters of an event that a game makes once and hands out at every step that has it
    (each seat's play of each card, say: a new dict at every play was a tenth of a random
    playout's time). They read as any dict, compare equal to one and go to JSON as one; changing
    them raises TypeError, since every step's event would change with them. Copy them to change
    them: ``dict(event.params)``.

    >>> params = SharedParams(player=1, card="@card.H7")
    >>> params == {"player": 1, "card": "@card.H7"}, dict(params)["player"]
    (True, 1)
    >>> params["player"] = 2
    Traceback (most recent call last):
      ...
    TypeError: these event parameters are shared by every event that has them: change a copy (dict(params))
    >>> import pickle; pickle.loads(pickle.dumps(params)) == params
    True
    """

    __setitem__ = _refuse_change
    __delitem__ = _refuse_change
    __ior__ = _refuse_change
    clear = _refuse_change
    pop = _refuse_change
    popitem = _refuse_change
    setdefault = _refuse_change
    update = _refuse_change

    def __reduce__(self) -> tuple[Any, ...]:  # (pickle's default would set the items one by one)
        return SharedParams, (dict(self),)


class Advice(NamedTuple):
    """A bot's choice with the reason it would give a learner (an i18n code + parameters).

    The reason is the whole hint: it names the move itself (a table shows it alone, never
    after the move's label, which would say the move twice). A generic reason names it with
    ``{action}``, the action's label.

    >>> from tablekit import make
    >>> move = make("up_and_down").action_from_code("37")
    >>> Advice(move, "core.hint.random", {}).text("en")
    'Any legal move will do: Play 37, picked at random.'
    """

    action: Any
    reason: str
    params: dict[str, Any]

    def text(self, lang: str = "en") -> str:
        from tablekit.i18n import tr

        return tr(self.reason, lang, **{"action": self.action.label(lang), **self.params})
