"""Stacked Ultimate deals and scenario helpers for the tests.

Ultimate is not registered yet (its view, lessons and bots come in a later session), so the
tests build the game directly: ``game(preset, players, **options)``. ``deal`` stacks the first
deal: the hands given (card codes, seat by seat) are completed to the hand size with the
unnamed cards in deck order (♠A..♠K, ♥A.., ♦A.., ♣A..♣K) unless ``fill`` names the order,
then the kitty and the leftovers.
"""

from __future__ import annotations

from typing import Any, Sequence

from helpers_scenarios import assert_rejects

from tablekit.core.cards import STANDARD_52
from tablekit.games.ultimate import PRESETS, Ultimate
from tablekit.games.ultimate.actions import card_code, card_from_code

NS = "ultimate"


def game(preset: str = "basic", players: int = 4, **options: Any) -> Ultimate:
    cfg = PRESETS[preset].from_dict({"players": players, **options}, base=PRESETS[preset])
    return Ultimate(cfg, preset)


def deck(g: Ultimate, hands: Sequence[Sequence[str]], kitty: Sequence[str] = (), fill: Sequence[str] = ()) -> list[str]:
    """The 52 codes of a stacked first deal (see the module docstring)."""
    size, kitty_size, _ = g.config.layout
    named = [c for h in hands for c in h] + list(kitty)
    assert len(named) == len(set(named)), "a card is named twice"
    pool = [c for c in list(fill) + list(STANDARD_52) if c not in named]
    pool = list(dict.fromkeys(pool))
    out: list[str] = []
    for seat in range(g.config.players):
        hand = list(hands[seat]) if seat < len(hands) else []
        while len(hand) < size:
            hand.append(pool.pop(0))
        out += hand
    k = list(kitty)
    while len(k) < kitty_size:
        k.append(pool.pop(0))
    return out + k + pool


def deal(g: Ultimate, hands: Sequence[Sequence[str]], kitty: Sequence[str] = (), dealer: int = 0,
         fill: Sequence[str] = (), seed: int = 0) -> Any:
    return g.initial_state(seed, deck=deck(g, hands, kitty, fill), dealer=dealer)


def hand(state: Any, seat: int) -> list[str]:
    return sorted(card_code(c) for c in state.hands[seat])


def win_auction(g: Ultimate, s: Any, bid: int = 1) -> Any:
    """The player to speak bids ``bid`` and everyone else drops out."""
    s, _ = g.step(s, f"bid:{bid}")
    for _ in range(g.config.players - 1):
        s, _ = g.step(s, "pass")
    return s


def to_tricks(g: Ultimate, s: Any, bid: int = 1, trump: str = "H", call: str | None = None) -> Any:
    """From the start of a deal: the dealer wins the auction with ``bid``, discards the kitty it
    picked up (so its hand is as dealt), names ``trump`` (and calls ``call``)."""
    s = win_auction(g, s, bid)
    for card in s.picked:
        s, _ = g.step(s, f"discard:{card_code(card)}")
    s, _ = g.step(s, f"trump:{trump}")
    if call is not None:
        s, _ = g.step(s, f"call:{call}")
    return s


def c(code: str) -> int:
    return card_from_code(code)


def rejects(g: Ultimate, s: Any, code: str, why: str) -> Any:
    """``code`` is refused with reason ``ultimate.illegal.<why>`` and the state is unchanged."""
    return assert_rejects(g, s, code, f"{NS}.illegal.{why}")
