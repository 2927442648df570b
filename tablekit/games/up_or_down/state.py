"""The Up or Down? state, and the one place where states are built.

Every state comes from ``new_state``: without a base every field is named; with a base only the
fields that change (``core.states.replacer``).

Hidden parts: the other hands (except the cards a player drew from the face-up pile, which
everyone saw: ``shown``), the face-down pile, the face-up pile below its top card, and the
seed. Everything else is public: the ring, every column and its direction, the discard piles
(their cards were face up when the columns were abandoned), the removed cards and the sizes of
all piles.

>>> s = new_state(EXAMPLE, phase=TAKE, played=14)
>>> s.phase, s.played, EXAMPLE.phase
(1, 14, 0)
"""

from __future__ import annotations

from typing import Callable, Final, NamedTuple

from tablekit.core.states import constructor, replacer

# Phases of a turn (ints in the state, names in observations)
PLAY: Final = 0
TAKE: Final = 1
PLACE: Final = 2
DRAW: Final = 3
OVER: Final = 4
PHASE_NAMES: Final = ("play", "take", "place", "draw", "over")
#: Directions of a column: not fixed yet (0 or 1 card), ascending, descending.
NONE, UP, DOWN = 0, 1, -1
#: The variant colours kept in ``UpOrDownState.colours``, in this order (-1: variant off), named
#: as the options that set them.
COLOUR_ROLES: Final = ("special_colour", "special_down_colour", "take_colour", "remove_colour")


class UpOrDownState(NamedTuple):
    seed: int
    first: int  # the seat that played first
    colours: tuple[int, int, int, int]  # colour index per COLOUR_ROLES, -1 when that variant is off
    phase: int
    current: int  # the seat to decide, -1 when the game is over
    turn: int  # turns started so far (the first turn is 1)
    hands: tuple[tuple[int, ...], ...]  # sorted
    shown: tuple[tuple[int, ...], ...]  # per seat, cards in hand everyone saw drawn from the face-up pile
    ring: tuple[int, ...]  # sorted ascending = clockwise; 7 cards between a play and a take
    played: int  # the card just played into the ring (0: none)
    taken: int  # the card taken and not yet placed (0: none)
    down: tuple[int, ...]  # the face-down pile, top card last
    up: tuple[int, ...]  # the face-up pile, top card last
    columns: tuple[tuple[tuple[int, ...], ...], ...]  # per seat, up to 3 columns in the order started
    dirs: tuple[tuple[int, ...], ...]  # per seat, the direction of each column (NONE, UP, DOWN)
    discards: tuple[tuple[int, ...], ...]  # per seat, abandoned cards in the order they went there
    removed: tuple[int, ...]  # out of the game (Remove one card variant)
    termination: str  # "" until over


FIELDS: Final = UpOrDownState._fields


def builder(*names: str) -> Callable[..., UpOrDownState]:
    """The constructor that replaces exactly the fields ``names`` of a base state."""
    return replacer(UpOrDownState, *names)


#: The one constructor of ``UpOrDownState`` (fields by name; TypeError for a missing or unknown one).
new_state: Final[Callable[..., UpOrDownState]] = constructor(UpOrDownState)


EXAMPLE: Final = new_state(
    seed=0, first=0, colours=(-1, -1, -1, -1), phase=PLAY, current=0, turn=1,
    hands=((5, 14, 40), (1, 2, 3)), shown=((), ()), ring=(7, 10, 33, 45, 50, 54), played=0, taken=0,
    down=(20, 21), up=(22, 23), columns=((), ()), dirs=((), ()), discards=((), ()), removed=(), termination="",
)  # a tiny two-player state for examples

__all__ = ["COLOUR_ROLES", "DOWN", "DRAW", "EXAMPLE", "FIELDS", "NONE", "OVER", "PHASE_NAMES", "PLACE", "PLAY",
           "TAKE", "UP", "UpOrDownState", "builder", "new_state"]
