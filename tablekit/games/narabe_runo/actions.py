"""並べRUNO actions: a turn is one decision.

* ``Play`` ``"play:R7:0,0>1,0"``: put the red 7 on cell (1, 0), next to the anchor on (0, 0)
  (the start card or a road's last card). A Wild or Wild Draw Four names the colour it asks
  for last: ``"play:W:1,0>2,0:G"``; one that captures a scoring card names none (it leaves the
  board at once): ``"play:W:1,0>2,0"``. Colours are ``R Y G B``.
* ``Discard`` ``"discard:R7"``: put a hand card face up on the discard pile.
* ``Pass`` ``"pass"``: a player whose hand is empty only refills.

Cells are ``x,y`` with ``y`` growing downwards; the start card lies on ``0,0``.

>>> [a.code for a in (Play("R7", (0, 0), (1, 0)), Play("W4", (1, 0), (1, -1), "B"), Discard("GS"), PASS)]
['play:R7:0,0>1,0', 'play:W4:1,0>1,-1:B', 'discard:GS', 'pass']
>>> from_code("play:W:-1,0>-2,0:Y") == Play("W", (-1, 0), (-2, 0), "Y")
True
>>> from_code("play:R7:0,0")
Traceback (most recent call last):
...
tablekit.core.errors.InvalidActionError: 'play:R7:0,0': a play is 'play:CARD:ANCHOR>CELL' with cells as x,y, e.g. 'play:R7:0,0>1,0' (a wild adds ':COLOUR', one of R Y G B)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Sequence

from tablekit.core.actions import Action, whole_number
from tablekit.core.cards import UNO_COLOURS, is_uno, uno_param
from tablekit.core.errors import InvalidActionError

Cell = tuple[int, int]
WILDS: Final = frozenset({"W", "W4"})


def _check_card(card: Any) -> None:
    if not is_uno(card):
        raise InvalidActionError(f"{card!r} is not a UNO card (a colour R Y G B then 0-9, S, R or D; or W, W4)")


def _check_cell(cell: Any, what: str) -> None:
    if (not isinstance(cell, tuple) or len(cell) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
        raise InvalidActionError(f"{what} must be a cell (x, y) of whole numbers (got {cell!r})")


def cell_text(cell: Sequence[int]) -> str:
    """``"x,y"``: how codes and sentences write a cell (a tuple, or an observation's list)."""
    return f"{cell[0]},{cell[1]}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Put ``card`` on ``cell``, next to the anchor on ``anchor``; a wild names ``colour``
    (None when it captures)."""

    card: str
    anchor: Cell
    cell: Cell
    colour: str | None = None

    def __post_init__(self) -> None:
        _check_card(self.card)
        _check_cell(self.anchor, "anchor")
        _check_cell(self.cell, "cell")
        if self.colour is not None and (self.card not in WILDS or self.colour not in UNO_COLOURS):
            raise InvalidActionError(
                f"only a wild names a colour, one of {' '.join(UNO_COLOURS)} (got {self.card} with {self.colour!r})")

    @property
    def code(self) -> str:
        tail = f":{self.colour}" if self.colour else ""
        return f"play:{self.card}:{cell_text(self.anchor)}>{cell_text(self.cell)}{tail}"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        params = {"card": uno_param(self.card), "cell": cell_text(self.cell)}
        if self.colour:
            return "narabe_runo.action.play_wild", {**params, "colour": f"@cards.uno.colour.{self.colour}"}
        return "narabe_runo.action.play", params

    def __repr__(self) -> str:
        tail = f", {self.colour!r}" if self.colour else ""
        return f"Play({self.card!r}, {self.anchor}, {self.cell}{tail})"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put ``card`` from the hand face up on the discard pile."""

    card: str

    def __post_init__(self) -> None:
        _check_card(self.card)

    @property
    def code(self) -> str:
        return f"discard:{self.card}"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "narabe_runo.action.discard", {"card": uno_param(self.card)}

    def __repr__(self) -> str:
        return f"Discard({self.card!r})"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """An empty hand: play nothing, only refill."""

    @property
    def code(self) -> str:
        return "pass"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "narabe_runo.action.pass", {}

    def __repr__(self) -> str:
        return "Pass()"


PASS: Final = Pass()
_PLAYS: Final[dict[tuple[str, Cell, Cell, str | None], Play]] = {}
_DISCARDS: Final[dict[str, Discard]] = {}


def play(card: str, anchor: Cell, cell: Cell, colour: str | None = None) -> Play:
    """The shared ``Play`` instance of these values (legal_actions hands these out)."""
    key = (card, anchor, cell, colour)
    found = _PLAYS.get(key)
    if found is None:
        if len(_PLAYS) > 200_000:
            _PLAYS.clear()
        found = _PLAYS[key] = Play(card, anchor, cell, colour)
    return found


def discard(card: str) -> Discard:
    found = _DISCARDS.get(card)
    if found is None:
        found = _DISCARDS[card] = Discard(card)
    return found


def _cell(text: str) -> Cell:
    x, sep, y = text.partition(",")
    if not sep:
        raise ValueError
    values = []
    for part in (x, y):
        value = whole_number(part, signed=True)
        if value is None:
            raise ValueError
        values.append(value)
    return values[0], values[1]


_PLAY_SHAPE: Final = ("a play is 'play:CARD:ANCHOR>CELL' with cells as x,y, e.g. 'play:R7:0,0>1,0' "
                      "(a wild adds ':COLOUR', one of R Y G B)")


def from_code(code: str) -> Action:
    """Parse an action code; InvalidActionError says what a 並べRUNO code looks like."""
    if not isinstance(code, str) or not code:
        raise InvalidActionError(f"{code!r} is not a 並べRUNO action code")
    if code == "pass":
        return PASS
    kind, _, rest = code.partition(":")
    if kind == "discard":
        _check_card(rest)
        return discard(rest)
    if kind == "play":
        parts = rest.split(":")
        if len(parts) not in (2, 3) or ">" not in parts[1]:
            raise InvalidActionError(f"{code!r}: {_PLAY_SHAPE}")
        card = parts[0]
        _check_card(card)
        anchor_text, _, cell_text_ = parts[1].partition(">")
        try:
            anchor, cell = _cell(anchor_text), _cell(cell_text_)
        except ValueError:
            raise InvalidActionError(f"{code!r}: {_PLAY_SHAPE}") from None
        colour = parts[2] if len(parts) == 3 else None
        return play(card, anchor, cell, colour)
    raise InvalidActionError(f"{code!r} is not a 並べRUNO action (play:CARD:ANCHOR>CELL[:COLOUR], discard:CARD, pass)")


__all__ = ["PASS", "WILDS", "Cell", "Discard", "Pass", "Play", "cell_text", "discard", "from_code", "play"]
