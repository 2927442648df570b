"""The Ultimate state, and the one place where states are built.

A state is the whole game to the target: game-level fields first, then the deal in progress.
Every state comes from ``new_state``: without a base every field is named; with a base only the
fields that change (``core.states.replacer``). Nothing else builds an ``UltimateState``.

Hidden parts: the other hands, the kitty, the leftovers, the declarer's discards and the kitty
cards they picked up, the partner's seat until the called card is played, the cards of won
tricks (kept for scoring; a seat saw them played, but the table shows them face down) and the
seed (future deals).

>>> s = new_state(EXAMPLE, phase=PLAY, current=1)
>>> s.phase, s.current, EXAMPLE.phase
(4, 1, 0)
>>> new_state(current=0)
Traceback (most recent call last):
...
TypeError: new_state() without a base state needs every field; missing: seed, deal_no, ...
"""

from __future__ import annotations

from typing import Callable, Final, NamedTuple

from tablekit.core.states import constructor, replacer

# Phases (ints in the state, names in observations)
AUCTION: Final = 0
DISCARD: Final = 1
TRUMP: Final = 2
CALL: Final = 3
PLAY: Final = 4
OVER: Final = 5
PHASE_NAMES: Final = ("auction", "discard", "trump", "call", "play", "over")


class UltimateState(NamedTuple):
    seed: int
    deal_no: int  # 0-based index of the deal in progress (thrown-in deals count)
    dealer: int
    totals: tuple[int, ...]  # cumulative scores
    phase: int
    current: int  # the seat to decide, -1 when the game is over
    hands: tuple[tuple[int, ...], ...]
    kitty: tuple[int, ...]  # still face down in the middle (empty once the declarer takes it)
    leftovers: tuple[int, ...]  # out of play for this deal
    picked: tuple[int, ...]  # the kitty cards the declarer took (for the end-of-deal summary)
    discards: tuple[int, ...]  # the declarer's discards, in order
    out: tuple[bool, ...]  # dropped out of the auction
    bids: tuple[tuple[int, int], ...]  # the auction so far: (seat, amount), 0 for a pass
    high_bid: int  # 0: nobody has bid
    high_bidder: int  # -1: nobody has bid
    declarer: int  # -1 until the auction is won
    trump: int  # -1 not named yet, 0..3 a suit, 4 no trump
    called: int  # the called card, -1 none
    partner: int  # the seat holding the called card at the call (not the declarer), else -1
    revealed: bool  # the called card has been played
    trick: tuple[tuple[int, int], ...]  # the current trick: (seat, card), the lead first
    won: tuple[tuple[int, ...], ...]  # cards of the tricks each seat has won this deal
    tricks_won: tuple[int, ...]
    last_trick: tuple[tuple[int, int], ...]  # the latest completed trick (public)
    last_winner: int
    voids: tuple[int, ...]  # per seat, a bit per suit they were seen not to follow this deal
    results: tuple[tuple[int, int, int, bool], ...]  # per scored deal: declarer, contract, points, made
    termination: str  # "" until over


FIELDS: Final = UltimateState._fields


def builder(*names: str) -> Callable[..., UltimateState]:
    """The constructor that replaces exactly the fields ``names`` of a base state."""
    return replacer(UltimateState, *names)


#: The one constructor of ``UltimateState`` (fields by name; TypeError for a missing or unknown one).
new_state: Final[Callable[..., UltimateState]] = constructor(UltimateState)


EXAMPLE: Final = new_state(
    seed=0, deal_no=0, dealer=0, totals=(0, 0, 0, 0), phase=AUCTION, current=0,
    hands=((0,), (1,), (2,), (3,)), kitty=(4, 5, 6, 7, 8), leftovers=(9,), picked=(), discards=(),
    out=(False,) * 4, bids=(), high_bid=0, high_bidder=-1, declarer=-1, trump=-1, called=-1, partner=-1,
    revealed=False, trick=(), won=((),) * 4, tricks_won=(0,) * 4, last_trick=(), last_winner=-1,
    voids=(0,) * 4, results=(), termination="",
)  # a tiny four-player state for examples

__all__ = ["AUCTION", "CALL", "DISCARD", "EXAMPLE", "FIELDS", "OVER", "PHASE_NAMES", "PLAY", "TRUMP",
           "UltimateState", "builder", "new_state"]
