"""Trick-taking blocks: following suit, the winner of a trick, voids revealed by not following.

Cards can be any values: the game passes ``suit_of(card)`` and ``rank_of(card)`` (a higher rank
beats a lower one), so these functions know nothing of a particular deck. A trick is a
sequence of plays ``(seat, card)`` in the order they were played, the lead first.

>>> suit = lambda c: c[-1]
>>> rank = lambda c: "23456789TJQKA".index(c[0])
>>> plays = [(0, "QS"), (1, "AS"), (2, "2H"), (3, "KS")]
>>> trick_winner(plays, "S", "H", suit, rank), trick_winner(plays, "S", None, suit, rank)
(2, 1)
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence, TypeVar

C = TypeVar("C")
Suit = Hashable


def legal_follow(hand: Sequence[C], led_suit: Suit | None, suit_of: Callable[[C], Any]) -> list[C]:
    """The cards of ``hand`` that may be played to a trick led in ``led_suit``: those of the led
    suit when the hand holds any, else every card (also every card when leading, ``led_suit``
    None). The hand's order is kept.

    >>> suit = lambda c: c[-1]
    >>> legal_follow(["QS", "2H", "9S"], "S", suit)
    ['QS', '9S']
    >>> legal_follow(["QS", "2H"], "D", suit)
    ['QS', '2H']
    >>> legal_follow(["QS", "2H"], None, suit)
    ['QS', '2H']
    """
    if led_suit is None:
        return list(hand)
    following = [c for c in hand if suit_of(c) == led_suit]
    return following if following else list(hand)


def trick_winner(
    plays: Sequence[tuple[int, C]],
    led_suit: Suit,
    trump: Suit | None,
    suit_of: Callable[[C], Any],
    rank_of: Callable[[C], Any],
) -> int:
    """The seat that wins the trick: the highest trump when a trump was played, else the
    highest card of the led suit. ``trump`` None means no trump suit. Cards of other suits
    never win. ValueError for an empty trick.

    >>> suit = lambda c: c[-1]
    >>> rank = lambda c: "23456789TJQKA".index(c[0])
    >>> trick_winner([(0, "QS"), (1, "AS"), (2, "2H"), (3, "KS")], "S", "H", suit, rank)
    2
    >>> trick_winner([(0, "QS"), (1, "AC"), (2, "3S"), (3, "KD")], "S", "H", suit, rank)
    0
    """
    if not plays:
        raise ValueError("an empty trick has no winner")
    best_seat, best_key = plays[0][0], None
    for seat, card in plays:
        suit = suit_of(card)
        if trump is not None and suit == trump:
            key = (2, rank_of(card))
        elif suit == led_suit:
            key = (1, rank_of(card))
        else:
            continue
        if best_key is None or key > best_key:
            best_seat, best_key = seat, key
    return best_seat


def revealed_voids(plays: Sequence[tuple[int, C]], led_suit: Suit, suit_of: Callable[[C], Any]) -> list[int]:
    """The seats that did not follow ``led_suit`` in this trick: they have shown that they
    hold no card of it (when following is compulsory).

    >>> suit = lambda c: c[-1]
    >>> revealed_voids([(0, "QS"), (1, "2H"), (2, "9S"), (3, "KD")], "S", suit)
    [1, 3]
    """
    return [seat for seat, card in plays if suit_of(card) != led_suit]


__all__ = ["legal_follow", "revealed_voids", "trick_winner"]
