"""The Up&Down state, and the one place where states are built.

A state is the whole match: match-level fields first, then the game in progress. Rules code
never builds one positionally: a new match or a new game goes through ``new_state`` (every
field named), a card laid on the pile through ``after_play`` (the hot path), and any other
change through the NamedTuple's own ``_replace``.

>>> s = new_state(seed=0, game_no=0, dealer=1, wins=(0, 0), chips=(0, 0), pot=0, ante=0,
...               carried=False, deck=(9, 8), drawn=0, removed=(), hands=((5,), (7,)),
...               status=(ACTIVE, ACTIVE), pile=(), field=0, direction=1, current=0,
...               last_player=-1, last_number_player=-1, phase=PLAY, termination="",
...               game_winners=(), bought=(0, 0))
>>> t = after_play(s, hands=((9,), (7,)), drawn=1, card=5, field=5, direction=1, current=1, last_number_player=0)
>>> t.pile, t.field, t.hands[0], t.stock_count, t.last_player, t.current
((5,), 5, (9,), 1, 0, 1)
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from tablekit.core.states import replacer

# A seat's status in the game in progress.
ACTIVE: Final = "active"
OUT: Final = "out"  # eliminated this game
FINISHED: Final = "finished"  # Cul-de-sac phase 2: emptied their hand
SITTING_OUT: Final = "sitting_out"  # Carry-over: could not pay the ante for this game

# The phase of the game in progress.
PLAY: Final = "play"  # Basic and Carry-over
MISSION: Final = "mission"  # Cul-de-sac phase 1
CHALLENGE: Final = "challenge"  # Cul-de-sac phase 2
OVER: Final = "over"


class UpAndDownState(NamedTuple):
    """The whole match: match-level fields first, then the game in progress.

    A NamedTuple rather than a frozen dataclass: it is as immutable, and five times cheaper to
    build, which the random-playout benchmark needs (see bench/README.md).
    """

    seed: int
    game_no: int  # 0-based index of the game in progress
    dealer: int
    wins: tuple[int, ...]
    chips: tuple[int, ...]
    pot: int
    ante: int  # the ante paid before the game in progress (Carry-over)
    carried: bool  # the previous game ended with a carry-over
    deck: tuple[int, ...]  # this game's stock, drawn from index `drawn` onward
    drawn: int
    removed: tuple[int, ...]  # Cul-de-sac: cards taken out before the deal (face down)
    hands: tuple[tuple[int, ...], ...]
    status: tuple[str, ...]
    pile: tuple[int, ...]  # cards played this game, latest last
    field: int  # the number to beat; 0 while the field is empty
    direction: int  # +1 clockwise (seat numbers increasing), -1 counter-clockwise
    current: int  # the seat to decide, -1 when the match is over
    last_player: int  # who made the latest play this game (-1: nobody yet)
    last_number_player: int
    phase: str
    termination: str  # "" until over
    game_winners: tuple[int, ...]  # the survivor of each finished game
    bought: tuple[int, ...]  # Carry-over with buy_in: chips each seat has bought so far

    @property
    def stock_count(self) -> int:
        return len(self.deck) - self.drawn


def new_state(**fields: Any) -> UpAndDownState:
    """A state with every field named (the readable path: a new match, the end of a game, a
    new deal). A missing or unknown field raises TypeError."""
    return UpAndDownState(**fields)


# The hot path of every playout: made once, as fast as a positional tuple (core.states).
_after_play: Final = replacer(UpAndDownState, "hands", "drawn", "pile", "field", "direction", "current",
                              "last_player", "last_number_player", "termination")


def after_play(
    s: UpAndDownState,
    hands: tuple[tuple[int, ...], ...],
    drawn: int,
    card: int,
    field: int,
    direction: int,
    current: int,
    last_number_player: int,
) -> UpAndDownState:
    """The state after the current player lays ``card`` (and drew, when ``drawn`` moved on):
    the pile grows, and the field, direction, hands and next seat are as given. The player
    becomes ``last_player``. Eliminations and phase changes are applied afterwards with
    ``_replace``.
    """
    return _after_play(s, hands=hands, drawn=drawn, pile=s.pile + (card,), field=field,
                       direction=direction, current=current, last_player=s.current,
                       last_number_player=last_number_player, termination="")


__all__ = [
    "ACTIVE", "CHALLENGE", "FINISHED", "MISSION", "OUT", "OVER", "PLAY", "SITTING_OUT",
    "UpAndDownState", "after_play", "new_state",
]
