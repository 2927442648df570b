"""The American Page One state, and the one place where states are built.

A state is the whole match: match-level fields first, then the round in progress. Every state
comes from ``new_state``: a new match or a new deal names every field; any other step names only
the fields that change and keeps the rest of the state it starts from. The hot paths (a play, a
draw, keeping a drawn card) use ``after_play``, ``after_draw`` and ``after_keep``: the same, for a
fixed set of fields. Nothing else in the engine builds a ``PageOneState``.

>>> s = EXAMPLE
>>> t = new_state(s, drawn=1, hands=((1, 5), (2,)), current=1, turns=1)
>>> t.stock_count, t.hands, t.current, t.top, s.current
(1, ((1, 5), (2,)), 1, 4, 0)
>>> new_state(current=0)
Traceback (most recent call last):
...
TypeError: new_state() without a base state needs every field; missing: seed, round_no, ...
>>> new_state(s, colour=1)
Traceback (most recent call last):
...
TypeError: PageOneState has no field colour
"""

from __future__ import annotations

from typing import Any, Callable, Final, NamedTuple

from tablekit.core.states import constructor, replacer

# Phases (ints in the state, names in observations)
PLAY: Final = 0  # an ordinary turn (maybe facing a penalty, a catch or a challenge)
DRAWN: Final = 1  # the player just drew a card that fits: play it or keep it
NAME: Final = 2  # the suit of an Eight turned as the starter is named
REDO: Final = 3  # a caught joker bluffer plays a card of the suit instead
OVER: Final = 4
CATCH_WINDOW: Final = 5  # a player other than the one to play next may catch a missed call, or not
PHASE_NAMES: Final = ("play", "drawn", "name", "redo", "over", "catch")


class PageOneState(NamedTuple):
    """The whole match: match-level fields first, then the round in progress.

    A NamedTuple (immutable, and cheap to build on the random-playout hot path). Hidden parts:
    the stock order, the other hands, the drawn card and whether a joker was a bluff.
    """

    seed: int
    round_no: int  # 0-based index of the round in progress
    dealer: int
    totals: tuple[int, ...]  # cumulative scores
    stock: tuple[int, ...]  # drawn from index `drawn` onward
    drawn: int
    discard: tuple[int, ...]  # bottom first; the last card is the top card
    hands: tuple[tuple[int, ...], ...]
    out: tuple[bool, ...]  # has gone out this round (play_on)
    current: int  # the seat to decide, -1 when the match is over
    direction: int  # +1 clockwise (seat numbers increasing), -1 counter-clockwise
    suit: int  # the suit to follow (0..3)
    pending: int  # cards the player to act must draw unless they answer (0: none)
    pending_kind: int  # E_TWO, E_THREE or E_JOKER while pending > 0, else E_NONE
    phase: int
    drawn_card: int  # DRAWN: the card just drawn; else -1
    exposed: int  # catchable: the seat whose missed call may be caught, else -1
    asking: tuple[int, ...]  # CATCH_WINDOW: the seats asked after `current`; the last one plays next
    challenge: tuple[int, ...]  # () or (joker player, suit before, direction before, bluff, jokers)
    passes: int  # consecutive passes with nothing to draw
    last_player: int  # who played the latest card (-1: nobody yet this round)
    finish: tuple[int, ...]  # seats in the order they went out this round
    round_winners: tuple[int, ...]  # winners of the finished rounds, in order
    round_scores: tuple[int, ...]  # scores of the latest finished round
    termination: str  # "" until over
    reshuffles: int  # stock reshuffles this round (seeds each reshuffle)
    turns: int  # decisions made this round (see the round_limit option)

    @property
    def stock_count(self) -> int:
        return len(self.stock) - self.drawn

    @property
    def top(self) -> int:
        return self.discard[-1]


FIELDS: Final = PageOneState._fields


def builder(*names: str) -> Callable[..., PageOneState]:
    """The constructor of states that change exactly the fields ``names``: it takes a base
    state and those fields as keywords (each one required) and keeps every other field of the
    base (``core.states.replacer``, which ``new_state`` uses too).

    >>> after = builder("current", "turns")
    >>> s = new_state(EXAMPLE, current=1)
    >>> after(s, current=0, turns=3) == new_state(s, current=0, turns=3)
    True
    """
    return replacer(PageOneState, *names)


# The hot paths' builders (a play, a draw, keeping a drawn card) are written out below: the
# compiled engine runs them as native code, while ``builder``'s are interpreted Python. Each
# sets its fields by name: ``AT[name]`` is a field's position in the tuple.
AT: Final[dict[str, int]] = {name: i for i, name in enumerate(FIELDS)}
_STOCK: Final = AT["stock"]
_DRAWN: Final = AT["drawn"]
_DISCARD: Final = AT["discard"]
_HANDS: Final = AT["hands"]
_CURRENT: Final = AT["current"]
_DIRECTION: Final = AT["direction"]
_SUIT: Final = AT["suit"]
_PENDING: Final = AT["pending"]
_PENDING_KIND: Final = AT["pending_kind"]
_PHASE: Final = AT["phase"]
_DRAWN_CARD: Final = AT["drawn_card"]
_EXPOSED: Final = AT["exposed"]
_CHALLENGE: Final = AT["challenge"]
_PASSES: Final = AT["passes"]
_LAST_PLAYER: Final = AT["last_player"]
_RESHUFFLES: Final = AT["reshuffles"]
_TURNS: Final = AT["turns"]
_tuple_new: Final = tuple.__new__
_STATE: Final = PageOneState  # (Final: the compiled engine keeps it in a C variable, not the module's dict)


def after_play(base: PageOneState, *, discard: tuple[int, ...], hands: tuple[tuple[int, ...], ...], current: int,
               direction: int, suit: int, pending: int, pending_kind: int, phase: int, drawn_card: int, exposed: int,
               challenge: tuple[int, ...], passes: int, last_player: int, turns: int) -> PageOneState:
    """``new_state(base, discard=..., ..., turns=...)`` for a play: these fields, each required.

    >>> after_play(EXAMPLE, discard=(4, 1), hands=((), (2,)), current=1, direction=1, suit=0, pending=0,
    ...            pending_kind=0, phase=PLAY, drawn_card=-1, exposed=-1, challenge=(), passes=0, last_player=0,
    ...            turns=1) == new_state(EXAMPLE, discard=(4, 1), hands=((), (2,)), current=1, last_player=0, turns=1)
    True
    """
    v: list[Any] = list(base)
    v[_DISCARD] = discard
    v[_HANDS] = hands
    v[_CURRENT] = current
    v[_DIRECTION] = direction
    v[_SUIT] = suit
    v[_PENDING] = pending
    v[_PENDING_KIND] = pending_kind
    v[_PHASE] = phase
    v[_DRAWN_CARD] = drawn_card
    v[_EXPOSED] = exposed
    v[_CHALLENGE] = challenge
    v[_PASSES] = passes
    v[_LAST_PLAYER] = last_player
    v[_TURNS] = turns
    state: PageOneState = _tuple_new(_STATE, v)
    return state


def after_draw(base: PageOneState, *, stock: tuple[int, ...], drawn: int, discard: tuple[int, ...],
               hands: tuple[tuple[int, ...], ...], current: int, pending: int, pending_kind: int, phase: int,
               drawn_card: int, exposed: int, challenge: tuple[int, ...], passes: int, reshuffles: int,
               turns: int) -> PageOneState:
    """``new_state(base, stock=..., ..., turns=...)`` for a draw: these fields, each required.

    >>> after_draw(EXAMPLE, stock=(5, 6), drawn=1, discard=(4,), hands=((1, 5), (2,)), current=1, pending=0,
    ...            pending_kind=0, phase=PLAY, drawn_card=-1, exposed=-1, challenge=(), passes=0, reshuffles=0,
    ...            turns=1) == new_state(EXAMPLE, drawn=1, hands=((1, 5), (2,)), current=1, turns=1)
    True
    """
    v: list[Any] = list(base)
    v[_STOCK] = stock
    v[_DRAWN] = drawn
    v[_DISCARD] = discard
    v[_HANDS] = hands
    v[_CURRENT] = current
    v[_PENDING] = pending
    v[_PENDING_KIND] = pending_kind
    v[_PHASE] = phase
    v[_DRAWN_CARD] = drawn_card
    v[_EXPOSED] = exposed
    v[_CHALLENGE] = challenge
    v[_PASSES] = passes
    v[_RESHUFFLES] = reshuffles
    v[_TURNS] = turns
    state: PageOneState = _tuple_new(_STATE, v)
    return state


def after_keep(base: PageOneState, *, current: int, phase: int, drawn_card: int, turns: int) -> PageOneState:
    """``new_state(base, current=..., phase=..., drawn_card=..., turns=...)`` (a drawn card kept).

    >>> after_keep(EXAMPLE, current=1, phase=PLAY, drawn_card=-1, turns=1) == new_state(EXAMPLE, current=1, turns=1)
    True
    """
    v: list[Any] = list(base)
    v[_CURRENT] = current
    v[_PHASE] = phase
    v[_DRAWN_CARD] = drawn_card
    v[_TURNS] = turns
    state: PageOneState = _tuple_new(_STATE, v)
    return state


#: The one constructor of ``PageOneState`` (``core.states.constructor``): without a base state
#: every field must be given; with one, the fields given replace the base's and the others are
#: kept. Fields are named, never positional. TypeError names a missing or unknown field.
new_state: Final[Callable[..., PageOneState]] = constructor(PageOneState)


EXAMPLE: Final = new_state(
    seed=0, round_no=0, dealer=1, totals=(0, 0), stock=(5, 6), drawn=0, discard=(4,), hands=((1,), (2,)),
    out=(False, False), current=0, direction=1, suit=0, pending=0, pending_kind=0, phase=PLAY, drawn_card=-1,
    exposed=-1, asking=(), challenge=(), passes=0, last_player=-1, finish=(), round_winners=(), round_scores=(),
    termination="", reshuffles=0, turns=0,
)  # a small two-player state for examples and tests


__all__ = ["AT", "CATCH_WINDOW", "DRAWN", "EXAMPLE", "FIELDS", "NAME", "OVER", "PHASE_NAMES", "PLAY", "REDO",
           "PageOneState", "after_draw", "after_keep", "after_play", "builder", "new_state"]
