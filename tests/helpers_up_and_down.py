"""Stacked Up&Down decks for scenario tests.

``stack`` builds the 108-card deck that ``UpAndDown.initial_state(seed, deck=...)`` deals from:
seat 0's five cards, seat 1's five, ..., then the stock from the top; in Cul-de-sac the last
``removed_cards`` cards are set aside. Tests name only the cards that matter; every card they
do not mention fills the stock after the named stock cards, in a fixed order (numbers
ascending, then Pass, Turn, Shot), and ``removed`` cards go to the very end of the deck.

The deck is built by the lessons' ``deck`` (on ``tablekit.core.deck.stack``); this helper adds
the checks a test wants (one hand of five per seat, card letters).

>>> deck = stack(2, [[85, 1, 2, 3, 4], ["P", "T", "S", 99, 100]], stock=[50], removed=[7])
>>> deck[:11], deck[-1], len(deck)
([85, 1, 2, 3, 4, 101, 102, 103, 99, 100, 50], 7, 108)
>>> deck[11:14]
[5, 6, 8]
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence, Union

from helpers_scenarios import assert_rejects, event_codes, event_params, legal, play, reason

from tablekit import IllegalActionError, make
from tablekit.games.up_and_down.actions import PASS, SHOT, TURN
from tablekit.games.up_and_down.lessons import deck as lesson_deck

Card = Union[int, str]
HAND_SIZE = 5
_LETTERS = {"P": PASS, "T": TURN, "S": SHOT}


def card(c: Card) -> int:
    """A card as the engine's int: 1..100, or 'P'/'T'/'S' (or 101/102/103) for the specials."""
    if isinstance(c, str):
        if c in _LETTERS:
            return _LETTERS[c]
        if c.isdigit():
            c = int(c)
        else:
            raise ValueError(f"{c!r} is not an Up&Down card")
    if isinstance(c, bool) or not isinstance(c, int) or not (1 <= c <= 100 or c in (PASS, TURN, SHOT)):
        raise ValueError(f"{c!r} is not an Up&Down card")
    return c


def cards(cs: Iterable[Card]) -> list[int]:
    return [card(c) for c in cs]


def stack(
    players: int,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card] = (),
    removed: Sequence[Card] = (),
) -> list[int]:
    """The full 108-card deck dealing ``hands`` (one per seat, five cards each), then ``stock``
    from the top, then every unmentioned card, then ``removed`` at the very end."""
    if len(hands) != players:
        raise ValueError(f"need one hand per seat: {players} seats, {len(hands)} hands")
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise ValueError(f"seat {seat} must be dealt {HAND_SIZE} cards, not {len(hand)}")
    return lesson_deck([cards(h) for h in hands], cards(stock), cards(removed))


def ladder(players: int) -> tuple[list[list[int]], list[str]]:
    """Hands for a clean climb: seat i holds 10*r + i + 1 for r = 0..4, so playing the numbers
    in increasing order is always legal and goes round the table five times (seat 0 opens,
    holding 1, also in Cul-de-sac). Returns the hands and those 5 * players moves.

    >>> hands, moves = ladder(2)
    >>> hands, moves[:4], moves[-1]
    ([[1, 11, 21, 31, 41], [2, 12, 22, 32, 42]], ['1', '2', '11', '12'], '42')
    """
    hands = [[10 * r + i + 1 for r in range(HAND_SIZE)] for i in range(players)]
    moves = [str(10 * r + i + 1) for r in range(HAND_SIZE) for i in range(players)]
    return hands, moves


# --- stepping through a scenario -----------------------------------------------------------------
NS = "up_and_down"


def deal(preset: str, players: int, hands: Sequence[Sequence[Card]], stock: Sequence[Card] = (),
         removed: Sequence[Card] = (), seed: int = 0, **options: Any) -> tuple[Any, Any]:
    """``make`` the game and its first state from a stacked deck."""
    game = make("up_and_down", preset=preset, players=players, **options)
    return game, game.initial_state(seed, deck=stack(players, hands, stock, removed))


def params(events: Sequence[Any], kind: str) -> list[dict[str, Any]]:
    """The parameters of every ``up_and_down.event.<kind>`` event, in order."""
    return event_params(events, f"{NS}.event.{kind}")


def rejects(game: Any, state: Any, code: Any, why: str) -> IllegalActionError:
    """``code`` is refused with reason ``up_and_down.illegal.<why>`` and the state is unchanged."""
    return assert_rejects(game, state, code, f"{NS}.illegal.{why}")


__all__ = ["card", "cards", "deal", "event_codes", "ladder", "legal", "params", "play", "reason",
           "rejects", "stack"]
