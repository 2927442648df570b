"""Up or Down? cards and actions.

Cards are the ints 1..126 themselves. A turn is four decisions, each its own action, so a
learner can take back one part of a turn with undo and a bot can be asked about each:

* ``Play`` ``"play:37"``: a hand card goes into the ring;
* ``Take`` ``"take:45"``: a ring card (a neighbour of the card just played, or another under
  the take variants) comes to the player;
* placing the taken card: ``Place`` ``"col:2"`` adds it to column 2 (columns are numbered 1 to
  3 in the order they were started), ``NewColumn`` ``"new"`` starts a column, ``Abandon``
  ``"abandon:2"`` puts column 2 on the discard pile and starts a column with the card in its
  place, ``RemoveAndPlace`` ``"remove:2"`` (Remove one card variant) takes column 2's last card
  out of the game and then adds the taken card to column 2;
* ``Draw`` ``"draw:down"`` / ``"draw:up"``: the top card of the face-down or face-up pile.

>>> [a.code for a in (Play(37), Take(45), Place(0), NEW_COLUMN, Abandon(2), RemoveAndPlace(1), DRAW_UP)]
['play:37', 'take:45', 'col:1', 'new', 'abandon:3', 'remove:2', 'draw:up']
>>> from_code("col:2") == Place(1), from_code("draw:down") == DRAW_DOWN
(True, True)
>>> from_code("col:4")
Traceback (most recent call last):
...
tablekit.core.errors.InvalidActionError: 'col:4': a column is 1, 2 or 3, e.g. 'col:2'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tablekit.core.actions import Action, whole_number
from tablekit.core.errors import InvalidActionError

MAX_CARD: Final = 126
PILES: Final = ("down", "up")


def _check_card(card: Any) -> None:
    if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= MAX_CARD:
        raise InvalidActionError(f"{card!r} is not an Up or Down? card (a whole number from 1 to {MAX_CARD})")


def _check_column(column: Any) -> None:
    if isinstance(column, bool) or not isinstance(column, int) or not 0 <= column <= 2:
        raise InvalidActionError(f"{column!r} is not a column index (0, 1 or 2; codes number them 1 to 3)")


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` from the hand into the ring."""

    card: int

    def __post_init__(self) -> None:
        _check_card(self.card)

    @property
    def code(self) -> str:
        return f"play:{self.card}"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "up_or_down.action.play", {"card": self.card}

    def __repr__(self) -> str:
        return f"Play({self.card})"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take ``card`` out of the ring."""

    card: int

    def __post_init__(self) -> None:
        _check_card(self.card)

    @property
    def code(self) -> str:
        return f"take:{self.card}"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "up_or_down.action.take", {"card": self.card}

    def __repr__(self) -> str:
        return f"Take({self.card})"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Add the taken card to an existing column (``column`` 0..2; the code counts from 1)."""

    column: int

    def __post_init__(self) -> None:
        _check_column(self.column)

    @property
    def code(self) -> str:
        return f"col:{self.column + 1}"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "up_or_down.action.place", {"column": self.column + 1}

    def __repr__(self) -> str:
        return f"Place({self.column})"


@dataclass(frozen=True, slots=True)
class NewColumn(Action):
    """Start a new column with the taken card."""

    @property
    def code(self) -> str:
        return "new"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "up_or_down.action.new_column", {}

    def __repr__(self) -> str:
        return "NewColumn()"


@dataclass(frozen=True, slots=True)
class Abandon(Action):
    """Put column ``column`` on the discard pile and start a column with the taken card there."""

    column: int

    def __post_init__(self) -> None:
        _check_column(self.column)

    @property
    def code(self) -> str:
        return f"abandon:{self.column + 1}"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "up_or_down.action.abandon", {"column": self.column + 1}

    def __repr__(self) -> str:
        return f"Abandon({self.column})"


@dataclass(frozen=True, slots=True)
class RemoveAndPlace(Action):
    """Remove one card: take the last card of ``column`` out of the game, then add the taken
    card to that column."""

    column: int

    def __post_init__(self) -> None:
        _check_column(self.column)

    @property
    def code(self) -> str:
        return f"remove:{self.column + 1}"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "up_or_down.action.remove", {"column": self.column + 1}

    def __repr__(self) -> str:
        return f"RemoveAndPlace({self.column})"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of the face-down (``"down"``) or face-up (``"up"``) pile."""

    pile: str

    def __post_init__(self) -> None:
        if self.pile not in PILES:
            raise InvalidActionError(f"{self.pile!r} is not a draw pile ('down' or 'up')")

    @property
    def code(self) -> str:
        return f"draw:{self.pile}"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return f"up_or_down.action.draw_{self.pile}", {}

    def __repr__(self) -> str:
        return f"Draw({self.pile!r})"


# Shared instances (legal_actions returns these).
PLAYS: Final[tuple[Play, ...]] = tuple(Play(c) if c else None for c in range(MAX_CARD + 1))  # type: ignore[misc]
TAKES: Final[tuple[Take, ...]] = tuple(Take(c) if c else None for c in range(MAX_CARD + 1))  # type: ignore[misc]
PLACES: Final[tuple[Place, ...]] = tuple(Place(i) for i in range(3))
ABANDONS: Final[tuple[Abandon, ...]] = tuple(Abandon(i) for i in range(3))
REMOVES: Final[tuple[RemoveAndPlace, ...]] = tuple(RemoveAndPlace(i) for i in range(3))
NEW_COLUMN: Final = NewColumn()
DRAW_DOWN: Final = Draw("down")
DRAW_UP: Final = Draw("up")


def _number(code: str, arg: str, example: str) -> int:
    number = whole_number(arg)
    if number is None:
        raise InvalidActionError(f"{code!r}: expected a whole number, e.g. {example!r}")
    return number


def from_code(code: str) -> Action:
    """Parse an action code; InvalidActionError says what an Up or Down? code looks like."""
    if not isinstance(code, str) or not code:
        raise InvalidActionError(f"{code!r} is not an Up or Down? action code")
    if code == "new":
        return NEW_COLUMN
    kind, sep, arg = code.partition(":")
    if kind in ("play", "take") and sep:
        card = _number(code, arg, f"{kind}:37")
        if not 1 <= card <= MAX_CARD:
            raise InvalidActionError(f"{code!r}: cards are numbered 1 to {MAX_CARD}")
        return (PLAYS if kind == "play" else TAKES)[card]
    if kind in ("col", "abandon", "remove") and sep:
        column = whole_number(arg)
        if column is None or not 1 <= column <= 3:
            raise InvalidActionError(f"{code!r}: a column is 1, 2 or 3, e.g. '{kind}:2'")
        return {"col": PLACES, "abandon": ABANDONS, "remove": REMOVES}[kind][column - 1]
    if kind == "draw" and sep:
        if arg == "down":
            return DRAW_DOWN
        if arg == "up":
            return DRAW_UP
        raise InvalidActionError(f"{code!r}: draw from 'draw:down' or 'draw:up'")
    raise InvalidActionError(
        f"{code!r} is not an Up or Down? action (play:N, take:N, col:K, new, abandon:K, remove:K, draw:down, draw:up)"
    )


__all__ = [
    "ABANDONS", "DRAW_DOWN", "DRAW_UP", "MAX_CARD", "NEW_COLUMN", "PILES", "PLACES", "PLAYS", "REMOVES", "TAKES",
    "Abandon", "Draw", "NewColumn", "Place", "Play", "RemoveAndPlace", "Take", "from_code",
]
