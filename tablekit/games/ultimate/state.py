"""The Ultimate state, and the one place where states are built.

A state is the whole game to the target: game-level fields first, then the deal in progress.
Every state comes from ``new_state``: without a base every field is named; with a base only the
fields that change (``core.states.replacer``). The hot paths (a play, a bid, a pass, a discard)
use ``after_play``, ``after_trick``, ``after_bid``, ``after_drop`` and ``after_discard``: the same,
for a fixed set of fields. Nothing else builds an ``UltimateState``.

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

from typing import Any, Callable, Final, NamedTuple

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
    hands: tuple[tuple[int, ...], ...]  # each hand ascending (the rules keep it so; legal_actions relies on it)
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


# The hot paths' builders are written out below: the compiled engine runs them as native code,
# while ``builder``'s are interpreted Python. Each sets its fields by name: ``AT[name]`` is a
# field's position in the tuple.
AT: Final[dict[str, int]] = {name: i for i, name in enumerate(FIELDS)}
_PHASE: Final = AT["phase"]
_CURRENT: Final = AT["current"]
_HANDS: Final = AT["hands"]
_DISCARDS: Final = AT["discards"]
_OUT: Final = AT["out"]
_BIDS: Final = AT["bids"]
_HIGH_BID: Final = AT["high_bid"]
_HIGH_BIDDER: Final = AT["high_bidder"]
_REVEALED: Final = AT["revealed"]
_TRICK: Final = AT["trick"]
_WON: Final = AT["won"]
_TRICKS_WON: Final = AT["tricks_won"]
_LAST_TRICK: Final = AT["last_trick"]
_LAST_WINNER: Final = AT["last_winner"]
_VOIDS: Final = AT["voids"]
_tuple_new: Final = tuple.__new__
_STATE: Final = UltimateState  # (Final: the compiled engine keeps it in a C variable, not the module's dict)


def after_play(base: UltimateState, *, hands: tuple[tuple[int, ...], ...], trick: tuple[tuple[int, int], ...],
               voids: tuple[int, ...], revealed: bool, current: int) -> UltimateState:
    """``new_state(base, hands=..., trick=..., voids=..., revealed=..., current=...)`` (a play that
    does not end the trick).

    >>> after_play(EXAMPLE, hands=((), (1,), (2,), (3,)), trick=((0, 0),), voids=(0,) * 4, revealed=False,
    ...            current=1) == new_state(EXAMPLE, hands=((), (1,), (2,), (3,)), trick=((0, 0),), current=1)
    True
    """
    v: list[Any] = list(base)
    v[_HANDS] = hands
    v[_TRICK] = trick
    v[_VOIDS] = voids
    v[_REVEALED] = revealed
    v[_CURRENT] = current
    state: UltimateState = _tuple_new(_STATE, v)
    return state


def after_trick(base: UltimateState, *, hands: tuple[tuple[int, ...], ...], trick: tuple[tuple[int, int], ...],
                voids: tuple[int, ...], revealed: bool, current: int, won: tuple[tuple[int, ...], ...],
                tricks_won: tuple[int, ...], last_trick: tuple[tuple[int, int], ...],
                last_winner: int) -> UltimateState:
    """``new_state(base, hands=..., ..., last_winner=...)`` (a play that ends a trick).

    >>> after_trick(EXAMPLE, hands=EXAMPLE.hands, trick=(), voids=(0,) * 4, revealed=True, current=2,
    ...             won=((), (), (1, 2), ()), tricks_won=(0, 0, 1, 0), last_trick=((1, 1), (2, 2)),
    ...             last_winner=2) == new_state(EXAMPLE, revealed=True, current=2, won=((), (), (1, 2), ()),
    ...             tricks_won=(0, 0, 1, 0), last_trick=((1, 1), (2, 2)), last_winner=2)
    True
    """
    v: list[Any] = list(base)
    v[_HANDS] = hands
    v[_TRICK] = trick
    v[_VOIDS] = voids
    v[_REVEALED] = revealed
    v[_CURRENT] = current
    v[_WON] = won
    v[_TRICKS_WON] = tricks_won
    v[_LAST_TRICK] = last_trick
    v[_LAST_WINNER] = last_winner
    state: UltimateState = _tuple_new(_STATE, v)
    return state


def after_discard(base: UltimateState, *, hands: tuple[tuple[int, ...], ...], discards: tuple[int, ...],
                  phase: int) -> UltimateState:
    """``new_state(base, hands=..., discards=..., phase=...)`` (a discard).

    >>> after_discard(EXAMPLE, hands=((0,), (), (2,), (3,)), discards=(1,), phase=TRUMP) == new_state(
    ...     EXAMPLE, hands=((0,), (), (2,), (3,)), discards=(1,), phase=TRUMP)
    True
    """
    v: list[Any] = list(base)
    v[_HANDS] = hands
    v[_DISCARDS] = discards
    v[_PHASE] = phase
    state: UltimateState = _tuple_new(_STATE, v)
    return state


def after_bid(base: UltimateState, *, bids: tuple[tuple[int, int], ...], high_bid: int, high_bidder: int,
              current: int) -> UltimateState:
    """``new_state(base, bids=..., high_bid=..., high_bidder=..., current=...)`` (a bid).

    >>> after_bid(EXAMPLE, bids=((0, 3),), high_bid=3, high_bidder=0, current=1) == new_state(
    ...     EXAMPLE, bids=((0, 3),), high_bid=3, high_bidder=0, current=1)
    True
    """
    v: list[Any] = list(base)
    v[_BIDS] = bids
    v[_HIGH_BID] = high_bid
    v[_HIGH_BIDDER] = high_bidder
    v[_CURRENT] = current
    state: UltimateState = _tuple_new(_STATE, v)
    return state


def after_drop(base: UltimateState, *, bids: tuple[tuple[int, int], ...], out: tuple[bool, ...],
               current: int) -> UltimateState:
    """``new_state(base, bids=..., out=..., current=...)`` (a pass that leaves the auction going).

    >>> after_drop(EXAMPLE, bids=((0, 0),), out=(True, False, False, False), current=1) == new_state(
    ...     EXAMPLE, bids=((0, 0),), out=(True, False, False, False), current=1)
    True
    """
    v: list[Any] = list(base)
    v[_BIDS] = bids
    v[_OUT] = out
    v[_CURRENT] = current
    state: UltimateState = _tuple_new(_STATE, v)
    return state

__all__ = ["AT", "AUCTION", "CALL", "DISCARD", "EXAMPLE", "FIELDS", "OVER", "PHASE_NAMES", "PLAY", "TRUMP",
           "UltimateState", "after_bid", "after_discard", "after_drop", "after_play", "after_trick", "builder",
           "new_state"]
