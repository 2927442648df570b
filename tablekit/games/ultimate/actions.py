"""Ultimate cards and actions.

Cards are ints 0..51, the index of their code in ``tablekit.core.cards.STANDARD_52``: ``suit *
13 + rank`` with suits ♠ ♥ ♦ ♣ (0..3) and ranks A, 2..9, T, J, Q, K (0..12). In a trick the ace
is the highest card: ``strength`` orders 2 (0) .. K (11), A (12).

Actions and their codes:

* ``Bid`` ``"bid:25"``, ``Pass`` ``"pass"`` (drop out of the auction for good; the last player
  passing when nobody has bid throws the deal in);
* ``Discard`` ``"discard:7H"``: the declarer lays one card face down (one action per card, so a
  learner can take back a single discard with undo);
* ``NameTrump`` ``"trump:H"``; no trump (an option) is ``"trump:NT"``;
* ``CallPartner`` ``"call:AH"`` (partner option): whoever holds ♥A is the declarer's partner;
* ``Play`` ``"7H"``: play a card to the trick.

>>> [a.code for a in (Bid(25), PASS, Discard(card_from_code("7H")), NameTrump(1), NameTrump(None))]
['bid:25', 'pass', 'discard:7H', 'trump:H', 'trump:NT']
>>> from_code("call:AH") == CallPartner(card_from_code("AH")), from_code("TD") == Play(card_from_code("TD"))
(True, True)
>>> strength(card_from_code("AS")) > strength(card_from_code("KS")) > strength(card_from_code("2S"))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tablekit.core import cards
from tablekit.core.actions import Action, whole_number
from tablekit.core.errors import InvalidActionError

SUITS: Final = cards.SUITS
NUM_CARDS: Final = 52
NO_TRUMP: Final = 4  # the trump "suit" index meaning no trump
MAX_BID: Final = 999  # the largest amount a Bid can carry at all (the config bounds it further)
_CODES: Final[tuple[str, ...]] = cards.STANDARD_52
_FROM_CODE: Final[dict[str, int]] = {code: i for i, code in enumerate(_CODES)}
CARD_PARAMS: Final[tuple[str, ...]] = tuple(cards.card_param(code) for code in _CODES)
SUIT_PARAMS: Final[tuple[str, ...]] = tuple(f"@cards.suit.{s}" for s in SUITS)
#: Suit (0..3) and trick strength (2 = 0 .. A = 12) of every card, looked up on the hot path.
SUIT: Final[tuple[int, ...]] = tuple(c // 13 for c in range(NUM_CARDS))
STRENGTH: Final[tuple[int, ...]] = tuple((c % 13 - 1) % 13 for c in range(NUM_CARDS))


def suit_of(card: int) -> int:
    return SUIT[card]


def strength(card: int) -> int:
    """The card's rank in a trick: 2 is 0, ..., K is 11, A is 12."""
    return STRENGTH[card]


def card_code(card: int) -> str:
    return _CODES[card]


def card_from_code(code: str) -> int:
    card = _FROM_CODE.get(code)
    if card is None:
        raise InvalidActionError(
            f"{code!r} is not an Ultimate card (rank A 2-9 T J Q K then suit S H D C, e.g. '7H' or 'TD')"
        )
    return card


def card_param(card: int) -> str:
    """A card as an i18n parameter (a nested code naming it, e.g. '7♥')."""
    return CARD_PARAMS[card]


def suit_param(suit: int) -> str:
    return SUIT_PARAMS[suit]


def _check_card(card: Any) -> None:
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < NUM_CARDS:
        raise InvalidActionError(f"{card!r} is not an Ultimate card (an int from 0 to 51)")


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid ``amount`` points: the declarer promises to take at least that many in tricks."""

    amount: int

    def __post_init__(self) -> None:
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or not 1 <= self.amount <= MAX_BID:
            raise InvalidActionError(f"a bid is an integer from 1 to {MAX_BID} (got {self.amount!r})")

    @property
    def code(self) -> str:
        return f"bid:{self.amount}"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "ultimate.action.bid", {"amount": self.amount}

    def __repr__(self) -> str:
        return f"Bid({self.amount})"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Drop out of the auction (for good)."""

    @property
    def code(self) -> str:
        return "pass"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "ultimate.action.pass", {}

    def __repr__(self) -> str:
        return "Pass()"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """The declarer lays ``card`` aside face down (one of the cards to discard)."""

    card: int

    def __post_init__(self) -> None:
        _check_card(self.card)

    @property
    def code(self) -> str:
        return f"discard:{card_code(self.card)}"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "ultimate.action.discard", {"card": card_param(self.card)}

    def __repr__(self) -> str:
        return f"Discard({card_code(self.card)})"


@dataclass(frozen=True, slots=True)
class NameTrump(Action):
    """The declarer names the trump suit (0..3), or no trump (``None``) where allowed."""

    suit: int | None

    def __post_init__(self) -> None:
        if self.suit is not None and (isinstance(self.suit, bool) or self.suit not in (0, 1, 2, 3)):
            raise InvalidActionError(f"a trump suit is 0..3 (S H D C) or None for no trump, not {self.suit!r}")

    @property
    def index(self) -> int:
        """0..3, or ``NO_TRUMP``."""
        return NO_TRUMP if self.suit is None else self.suit

    @property
    def code(self) -> str:
        return "trump:NT" if self.suit is None else f"trump:{SUITS[self.suit]}"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        if self.suit is None:
            return "ultimate.action.no_trump", {}
        return "ultimate.action.trump", {"suit": suit_param(self.suit)}

    def __repr__(self) -> str:
        return f"NameTrump({self.code[6:]})"


@dataclass(frozen=True, slots=True)
class CallPartner(Action):
    """The declarer names ``card``: its holder becomes the secret partner."""

    card: int

    def __post_init__(self) -> None:
        _check_card(self.card)

    @property
    def code(self) -> str:
        return f"call:{card_code(self.card)}"

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "ultimate.action.call", {"card": card_param(self.card)}

    def __repr__(self) -> str:
        return f"CallPartner({card_code(self.card)})"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` to the trick."""

    card: int

    def __post_init__(self) -> None:
        _check_card(self.card)

    @property
    def code(self) -> str:
        return card_code(self.card)

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return "ultimate.action.play", {"card": card_param(self.card)}

    def __repr__(self) -> str:
        return f"Play({card_code(self.card)})"


PASS: Final = Pass()
# Shared instances (legal_actions returns these).
BIDS: Final[tuple[Bid, ...]] = tuple(Bid(a) for a in range(1, 106))  # BIDS[a - 1] is Bid(a)
PLAYS: Final[tuple[Play, ...]] = tuple(Play(c) for c in range(NUM_CARDS))
DISCARDS: Final[tuple[Discard, ...]] = tuple(Discard(c) for c in range(NUM_CARDS))
CALLS: Final[tuple[CallPartner, ...]] = tuple(CallPartner(c) for c in range(NUM_CARDS))
TRUMPS: Final[tuple[NameTrump, ...]] = tuple(NameTrump(s) for s in range(4)) + (NameTrump(None),)


def from_code(code: str) -> Action:
    """Parse an action code; InvalidActionError says what an Ultimate code looks like."""
    if not isinstance(code, str) or not code:
        raise InvalidActionError(f"{code!r} is not an Ultimate action code")
    if code == "pass":
        return PASS
    kind, sep, arg = code.partition(":")
    if not sep:
        return PLAYS[card_from_code(code)]
    if kind == "bid":
        amount = whole_number(arg)
        if amount is None:
            raise InvalidActionError(f"{code!r}: a bid is 'bid:' followed by a whole number, e.g. 'bid:25'")
        return Bid(amount)
    if kind == "discard":
        return DISCARDS[card_from_code(arg)]
    if kind == "call":
        return CALLS[card_from_code(arg)]
    if kind == "trump":
        if arg == "NT":
            return TRUMPS[NO_TRUMP]
        if arg in SUITS:
            return TRUMPS[SUITS.index(arg)]
        raise InvalidActionError(f"{code!r}: a trump is 'trump:' followed by S, H, D, C or NT")
    raise InvalidActionError(
        f"{code!r} is not an Ultimate action (bid:N, pass, discard:<card>, trump:<suit|NT>, call:<card>, <card>)"
    )


__all__ = [
    "BIDS", "CALLS", "CARD_PARAMS", "DISCARDS", "NO_TRUMP", "NUM_CARDS", "PASS", "PLAYS", "SUIT", "STRENGTH",
    "SUITS", "TRUMPS", "Bid", "CallPartner", "Discard", "NameTrump", "Pass", "Play", "card_code",
    "card_from_code", "card_param", "from_code", "strength", "suit_of", "suit_param",
]
