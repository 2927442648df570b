"""A heuristic American Page One bot (and the source of learners' hints).

It sees only its observation and the legal actions. Its ideas, in order:

* Never forget a call, and always catch a missed one: both are free.
* Answer a penalty when it can (the next player gets it); otherwise take it.
* Challenge a joker when its player still held four or more cards: with that many cards a
  card of the suit was likely.
* A card just drawn that fits is played at once.
* Keep wild cards (a play that names a suit) for when nothing else fits. Among the other
  plays, choose the card whose suit the hand holds most of (so the next turn is likely to
  have a match), then the one worth most points (it costs the most if someone else goes out).
* A wild card names the suit the rest of the hand holds most of.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from tablekit.core.actions import Action
from tablekit.core.verdict import Advice
from tablekit.games.page_one.actions import (
    CARD_PARAMS,
    JOKER,
    SUIT_PARAMS,
    Catch,
    Challenge,
    Draw,
    NameSuit,
    Play,
    card_from_code,
)

NS = "page_one"


def _suit(card: int) -> int:
    return -1 if card == JOKER else card // 13


def _points(card: int) -> int:
    """A rough worth of a card left in hand (Crazy Eights values)."""
    if card == JOKER:
        return 50
    rank = card % 13
    return 50 if rank == 7 else 10 if rank >= 9 else rank + 1


def _longest_suit(hand: Sequence[int], without: Sequence[int] = ()) -> int:
    rest = list(hand)
    for c in without:
        if c in rest:
            rest.remove(c)
    counts = [sum(1 for c in rest if _suit(c) == s) for s in range(4)]
    return max(range(4), key=lambda s: (counts[s], -s))


class HeuristicBot:
    """See the module docstring. Deterministic given its observation."""

    name = "heuristic"

    def choose(self, observation: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return self.advise(observation, legal, rng).action

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def advise(self, obs: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Advice:
        me = obs["current"]
        hand = [card_from_code(c) for c in obs["players"][me]["hand"] or ()]
        for a in legal:
            if isinstance(a, Catch):
                return Advice(a, f"{NS}.hint.catch", {"player": obs["exposed"]})
        names = [a for a in legal if isinstance(a, NameSuit)]
        if names:
            suit = _longest_suit(hand)
            return Advice(next(a for a in names if a.suit == suit), f"{NS}.hint.name_starter",
                          {"suit": SUIT_PARAMS[suit]})
        plays = [a for a in legal if isinstance(a, Play)]
        if obs["phase"] == "redo":
            best = self._best(plays, hand)
            return Advice(best, f"{NS}.hint.redo", {"card": CARD_PARAMS[best.card]})
        for a in legal:
            if isinstance(a, Challenge):
                joker_player = obs["challenge"]
                if obs["players"][joker_player]["hand_count"] >= 4:
                    return Advice(a, f"{NS}.hint.challenge", {"player": joker_player})
        if obs["pending"]:
            if plays:
                best = self._best(plays, hand)
                return Advice(best, f"{NS}.hint.counter", {"card": CARD_PARAMS[best.card]})
            draw = next(a for a in legal if isinstance(a, Draw))
            return Advice(draw, f"{NS}.hint.take_penalty", {"count": obs["pending"]})
        if obs["phase"] == "drawn" and plays:
            best = self._best(plays, hand)
            return Advice(best, f"{NS}.hint.play_drawn", {"card": CARD_PARAMS[best.card]})
        if plays:
            plain = [a for a in plays if a.suit is None]
            if plain:
                best = self._best(plain, hand)
                if any(a.call for a in plain):
                    return Advice(best, f"{NS}.hint.call", {"card": CARD_PARAMS[best.card]})
                if len(plain) < len(plays):
                    return Advice(best, f"{NS}.hint.keep_wild", {"card": CARD_PARAMS[best.card]})
                return Advice(best, f"{NS}.hint.shed_high", {"card": CARD_PARAMS[best.card]})
            best = self._best(plays, hand)
            return Advice(best, f"{NS}.hint.wild", {"card": CARD_PARAMS[best.card],
                                                    "suit": SUIT_PARAMS[best.suit or 0]})
        for a in legal:
            if isinstance(a, Draw):
                return Advice(a, f"{NS}.hint.draw", {})
        return Advice(legal[0], f"{NS}.hint.pass", {})

    @staticmethod
    def _best(plays: Sequence[Play], hand: Sequence[int]) -> Play:
        """The play that keeps the hand most playable: calls made, a wild names the longest
        remaining suit, the card of the most common suit first, then the most points shed."""
        def key(a: Play) -> tuple[int, int, int, int, int, str]:
            rest = list(hand)
            for c in a.cards:
                if c in rest:
                    rest.remove(c)
            suit = a.suit if a.suit is not None else _suit(a.card)
            wanted = _longest_suit(hand, a.cards) if a.suit is not None else suit
            same = sum(1 for c in rest if _suit(c) == suit)
            return (int(a.call), int(suit == wanted), a.count, same, sum(_points(c) for c in a.cards), a.code)
        return max(plays, key=key)
