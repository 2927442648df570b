"""The standard 52-card deck and its jokers, as data, with names from one i18n catalogue.

A card code is its rank then its suit letter: ranks ``A 2 3 4 5 6 7 8 9 T J Q K`` (``T`` is
the ten) and suits ``S H D C`` (spades, hearts, diamonds, clubs): ``"AS"``, ``"7H"``,
``"TD"``, ``"QC"``. A joker is ``"JK"`` where all jokers are alike; decks whose two jokers
differ use ``"JK1"`` (black) and ``"JK2"`` (red). ``STANDARD_52`` lists the cards suit by
suit (spades A..K, then hearts, diamonds, clubs), so a game may number them 0..51 in that
order.

Names come from the catalogue keys ``cards.rank.<rank>`` (when a rank has a word: Ace, Jack,
Queen, King), ``cards.suit.<suit>``, ``cards.name`` (how rank and suit combine),
``cards.card.<code>`` (the short label of each of the 52 cards, "7♥" / "♥7"), ``cards.joker``
and ``cards.joker.<1|2>``. Games pass a card to a sentence as ``card_param(code)``.
Card pictures live in ``tablekit.render.svg``; this module has no art.

>>> len(STANDARD_52), STANDARD_52[0], STANDARD_52[51]
(52, 'AS', 'KC')
>>> card_name("QS"), card_name("QS", "ja"), card_label("TD"), card_label("TD", "ja")
('Queen of spades', 'スペードのクイーン', '10♦', '♦10')
"""

from __future__ import annotations

from typing import Final

from tablekit.i18n import has, tr

#: Suit letters in deck order, and the symbol people read for each.
SUITS: Final[tuple[str, ...]] = ("S", "H", "D", "C")
SUIT_SYMBOLS: Final[dict[str, str]] = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
#: Red suits (the others are black).
RED_SUITS: Final = frozenset({"H", "D"})
#: Rank letters from the ace to the king.
RANKS: Final[tuple[str, ...]] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
#: What is printed for a rank where it differs from its letter.
RANK_TEXT: Final[dict[str, str]] = {"T": "10"}
#: A joker (all jokers alike), and the two jokers of a deck that tells them apart.
JOKER: Final = "JK"
JOKERS: Final[tuple[str, ...]] = ("JK1", "JK2")

STANDARD_52: Final[tuple[str, ...]] = tuple(r + s for s in SUITS for r in RANKS)
#: Every code this module reads and names: the 52 cards, then the plain and the two jokers.
CODES: Final[tuple[str, ...]] = STANDARD_52 + (JOKER,) + JOKERS

# Other spellings people type: the ten as "10", the ace as "1", hollow suit symbols, "JOKER".
_SUIT_ALIASES: Final[dict[str, str]] = {
    **{s: s for s in SUITS},
    **{sym: s for s, sym in SUIT_SYMBOLS.items()},
    "\u2664": "S", "\u2661": "H", "\u2662": "D", "\u2667": "C",
}
_RANK_ALIASES: Final[dict[str, str]] = {**{r: r for r in RANKS}, "10": "T", "1": "A"}
_JOKER_ALIASES: Final[dict[str, str]] = {
    JOKER: JOKER, "JOKER": JOKER, "JK1": "JK1", "JOKER1": "JK1", "JK2": "JK2", "JOKER2": "JK2",
}


def read_code(text: object) -> str:
    """The canonical code of a card written any accepted way (case and spaces do not matter,
    ``10`` for ``T``, ``1`` for ``A``, a suit symbol for its letter, ``JOKER`` for ``JK``).
    ValueError names a text that is not a card.

    >>> read_code("10h"), read_code("Q♠"), read_code(" t d "), read_code("joker2")
    ('TH', 'QS', 'TD', 'JK2')
    """
    key = "".join(text.split()).upper().replace("\ufe0f", "") if isinstance(text, str) else ""
    if key in _JOKER_ALIASES:
        return _JOKER_ALIASES[key]
    rank, suit = _RANK_ALIASES.get(key[:-1]), _SUIT_ALIASES.get(key[-1:])
    if rank is None or suit is None:
        raise ValueError(
            f"unknown standard card code {text!r}: expected a rank (A, 2-9, T or 10, J, Q, K) and a "
            f"suit (S, H, D, C), e.g. 'QS', 'TH', '10D', or a joker 'JK' ('JK1' black, 'JK2' red)"
        )
    return rank + suit


def is_joker(code: str) -> bool:
    """>>> is_joker("JK"), is_joker("JK2"), is_joker("JH")
    (True, True, False)
    """
    return code == JOKER or code in JOKERS


def rank_of(code: str) -> str:
    """The rank letter of a canonical code ("" for a joker).

    >>> rank_of("TD"), rank_of("JK")
    ('T', '')
    """
    return "" if is_joker(code) else code[:-1]


def suit_of(code: str) -> str:
    """The suit letter of a canonical code ("" for a joker).

    >>> suit_of("TD"), suit_of("JK1")
    ('D', '')
    """
    return "" if is_joker(code) else code[-1]


def rank_text(rank: str) -> str:
    """What is printed for a rank: "10" for ``T``, else the letter.

    >>> rank_text("T"), rank_text("Q")
    ('10', 'Q')
    """
    return RANK_TEXT.get(rank, rank)


def rank_name(rank: str, lang: str = "en") -> str:
    """The spoken name of a rank ("Queen", "7", "10").

    >>> rank_name("Q", "ja"), rank_name("T")
    ('クイーン', '10')
    """
    key = f"cards.rank.{rank}"
    return tr(key, lang) if has(key, lang) else rank_text(rank)


def suit_name(suit: str, lang: str = "en") -> str:
    """>>> suit_name("H"), suit_name("H", "ja")
    ('hearts', 'ハート')
    """
    return tr(f"cards.suit.{suit}", lang)


def card_name(code: str, lang: str = "en") -> str:
    """The spoken name of a card (aria labels, narration); any accepted spelling.

    >>> card_name("7H"), card_name("JK"), card_name("JK2"), card_name("AC", "ja")
    ('7 of hearts', 'Joker', 'Red Joker', 'クラブのエース')
    """
    code = read_code(code)
    if code == JOKER:
        return tr("cards.joker", lang)
    if code in JOKERS:
        return tr(f"cards.joker.{code[-1]}", lang)
    return tr("cards.name", lang, rank=rank_name(rank_of(code), lang), suit=suit_name(suit_of(code), lang))


def card_label(code: str, lang: str = "en") -> str:
    """A short label: rank and suit symbol in the language's order ("10♠" / "♠10"); a joker
    keeps its code.

    >>> card_label("QS"), card_label("QS", "ja"), card_label("TD"), card_label("JK1")
    ('Q♠', '♠Q', '10♦', 'JK1')
    """
    code = read_code(code)
    return code if is_joker(code) else tr(f"cards.card.{code}", lang)


def card_param(code: str) -> str:
    """A card as an i18n parameter: a nested catalogue code that a sentence shows as the card's
    short label (a joker as its name).

    >>> card_param("7H"), card_param("JK"), card_param("JK2")
    ('@cards.card.7H', '@cards.joker', '@cards.joker.2')
    >>> tr("cards.card.7H", "ja")
    '♥7'
    """
    code = read_code(code)
    if code == JOKER:
        return "@cards.joker"
    if code in JOKERS:
        return f"@cards.joker.{code[-1]}"
    return f"@cards.card.{code}"


# --- the UNO deck (並べRUNO) --------------------------------------------------------------------
# A UNO card code is its colour letter then its kind: colours ``R Y G B`` (red, yellow, green,
# blue), kinds ``0``-``9``, ``S`` (Skip), ``R`` (Reverse) and ``D`` (Draw Two): ``"R7"``,
# ``"GS"``, ``"BD"``. The two wild cards have no colour: ``"W"`` (Wild) and ``"W4"`` (Wild Draw
# Four). Names come from ``cards.uno.<code>`` ("red 7", "Wild Draw Four") and colours from
# ``cards.uno.colour.<letter>``.

#: The four UNO colours, in deck order.
UNO_COLOURS: Final[tuple[str, ...]] = ("R", "Y", "G", "B")
#: The kinds of a coloured card: the numbers, then Skip, Reverse and Draw Two.
UNO_KINDS: Final[tuple[str, ...]] = tuple("0123456789") + ("S", "R", "D")
UNO_WILD: Final = "W"
UNO_WILD4: Final = "W4"
#: Every distinct UNO card: the 52 coloured ones colour by colour, then the two wilds.
UNO_CODES: Final[tuple[str, ...]] = tuple(c + k for c in UNO_COLOURS for k in UNO_KINDS) + (UNO_WILD, UNO_WILD4)
#: The 108-card deck: per colour one 0 and two of every other kind (25 cards), four of each wild.
UNO_108: Final[tuple[str, ...]] = tuple(
    card for c in UNO_COLOURS for k in UNO_KINDS for card in (c + k,) * (1 if k == "0" else 2)
) + (UNO_WILD,) * 4 + (UNO_WILD4,) * 4
_UNO_SET: Final = frozenset(UNO_CODES)


def is_uno(code: object) -> bool:
    """>>> is_uno("R7"), is_uno("W4"), is_uno("7H"), is_uno("X1")
    (True, True, False, False)
    """
    return code in _UNO_SET


def uno_colour(code: str) -> str | None:
    """The colour letter of a UNO card, None for a wild.

    >>> uno_colour("G5"), uno_colour("W4")
    ('G', None)
    """
    return None if code[0] == "W" else code[0]


def uno_kind(code: str) -> str:
    """The kind of a UNO card: ``"0"``-``"9"``, ``"S"``, ``"R"``, ``"D"``, ``"W"`` or ``"W4"``.

    >>> uno_kind("R7"), uno_kind("BD"), uno_kind("W"), uno_kind("W4")
    ('7', 'D', 'W', 'W4')
    """
    return code if code[0] == "W" else code[1:]


def uno_number(code: str) -> int | None:
    """The number of a UNO number card, None for any other card.

    >>> uno_number("Y9"), uno_number("YS"), uno_number("W")
    (9, None, None)
    """
    kind = uno_kind(code)
    return int(kind) if len(kind) == 1 and "0" <= kind <= "9" else None


def uno_name(code: str, lang: str = "en") -> str:
    """>>> uno_name("R7"), uno_name("GS"), uno_name("W4"), uno_name("BD", "ja")
    ('red 7', 'green Skip', 'Wild Draw Four', '青のドロー2')
    """
    if code not in _UNO_SET:
        raise ValueError(f"{code!r} is not a UNO card (a colour R Y G B then 0-9, S, R or D; or W, W4)")
    return tr(f"cards.uno.{code}", lang)


def uno_param(code: str) -> str:
    """A UNO card as an i18n parameter (its name, translated where the sentence is shown).

    >>> uno_param("R7")
    '@cards.uno.R7'
    """
    return f"@cards.uno.{code}"


__all__ = [
    "CODES", "JOKER", "JOKERS", "RANKS", "RANK_TEXT", "RED_SUITS", "STANDARD_52", "SUITS",
    "SUIT_SYMBOLS", "card_label", "card_name", "card_param", "is_joker", "rank_name", "rank_of", "rank_text",
    "read_code", "suit_name", "suit_of",
    "UNO_108", "UNO_CODES", "UNO_COLOURS", "UNO_KINDS", "UNO_WILD", "UNO_WILD4", "is_uno", "uno_colour", "uno_kind",
    "uno_name", "uno_number", "uno_param",
]
