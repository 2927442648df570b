"""The 並べRUNO state, and the one place where states are built (``new_state``; fields by name,
see ``core.states.constructor``).

The board is the start card on (0, 0) and up to four roads. A road is a tuple of placed
cards ``(x, y, card, colour)`` from the start card outward (``colour`` is the card's colour, or
the colour a wild asked for); its last card is its tip. Roads are told apart by their first
cell (one of the start card's four sides).

Hidden parts: every hand but the viewer's, the draw pile, the scoring cards still on the board
and every captured card (the capturer's too) until the game is over, and the seed. Public: the
board, where the scoring cards lie, how many cards each player captured, the discard pile
(its cards were face up), the sizes of the hands and of the draw pile.

>>> s = new_state(EXAMPLE, idle=2)
>>> s.idle, EXAMPLE.idle, s.roads[0][-1]
(2, 0, (2, 0, 'R5', 'R'))
"""

from __future__ import annotations

from typing import Callable, Final, NamedTuple

from tablekit.core.states import constructor, replacer

Cell = tuple[int, int]
Placed = tuple[int, int, str, str]  # x, y, card, colour


class NarabeRunoState(NamedTuple):
    seed: int
    first: int  # the seat that played first
    current: int  # the seat to decide, -1 when the game is over
    turn: int  # turns taken so far
    direction: int  # 1 clockwise, -1 (only with reverse_turns)
    hands: tuple[tuple[str, ...], ...]  # sorted
    draw: tuple[str, ...]  # the draw pile, the next card to draw last
    discard: tuple[str, ...]  # the discard pile, the newest card last
    start: str  # the start card on (0, 0)
    roads: tuple[tuple[Placed, ...], ...]  # in the order they were started
    occ: frozenset[Cell]  # the cells holding a card face up: the start card's and the roads'
    scoring: tuple[tuple[Cell, str], ...]  # scoring cards still on the board, in layout order
    captured: tuple[tuple[str, ...], ...]  # per seat, in the order captured
    anchor: Cell | None  # the card placed last, which the next play must extend; None: free choice
    closed: Cell | None  # the first cell of the road a Reverse closed (until the next placement)
    idle: int  # turns in a row without a card placed on the board
    placed: int  # cards placed on the board so far
    reshuffles: int  # times the discard pile became the draw pile
    reveal: tuple[tuple[tuple[str, int, int, tuple[str, ...]], ...], ...]  # per seat at the end:
    #   (card, points, seat that scores them, cards drawn for it)
    termination: str  # "" until over


FIELDS: Final = NarabeRunoState._fields


def builder(*names: str) -> Callable[..., NarabeRunoState]:
    """The constructor that replaces exactly the fields ``names`` of a base state."""
    return replacer(NarabeRunoState, *names)


#: The one constructor of ``NarabeRunoState``.
new_state: Final[Callable[..., NarabeRunoState]] = constructor(NarabeRunoState)

EXAMPLE: Final = new_state(
    seed=0, first=0, current=0, turn=0, direction=1, hands=(("B2", "G7", "W"), ("R1", "Y3", "YS")),
    draw=("G1", "G2"), discard=(), start="R3", roads=(((1, 0, "R9", "R"), (2, 0, "R5", "R")),),
    occ=frozenset({(0, 0), (1, 0), (2, 0)}),
    scoring=(((-3, 0), "B9"), ((3, 0), "Y5")), captured=((), ()), anchor=(2, 0), closed=None, idle=0,
    placed=2, reshuffles=0, reveal=(), termination="",
)  # a tiny two-player state for examples

__all__ = ["EXAMPLE", "FIELDS", "Cell", "NarabeRunoState", "Placed", "builder", "new_state"]
