"""Decks as sequences: stacked deals for lessons and tests, and resampling hidden cards.

A *zone* here is any sequence of cards (a hand, the undrawn stock, cards taken out of the game);
a game hands its zones over as a list and gets new tuples back. Cards can be any hashable
values (ints, codes).

>>> stack([1, 2, 3, 4, 5], [4, 2])
[4, 2, 1, 3, 5]
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable, Collection, Hashable, Sequence, TypeVar

C = TypeVar("C", bound=Hashable)


def stack(deck: Sequence[C], front: Sequence[C]) -> list[C]:
    """A deck order that starts with ``front`` and continues with the rest of ``deck`` in its
    own order. ValueError names the cards of ``front`` the deck does not have (or has fewer
    copies of).

    >>> stack(["AS", "2S", "3S", "4S"], ["3S"])
    ['3S', 'AS', '2S', '4S']
    >>> stack([1, 2, 2, 3], [2, 2, 1])
    [2, 2, 1, 3]
    >>> stack([1, 2, 3], [3, 9, 3])
    Traceback (most recent call last):
    ...
    ValueError: cards not in the deck (or too many copies): 3, 9
    """
    rest = Counter(deck)
    rest.subtract(front)
    if any(v < 0 for v in rest.values()):
        extra = sorted(str(k) for k, v in rest.items() if v < 0)
        raise ValueError(f"cards not in the deck (or too many copies): {', '.join(extra)}")
    tail = []
    for card in deck:
        if rest[card] > 0:
            tail.append(card)
            rest[card] -= 1
    return list(front) + tail


def redeal_unseen(
    zones: Sequence[Sequence[C]],
    hidden: Collection[int],
    rng: random.Random,
    fits: Callable[[int, C], bool] | None = None,
) -> list[tuple[C, ...]]:
    """Pool the cards of the zones whose indexes are in ``hidden``, shuffle them with ``rng``
    and deal them back, each zone keeping its size; the other zones come back unchanged.

    This is the heart of ``determinize``: the zones are what one player cannot see. The pool
    is put in a fixed order (sorted by ``repr``) before it is shuffled and dealt back in zone
    order, so the result depends only on *which* cards are hidden (never on where they lie),
    the sizes of the zones and the state of ``rng``: two states that differ only in what one
    player cannot see are determinized alike for that player (a search bot relies on it).

    ``fits(zone_index, card)``, when given, says whether a card may lie in a hidden zone
    (a player who did not follow suit is void in it: no card of that suit may be dealt to
    them). The deal then fills the most constrained zones first and draws again when it gets
    stuck; ValueError after 100 attempts (no deal fits, or one is too rare to find). With
    ``fits`` the deal is random but not exactly uniform over the deals that fit.

    >>> zones = [(1, 2), (3,), (4, 5, 6)]
    >>> out = redeal_unseen(zones, {0, 2}, random.Random(1))
    >>> out[1], sorted(out[0] + out[2]), [len(z) for z in out]
    ((3,), [1, 2, 4, 5, 6], [2, 1, 3])
    >>> even_first = redeal_unseen(zones, {0, 2}, random.Random(1), fits=lambda z, c: z != 0 or c % 2 == 0)
    >>> all(c % 2 == 0 for c in even_first[0]), sorted(even_first[0] + even_first[2])
    (True, [1, 2, 4, 5, 6])
    >>> redeal_unseen([(2, 1), (3,), (6, 5, 4)], {0, 2}, random.Random(1)) == out  # the same hidden cards
    True
    """
    order = [i for i in range(len(zones)) if i in hidden]
    pool: list[C] = sorted((card for i in order for card in zones[i]), key=repr)
    out = [tuple(zone) for zone in zones]
    if fits is None:
        rng.shuffle(pool)
        pos = 0
        for i in order:
            size = len(zones[i])
            out[i] = tuple(pool[pos : pos + size])
            pos += size
        return out
    # Most constrained zone first: the one that the fewest pooled cards fit, per slot.
    order.sort(key=lambda i: sum(fits(i, c) for c in pool) - len(zones[i]))
    for _attempt in range(100):
        rng.shuffle(pool)
        left = list(pool)
        dealt: dict[int, tuple[C, ...]] = {}
        for i in order:
            size = len(zones[i])
            taken = [k for k, c in enumerate(left) if fits(i, c)][:size]
            if len(taken) < size:
                break
            dealt[i] = tuple(left[k] for k in taken)
            for k in reversed(taken):
                del left[k]
        else:
            for i, cards in dealt.items():
                out[i] = cards
            return out
    raise ValueError("no deal of the unseen cards fits the constraints")


def give_one(
    zones: Sequence[Sequence[C]],
    target: int,
    wanted: Callable[[C], bool],
    donors: Sequence[int],
) -> list[tuple[C, ...]]:
    """Make zone ``target`` hold at least one ``wanted`` card: if it holds none, swap its first
    card with the first wanted card of the first donor zone (in ``donors`` order) that has one.
    Every zone keeps its size; nothing changes when the target already holds one or no donor
    has one. A resampled hand must sometimes hold a card it was seen to have (a bluffer caught
    holding the suit).

    >>> give_one([(1, 3), (5, 4), (6,)], 0, lambda c: c % 2 == 0, [1, 2])
    [(4, 3), (5, 1), (6,)]
    >>> give_one([(2, 3), (4,)], 0, lambda c: c % 2 == 0, [1])
    [(2, 3), (4,)]
    """
    out = [tuple(zone) for zone in zones]
    hand = out[target]
    if not hand or any(wanted(c) for c in hand):
        return out
    for i in donors:
        if i == target:
            continue
        other = out[i]
        for j, c in enumerate(other):
            if wanted(c):
                out[i] = other[:j] + (hand[0],) + other[j + 1 :]
                out[target] = (c,) + hand[1:]
                return out
    return out


__all__ = ["give_one", "redeal_unseen", "stack"]
