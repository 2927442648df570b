"""Up&Down cards and actions.

Cards are ints: 1..100 are the number cards, and the three special kinds are PASS, TURN and
SHOT (copies of a special are interchangeable). The only action is playing a card; a Shot
also names the seat that plays next.

>>> Play(37).code, Play(PASS).code, Play(SHOT, 2).code
('37', 'P', 'S2')
>>> from_code("S2") == Play(SHOT, 2)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tablekit.core.actions import Action, whole_number
from tablekit.core.errors import InvalidActionError

PASS: Final = 101
TURN: Final = 102
SHOT: Final = 103
SPECIALS: Final = (PASS, TURN, SHOT)
SPECIAL_COPIES: Final = {PASS: 3, TURN: 3, SHOT: 2}
SPECIAL_LETTER: Final = {PASS: "P", TURN: "T", SHOT: "S"}
LETTER_SPECIAL: Final = {v: k for k, v in SPECIAL_LETTER.items()}
SPECIAL_NAME: Final = {PASS: "pass", TURN: "turn", SHOT: "shot"}
MAX_SEATS: Final = 7


def full_deck() -> tuple[int, ...]:
    """The 108 cards in a fixed order: 1..100 then the specials."""
    cards = list(range(1, 101))
    for kind, copies in SPECIAL_COPIES.items():
        cards.extend([kind] * copies)
    return tuple(cards)


def is_special(card: int) -> bool:
    return card > 100


def card_code(card: int) -> str:
    """'37' for a number card, 'P'/'T'/'S' for a special card."""
    return SPECIAL_LETTER[card] if card > 100 else str(card)


#: ``CARD_CODES[card]`` is ``card_code(card)``, made once (for 1..103; 0 is no card).
CARD_CODES: Final[tuple[str, ...]] = tuple(card_code(c) for c in range(SHOT + 1))


def card_from_code(code: str) -> int:
    if code in LETTER_SPECIAL:
        return LETTER_SPECIAL[code]
    number = whole_number(code)
    if number is not None and 1 <= number <= 100:
        return number
    raise InvalidActionError(f"{code!r} is not an Up&Down card (1..100, P, T or S)")


def card_param(card: int) -> str:
    """A card as an i18n parameter: the number, or a code naming the special card."""
    return f"@up_and_down.card.{SPECIAL_LETTER[card]}" if card > 100 else str(card)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` from the hand; ``target`` is the seat a Shot names (Shot only)."""

    card: int
    target: int | None = None

    def __post_init__(self) -> None:
        if not (1 <= self.card <= 100 or self.card in SPECIALS) or isinstance(self.card, bool):
            raise InvalidActionError(f"{self.card!r} is not an Up&Down card")
        if self.card == SHOT:
            if self.target is not None and not (0 <= self.target < MAX_SEATS):
                raise InvalidActionError(f"a Shot names a seat from 0 to {MAX_SEATS - 1} (got {self.target!r})")
        elif self.target is not None:
            raise InvalidActionError("only a Shot names a target")

    @property
    def code(self) -> str:
        if self.card == SHOT:
            return "S" if self.target is None else f"S{self.target}"
        return card_code(self.card)

    def label_params(self) -> tuple[str, dict[str, Any]]:
        if self.card == SHOT:
            if self.target is None:
                return "up_and_down.action.shot_untargeted", {}
            return "up_and_down.action.shot", {"target": self.target}
        if self.card > 100:
            return f"up_and_down.action.{SPECIAL_NAME[self.card]}", {}
        return "up_and_down.action.number", {"card": self.card}

    def __repr__(self) -> str:
        return f"Play({self.code})"


def from_code(code: str) -> Play:
    """Parse an action code: '37', 'P', 'T' or 'S<seat>'."""
    if not isinstance(code, str) or not code:
        raise InvalidActionError(f"{code!r} is not an Up&Down action code")
    if code[0] == "S" and len(code) > 1:
        seat = whole_number(code[1:])
        if seat is None:
            raise InvalidActionError(f"{code!r}: a Shot code is 'S' followed by a seat number")
        return Play(SHOT, seat)
    if code == "S":
        return Play(SHOT, None)
    return Play(card_from_code(code))


# Shared instances for the hot path (legal_actions returns these).
NUMBER_ACTIONS: Final[dict[int, Play]] = {n: Play(n) for n in range(1, 101)}
PASS_ACTION: Final = Play(PASS)
TURN_ACTION: Final = Play(TURN)
SHOT_ACTIONS: Final[tuple[Play, ...]] = tuple(Play(SHOT, t) for t in range(MAX_SEATS))
