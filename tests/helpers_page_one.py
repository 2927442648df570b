"""Stacked American Page One decks and scenario helpers for the tests.

``stack`` builds the deck that ``PageOne.initial_state(seed, deck=..., dealer=...)`` deals from:
seat 0's hand, seat 1's hand, ..., then the stock from the top (its first card is turned as the
starter). Tests name cards by code ('7H', 'TD', 'JK') and only the cards that matter; every card
they do not mention fills the stock after the named stock cards, in the deck's fixed order
(♠A..♠K, ♥A.., ♦A.., ♣A..♣K, then the jokers).

``deal`` makes the game and its first state with seat ``players - 1`` as dealer, so seat 0 plays
first, unless ``dealer`` is given.

>>> deck = stack([["7H", "KH"], ["2C", "JK"]], stock=["5S"], jokers=1)
>>> [card_code(c) for c in deck[:6]], len(deck)
(['7H', 'KH', '2C', 'JK', '5S', 'AS'], 53)
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from helpers_scenarios import assert_rejects, event_codes, event_params, legal, play, reason

from tablekit import IllegalActionError, make
from tablekit.core.deck import stack as deck_stack
from tablekit.games.page_one.actions import Play, card_code, card_from_code, full_deck

NS = "page_one"


def c(code: str) -> int:
    """A card code as the engine's int."""
    return card_from_code(code)


def stack(hands: Sequence[Sequence[str]], stock: Sequence[str] = (), decks: int = 1, jokers: int = 0) -> list[int]:
    """The whole deck: ``hands`` (one per seat, in seat order), then ``stock`` from the top,
    then every unmentioned card."""
    full_codes = [card_code(card) for card in full_deck(decks, jokers)]
    named = [x for hand in hands for x in hand] + list(stock)
    return [c(x) for x in deck_stack(full_codes, named)]


def deal(hands: Sequence[Sequence[str]], stock: Sequence[str] = (), preset: str = "classic",
         dealer: int | None = None, seed: int = 0, **options: Any) -> tuple[Any, Any]:
    """``make`` the game (one player per hand, the hand size taken from the hands) and its first
    state from a stacked deck."""
    players = len(hands)
    sizes = {len(h) for h in hands}
    if len(sizes) != 1:
        raise ValueError(f"every hand must have the same size, not {sorted(sizes)}")
    options.setdefault("hand_size", sizes.pop())
    game = make("page_one", preset=preset, players=players, **options)
    deck = stack(hands, stock, game.config.decks, game.config.jokers)
    return game, game.initial_state(seed, deck=deck, dealer=players - 1 if dealer is None else dealer)


def hand(state: Any, seat: int) -> list[str]:
    """A seat's hand as sorted card codes."""
    return [card_code(x) for x in sorted(state.hands[seat])]


def params(events: Sequence[Any], kind: str) -> list[dict[str, Any]]:
    """The parameters of every ``page_one.event.<kind>`` event, in order."""
    return event_params(events, f"{NS}.event.{kind}")


def rejects(game: Any, state: Any, code: Any, why: str) -> IllegalActionError:
    """``code`` is refused with reason ``page_one.illegal.<why>`` and the state is unchanged."""
    return assert_rejects(game, state, code, f"{NS}.illegal.{why}")


class EagerBot:
    """A random player that mostly plays (and mostly makes its calls) instead of drawing.

    Purely random play draws and forgets calls so often that games run for hundreds of steps;
    this keeps conformance runs short while still choosing every kind of action.
    """

    name = "eager"

    def choose(self, observation: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        plays = [a for a in legal if isinstance(a, Play)]
        if plays and rng.random() < 0.85:
            called = [a for a in plays if a.call]
            if called and rng.random() < 0.9:
                plays = called
            return plays[rng.randrange(len(plays))]
        return legal[rng.randrange(len(legal))]


__all__ = ["EagerBot", "NS", "c", "deal", "event_codes", "hand", "legal", "params", "play", "reason",
           "rejects", "stack"]
