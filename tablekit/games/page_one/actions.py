"""American Page One cards and actions.

Cards are ints: ``suit * 13 + rank`` with suits ♠ ♥ ♦ ♣ (0..3, letters S H D C) and ranks A, 2..9,
T (ten), J, Q, K (0..12), so 0 is the ace of spades and 51 the king of clubs; 52 is a joker
(every joker is the same card). Card ``c`` is ``tablekit.core.cards.STANDARD_52[c]`` (the suits,
ranks, codes and names of the standard deck are data there): ``"7H"``, ``"TD"``, ``"AS"``; a
joker is ``"JK"``.

Actions and their codes:

* ``Play``: ``"7H"``; a wild card (an Eight, a joker) names a suit after a colon: ``"8S:H"``;
  a trailing ``!`` is the call ("Page One" / "Stop") made with the play: ``"7H!"``,
  ``"8S:H!"``; several cards of one rank played together (a house rule) are joined with ``+``,
  the card that ends on top last: ``"KC+KH"``.
* ``Draw`` ``"draw"`` (also: take a pending Two/Three/joker penalty), ``Pass`` ``"pass"`` (keep
  the card just drawn, pass when nothing can be drawn, or let a missed "Stop" go), ``Catch``
  ``"catch"`` (point out a missed call), ``Challenge`` ``"challenge"`` (challenge a joker) and
  ``NameSuit`` ``"name:H"`` (the dealer names the suit of an Eight turned as the starter).

>>> Play(card_from_code("8S"), suit=1, call=True).code
'8S:H!'
>>> from_code("KC+KH") == Play(card_from_code("KH"), under=(card_from_code("KC"),))
True
>>> [a.code for a in (DRAW, PASS, CATCH, CHALLENGE, NameSuit(3))]
['draw', 'pass', 'catch', 'challenge', 'name:C']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tablekit.core import cards
from tablekit.core.actions import Action
from tablekit.core.errors import InvalidActionError

SUITS: Final = cards.SUITS
RANKS: Final = cards.RANKS
JOKER: Final = 52
JOKER_CODE: Final = cards.JOKER
NUM_CARDS: Final = 53  # card ints 0..52
_CODES: Final[tuple[str, ...]] = cards.STANDARD_52 + (cards.JOKER,)
_FROM_CODE: Final[dict[str, int]] = {code: i for i, code in enumerate(_CODES)}


def suit_of(card: int) -> int:
    """0..3, or -1 for a joker (which has no suit)."""
    return -1 if card == JOKER else card // 13


def rank_of(card: int) -> int:
    """0 (ace) .. 12 (king), or -1 for a joker."""
    return -1 if card == JOKER else card % 13


def card_code(card: int) -> str:
    return _CODES[card]


def card_from_code(code: str) -> int:
    card = _FROM_CODE.get(code)
    if card is not None:
        return card
    raise InvalidActionError(
        f"{code!r} is not a Page One card (rank A 2-9 T J Q K then suit S H D C, e.g. '7H' or 'TD'; 'JK' a joker)"
    )


def card_param(card: int) -> str:
    """A card as an i18n parameter (a nested code naming it, e.g. '7♥')."""
    return CARD_PARAMS[card]


def suit_param(suit: int) -> str:
    return SUIT_PARAMS[suit]


def full_deck(decks: int = 1, jokers: int = 0) -> tuple[int, ...]:
    """The cards in a fixed order: each deck's 52 cards (♠A..♣K), then the jokers."""
    return tuple(range(52)) * decks + (JOKER,) * jokers


def _check_card(card: Any) -> None:
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card <= JOKER:
        raise InvalidActionError(f"{card!r} is not a Page One card (an int from 0 to 52)")


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` (the card that ends on top) and, with the several-cards house rule, the
    same-rank cards ``under`` it; ``suit`` is the suit a wild card names; ``call`` is the
    "Page One"/"Stop" call made with the play."""

    card: int
    suit: int | None = None
    call: bool = False
    under: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _check_card(self.card)
        if self.suit is not None and (isinstance(self.suit, bool) or self.suit not in (0, 1, 2, 3)):
            raise InvalidActionError(f"a named suit is 0..3 (S H D C), not {self.suit!r}")
        if not isinstance(self.call, bool):
            raise InvalidActionError(f"call must be True or False, not {self.call!r}")
        under = tuple(self.under)
        for c in under:
            _check_card(c)
            if rank_of(c) != rank_of(self.card):
                raise InvalidActionError("cards played together must all have the same rank")
        if under != self.under or list(under) != sorted(under):
            object.__setattr__(self, "under", tuple(sorted(under)))

    @property
    def count(self) -> int:
        return 1 + len(self.under)

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card played, bottom first."""
        return self.under + (self.card,)

    @property
    def code(self) -> str:
        text = "+".join(card_code(c) for c in self.cards)
        if self.suit is not None:
            text += ":" + SUITS[self.suit]
        return text + "!" if self.call else text

    def label_params(self) -> tuple[str, dict[str, Any]]:
        params: dict[str, Any] = {"card": card_param(self.card)}
        key = "play"
        if self.under:
            key += "_many"
            params["count"] = self.count
        if self.suit is not None:
            key += "_named"
            params["suit"] = suit_param(self.suit)
        if self.call:
            key += "_call"
        return f"page_one.action.{key}", params

    def __repr__(self) -> str:
        return f"Play({self.code})"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw from the stock: one card (or until one fits, by option), or the pending penalty."""

    @property
    def code(self) -> str:
        return "draw"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "page_one.action.draw", {}

    def __repr__(self) -> str:
        return "Draw()"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Keep the card just drawn; pass when nothing can be drawn; let a missed "Stop" go."""

    @property
    def code(self) -> str:
        return "pass"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "page_one.action.pass", {}

    def __repr__(self) -> str:
        return "Pass()"


@dataclass(frozen=True, slots=True)
class Catch(Action):
    """Point out that the previous player missed their call (catchable mode)."""

    @property
    def code(self) -> str:
        return "catch"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "page_one.action.catch", {}

    def __repr__(self) -> str:
        return "Catch()"


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """Challenge the joker just played: did its player hold a card of the suit to follow?"""

    @property
    def code(self) -> str:
        return "challenge"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "page_one.action.challenge", {}

    def __repr__(self) -> str:
        return "Challenge()"


@dataclass(frozen=True, slots=True)
class NameSuit(Action):
    """The dealer names the suit to follow when an Eight is the starter (starter-effect rule)."""

    suit: int

    def __post_init__(self) -> None:
        if isinstance(self.suit, bool) or self.suit not in (0, 1, 2, 3):
            raise InvalidActionError(f"a named suit is 0..3 (S H D C), not {self.suit!r}")

    @property
    def code(self) -> str:
        return "name:" + SUITS[self.suit]

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "page_one.action.name", {"suit": suit_param(self.suit)}

    def __repr__(self) -> str:
        return f"NameSuit({SUITS[self.suit]})"


PageOneAction = Play | Draw | Pass | Catch | Challenge | NameSuit

DRAW: Final = Draw()
PASS: Final = Pass()
CATCH: Final = Catch()
CHALLENGE: Final = Challenge()
NAME_ACTIONS: Final[tuple[NameSuit, ...]] = tuple(NameSuit(s) for s in range(4))
_WORDS: Final[dict[str, Action]] = {"draw": DRAW, "pass": PASS, "catch": CATCH, "challenge": CHALLENGE}

CARD_PARAMS: Final[tuple[str, ...]] = tuple(cards.card_param(code) for code in _CODES)
SUIT_PARAMS: Final[tuple[str, ...]] = tuple(f"@page_one.label.suit.{s}" for s in SUITS)


def from_code(code: str) -> Action:
    """Parse an action code (see the module docstring)."""
    if not isinstance(code, str) or not code:
        raise InvalidActionError(f"{code!r} is not a Page One action code")
    if code in _WORDS:
        return _WORDS[code]
    if code.startswith("name:"):
        letter = code[5:]
        if len(letter) != 1 or letter not in SUITS:
            raise InvalidActionError(f"{code!r}: name a suit with 'name:' and one of S, H, D, C")
        return NAME_ACTIONS[SUITS.index(letter)]
    text = code
    call = text.endswith("!")
    if call:
        text = text[:-1]
    suit = None
    if ":" in text:
        text, letter = text.split(":", 1)
        if len(letter) != 1 or letter not in SUITS:
            raise InvalidActionError(f"{code!r}: a named suit is one of S, H, D, C")
        suit = SUITS.index(letter)
    parts = text.split("+")
    cards = [card_from_code(p) for p in parts]
    return Play(cards[-1], suit, call, tuple(cards[:-1]))


# Shared instances for the hot path: PLAIN[c] plays card c; CALLED[c] plays it with the call;
# NAMED[c][s] / NAMED_CALLED[c][s] play a wild card c naming suit s.
PLAIN: Final[tuple[Play, ...]] = tuple(Play(c) for c in range(NUM_CARDS))
CALLED: Final[tuple[Play, ...]] = tuple(Play(c, None, True) for c in range(NUM_CARDS))
NAMED: Final[tuple[tuple[Play, ...], ...]] = tuple(tuple(Play(c, s) for s in range(4)) for c in range(NUM_CARDS))
NAMED_CALLED: Final[tuple[tuple[Play, ...], ...]] = tuple(
    tuple(Play(c, s, True) for s in range(4)) for c in range(NUM_CARDS)
)
