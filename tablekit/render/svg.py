"""SVG card faces, as pure functions of a face (see ``tablekit.core.view.face``).

Each deck is a function registered in ``DECKS`` that turns a face dict into SVG markup, so new
decks (UNO, Up or Down?'s coloured cards) are added as data plus one small function. Colour is
never the only signal: every coloured mark also carries a letter, digit or symbol, and every
card has an aria label. Decks: ``up_and_down`` and ``standard`` (the 52 cards and two Jokers of
American Page One; ``standard_face("QS", lang, four_colour)`` builds a face, codes are described
above ``SUITS``). Every picture is self-contained (no external font or image).

>>> svg = card_svg({"deck": "up_and_down", "code": "37", "aria": "37"})
>>> svg.startswith("<svg") and ">37<" in svg
True
>>> "aria-label=\\"Shot\\"" in card_svg({"deck": "up_and_down", "code": "S", "aria": "Shot"})
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import Any, Callable

from tablekit.core import cards
from tablekit.core.view import face as make_face

WIDTH, HEIGHT = 60, 84  # viewBox units; the widget scales cards with CSS

# One colour per ones digit, so cards that may follow each other by the ones-digit rule share a
# colour; the digit itself is always printed in the corner as well (colour is never alone).
DIGIT_COLOURS = (
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#6b6ecf",
)
SPECIALS = {
    # code: (background, symbol, letter)
    "P": ("#2f4b7c", "\u21e2", "P"),  # dashed arrow: the turn passes on
    "T": ("#665191", "\u21c4", "T"),  # opposite arrows: direction reverses
    "S": ("#a05195", "\u25ce", "S"),  # bullseye: name the next player
}


def _frame(body: str, aria: str, fill: str = "#ffffff", stroke: str = "#333333", title: bool = False) -> str:
    heading = f"<title>{escape(aria)}</title>" if title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{escape(aria)}" class="tk-card-svg">{heading}'
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="6" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>{body}</svg>'
    )


def _up_and_down(face: dict[str, Any]) -> str:
    code = str(face["code"])
    aria = str(face.get("aria", code))
    if code in SPECIALS:
        bg, symbol, letter = SPECIALS[code]
        body = (
            f'<text x="7" y="15" font-size="11" font-weight="bold" fill="#fff" font-family="sans-serif">{letter}</text>'
            f'<text x="{WIDTH / 2}" y="{HEIGHT / 2 + 10}" font-size="30" text-anchor="middle" fill="#fff" '
            f'font-family="sans-serif">{symbol}</text>'
            f'<text x="{WIDTH / 2}" y="{HEIGHT - 8}" font-size="9" text-anchor="middle" fill="#fff" '
            f'font-family="sans-serif">{escape(aria)}</text>'
        )
        return _frame(body, aria, fill=bg, stroke="#222")
    number = int(code)
    digit = number % 10
    colour = DIGIT_COLOURS[digit]
    size = 24 if number < 100 else 19
    body = (
        f'<rect x="4" y="4" width="{WIDTH - 8}" height="14" rx="3" fill="{colour}"/>'
        f'<text x="8" y="15" font-size="10" font-weight="bold" fill="#fff" font-family="sans-serif">{digit}</text>'
        f'<text x="{WIDTH / 2}" y="{HEIGHT / 2 + 12}" font-size="{size}" font-weight="bold" '
        f'text-anchor="middle" fill="#222" font-family="sans-serif">{number}</text>'
        f'<rect x="4" y="{HEIGHT - 12}" width="{WIDTH - 8}" height="6" rx="2" fill="{colour}"/>'
    )
    return _frame(body, aria)


# --- The standard 52-card deck and its two Jokers (American Page One) -----------------------
#
# The cards themselves (codes, suits, ranks, jokers, how codes are read and how cards are
# named) are data in ``tablekit.core.cards``; this module only draws them. Canonical codes are
# rank then suit: "AS", "7H", "TD", "QC"; jokers "JK1" (black) and "JK2" (red), and "JK" (a
# joker of a deck whose jokers are alike, drawn as the black one). Reading is tolerant
# (``core.cards.read_code``): "10D", "Q♠", "joker".
#
# The art tables below (``SUITS``, ``RANKS``, ``JOKERS``) add only what a picture needs: a
# new deck with coloured suits (UNO, Up or Down?) is another table plus one small drawing
# function registered in ``DECKS``.

STANDARD_DECK = "standard"
#: The font of ranks and letters: common sans-serif faces already on the reader's machine.
FONT = "Arial, Helvetica, sans-serif"
#: The panel behind court cards' letters (the same in both colour schemes).
COURT_PANEL = "#fbf5e6"


@dataclass(frozen=True)
class Suit:
    """How one suit is drawn.

    ``code`` is its letter (``core.cards.SUITS``), ``classic`` and ``four`` its ink in the
    two-colour and four-colour schemes, ``shape`` the SVG elements that draw its symbol inside
    a 100 x 100 box (filled with the ink). Its symbol and name come from ``core.cards``.
    """

    code: str
    classic: str
    four: str
    shape: str

    @property
    def symbol(self) -> str:
        return cards.SUIT_SYMBOLS[self.code]

    def ink(self, four_colour: bool = False) -> str:
        return self.four if four_colour else self.classic


@dataclass(frozen=True)
class Rank:
    """How one rank is drawn: ``code`` is its letter (``core.cards.RANKS``), ``kind``
    (``"ace"``: one large symbol, ``"pips"``: ``pips`` symbols, ``"court"``: a large letter),
    ``pips`` as (column, row) fractions of the pip field (0 = left/top, 1 = right/bottom; pips
    below the middle are drawn upside down, as on printed cards). ``text`` is what the corners
    print ("10" for the ten)."""

    code: str
    kind: str
    pips: tuple[tuple[float, float], ...] = ()

    @property
    def text(self) -> str:
        return cards.rank_text(self.code)


@dataclass(frozen=True)
class Joker:
    """How a Joker is drawn: its ink, and whether its star is solid (the two Jokers differ by
    shape as well as colour). Its name comes from ``core.cards``."""

    code: str
    ink: str
    solid: bool


BLACK, RED, BLUE, GREEN = "#1b1b1b", "#c4122f", "#0b57b3", "#127a2e"

# Suit shapes in a 100 x 100 box (drawn, not typed: no font or emoji style can change them).
_SPADE = (
    '<path d="M50 3C58 20 78 33 90 46C100 57 99 75 85 81C74 86 61 82 55 73C57 84 61 91 70 97'
    'L30 97C39 91 43 84 45 73C39 82 26 86 15 81C1 75 0 57 10 46C22 33 42 20 50 3Z"/>'
)
_HEART = (
    '<path d="M50 95C40 82 4 60 3 33C2 14 16 4 29 4C40 4 47 11 50 20C53 11 60 4 71 4'
    'C84 4 98 14 97 33C96 60 60 82 50 95Z"/>'
)
_DIAMOND = '<path d="M50 2C60 20 72 36 87 50C72 64 60 80 50 98C40 80 28 64 13 50C28 36 40 20 50 2Z"/>'
_CLUB = (
    '<circle cx="50" cy="27" r="21"/><circle cx="27" cy="58" r="21"/><circle cx="73" cy="58" r="21"/>'
    '<circle cx="50" cy="50" r="12"/><path d="M50 44C51 70 56 86 68 97L32 97C44 86 49 70 50 44Z"/>'
)


def _star_shape(points: int = 5, outer: float = 49.0, inner: float = 20.0) -> str:
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        corners.append(f"{_n(50 + radius * math.cos(angle))} {_n(53 + radius * math.sin(angle))}")
    return f'<path d="M{"L".join(corners)}Z"/>'


def _n(value: float, places: int = 2) -> str:
    """A short number for SVG attributes (no trailing zeros)."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


SUITS: dict[str, Suit] = {
    s.code: s
    for s in (
        Suit("S", BLACK, BLACK, _SPADE),
        Suit("H", RED, RED, _HEART),
        Suit("D", RED, BLUE, _DIAMOND),
        Suit("C", BLACK, GREEN, _CLUB),
    )
}

_L, _C, _R = 0.0, 0.5, 1.0
_SIDES = ((_L, 0.0), (_R, 0.0), (_L, 1.0), (_R, 1.0))
_THIRDS = tuple((col, row) for row in (0.0, 1 / 3, 2 / 3, 1.0) for col in (_L, _R))
RANKS: dict[str, Rank] = {
    r.code: r
    for r in (
        Rank("A", "ace", ((_C, 0.5),)),
        Rank("2", "pips", ((_C, 0.0), (_C, 1.0))),
        Rank("3", "pips", ((_C, 0.0), (_C, 0.5), (_C, 1.0))),
        Rank("4", "pips", _SIDES),
        Rank("5", "pips", _SIDES + ((_C, 0.5),)),
        Rank("6", "pips", _SIDES + ((_L, 0.5), (_R, 0.5))),
        Rank("7", "pips", _SIDES + ((_L, 0.5), (_R, 0.5), (_C, 0.25))),
        Rank("8", "pips", _SIDES + ((_L, 0.5), (_R, 0.5), (_C, 0.25), (_C, 0.75))),
        Rank("9", "pips", _THIRDS + ((_C, 0.5),)),
        Rank("T", "pips", _THIRDS + ((_C, 1 / 6), (_C, 5 / 6))),
        Rank("J", "court"),
        Rank("Q", "court"),
        Rank("K", "court"),
    )
}

JOKERS: dict[str, Joker] = {
    j.code: j
    for j in (
        Joker("JK1", BLACK, True),
        Joker("JK2", RED, False),
    )
}

#: Every face this module draws distinctly: the 52 cards (spades, hearts, diamonds, clubs, A to
#: K each), then the two Jokers.
STANDARD_CODES: tuple[str, ...] = cards.STANDARD_52 + cards.JOKERS

# Where things go, in viewBox units.
_CORNER_X, _CORNER_RANK_Y, _CORNER_SUIT_Y, _CORNER_SUIT, _CORNER_FONT = 8.5, 15.5, 24.0, 10.0, 14.5
_PIP_LEFT, _PIP_RIGHT, _PIP_TOP, _PIP_BOTTOM, _PIP = 20.5, 39.5, 17.0, 67.0, 10.5


def _parse(code: object) -> tuple[Rank, Suit] | Joker:
    canonical = cards.read_code(code)
    if cards.is_joker(canonical):
        return JOKERS.get(canonical, JOKERS["JK1"])  # a plain "JK" is drawn as the black one
    return RANKS[cards.rank_of(canonical)], SUITS[cards.suit_of(canonical)]


def standard_code(code: str) -> str:
    """The canonical spelling of a standard card code; ValueError names a code it cannot read.

    >>> standard_code("10s"), standard_code("Q♠"), standard_code("TH"), standard_code("joker")
    ('TS', 'QS', 'TH', 'JK')
    """
    return cards.read_code(code)


def standard_label(code: str) -> str:
    """A short text label: rank and suit symbol ("Q♠", "10♥"); Jokers keep their code.

    >>> standard_label("TD"), standard_label("jk2")
    ('10♦', 'JK2')
    """
    return cards.card_label(code)


def standard_name(code: str, lang: str = "en") -> str:
    """The spoken name of a card (``core.cards.card_name``).

    >>> standard_name("QS"), standard_name("QS", "ja"), standard_name("7H"), standard_name("JK2")
    ('Queen of spades', 'スペードのクイーン', '7 of hearts', 'Red Joker')
    """
    return cards.card_name(code, lang)


def standard_face(code: str, lang: str = "en", four_colour: bool = False) -> dict[str, Any]:
    """The face of a standard card, as the view-models carry it (see ``tablekit.core.view.face``).

    ``code`` is kept as given (the engine's own code, sent back when the card is clicked) once it
    is known to be readable; ``four_colour`` picks the four-colour scheme (♦ blue, ♣ green).

    >>> standard_face("TS", "ja")
    {'deck': 'standard', 'code': 'TS', 'aria': 'スペードの10', 'four_colour': False}
    """
    return make_face(STANDARD_DECK, code, standard_name(code, lang), four_colour=bool(four_colour))


def _shape(shape: str, cx: float, cy: float, size: float, ink: str, flip: bool = False,
           solid: bool = True) -> str:
    """A 100 x 100 shape centred on (cx, cy), ``size`` units wide, upside down when ``flip``."""
    k = size / 100
    if flip:
        transform = f"translate({_n(cx + size / 2)} {_n(cy + size / 2)}) scale({_n(-k, 4)})"
    else:
        transform = f"translate({_n(cx - size / 2)} {_n(cy - size / 2)}) scale({_n(k, 4)})"
    paint = f'fill="{ink}"' if solid else f'fill="none" stroke="{ink}" stroke-width="9" stroke-linejoin="round"'
    return f'<g transform="{transform}" {paint}>{shape}</g>'


def _text(x: float, y: float, text: str, size: float, ink: str, width: float | None = None,
          spacing: float | None = None) -> str:
    fit = f' textLength="{_n(width)}" lengthAdjust="spacingAndGlyphs"' if width else ""
    gap = f' letter-spacing="{_n(spacing)}"' if spacing is not None else ""
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" font-weight="bold" text-anchor="middle" '
        f'font-family="{FONT}" fill="{ink}"{fit}{gap}>{escape(text)}</text>'
    )


def _both_corners(mark: str) -> str:
    """A corner index at the top left and, turned round, at the bottom right."""
    turn = f'transform="rotate(180 {_n(WIDTH / 2)} {_n(HEIGHT / 2)})"'
    return f'<g class="tk-corner">{mark}</g><g class="tk-corner" {turn}>{mark}</g>'


def _standard_body(rank: Rank, suit: Suit, four_colour: bool) -> str:
    ink = suit.ink(four_colour)
    corner = _text(_CORNER_X, _CORNER_RANK_Y, rank.text, _CORNER_FONT, ink, width=12 if len(rank.text) > 1 else None)
    corner += _shape(suit.shape, _CORNER_X, _CORNER_SUIT_Y, _CORNER_SUIT, ink)
    mid_x, mid_y = WIDTH / 2, HEIGHT / 2
    if rank.kind == "ace":
        centre = _shape(suit.shape, mid_x, mid_y, 30, ink)
    elif rank.kind == "court":
        centre = (
            f'<rect x="15.5" y="11" width="29" height="62" rx="3" fill="{COURT_PANEL}" '
            f'stroke="{ink}" stroke-width="1"/>'
            + _shape(suit.shape, mid_x, 21, 11, ink)
            + _text(mid_x, mid_y + 9, rank.text, 25, ink)
            + _shape(suit.shape, mid_x, HEIGHT - 21, 11, ink, flip=True)
        )
    else:
        centre = "".join(
            _shape(suit.shape, _PIP_LEFT + col * (_PIP_RIGHT - _PIP_LEFT),
                   _PIP_TOP + row * (_PIP_BOTTOM - _PIP_TOP), _PIP, ink, flip=row > 0.5)
            for col, row in rank.pips
        )
    return _both_corners(corner) + f'<g class="tk-centre">{centre}</g>'


_STAR = _star_shape()


def _joker_body(joker: Joker) -> str:
    letters = "".join(_text(_CORNER_X - 0.5, 10 + 6.6 * i, ch, 7, joker.ink) for i, ch in enumerate("JOKER"))
    centre = (
        _shape(_STAR, WIDTH / 2, HEIGHT / 2 - 5, 30, joker.ink, solid=joker.solid)
        + _text(WIDTH / 2, HEIGHT / 2 + 22, "JOKER", 9.5, joker.ink, width=30)
    )
    return _both_corners(letters) + f'<g class="tk-centre">{centre}</g>'


def _standard(card_face: dict[str, Any]) -> str:
    code = card_face.get("code")
    card = _parse(code)
    four_colour = bool(card_face.get("four_colour", False))
    aria = str(card_face.get("aria") or standard_name(str(code)))
    body = _joker_body(card) if isinstance(card, Joker) else _standard_body(*card, four_colour)
    return _frame(body, aria, title=True)


def card_back(aria: str = "face-down card") -> str:
    """The back of a card (a face-down card of any deck)."""
    body = (
        f'<rect x="6" y="6" width="{WIDTH - 12}" height="{HEIGHT - 12}" rx="4" fill="#1f5f8b"/>'
        f'<path d="M6 6 L{WIDTH - 6} {HEIGHT - 6} M{WIDTH - 6} 6 L6 {HEIGHT - 6}" stroke="#8fb8d6" stroke-width="1"/>'
    )
    return _frame(body, aria, fill="#ffffff")


# --- Up or Down?: numbers 1..126 in six colours -------------------------------------------------
#
# Colour is never the only cue: each colour has its own shape and letter, drawn in the top band
# and again small at the bottom. The inks follow the Okabe-Ito palette (safe for the common
# kinds of colour blindness), with a dark purple for the sixth colour; the number is printed
# dark on a white panel so it reads the same for everyone.
UP_OR_DOWN_COLOURS: dict[str, tuple[str, str, str]] = {
    # colour: (ink, letter, shape)
    "yellow": ("#F0E442", "Y", "circle"),
    "red": ("#D55E00", "R", "triangle"),
    "blue": ("#0072B2", "B", "square"),
    "pink": ("#CC79A7", "P", "heart"),
    "purple": ("#5B3A8C", "V", "diamond"),
    "teal": ("#009E73", "G", "star"),
}
#: Bands whose letter and shape are printed near-black (white on the others): every band then
#: has a contrast of at least 4.5:1 (WCAG AA; white on the red or teal band was under 4).
_DARK_LETTERS = {"yellow", "red", "pink", "teal"}


def _mark(shape: str, cx: float, cy: float, r: float, fill: str, stroke: str) -> str:
    """A small shape centred at (cx, cy) with radius ``r`` (viewBox units)."""
    common = f'fill="{fill}" stroke="{stroke}" stroke-width="0.8"'
    if shape == "circle":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" {common}/>'
    if shape == "square":
        return f'<rect x="{cx - r:.1f}" y="{cy - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" {common}/>'
    if shape == "triangle":
        return f'<path d="M{cx:.1f} {cy - r:.1f} L{cx + r:.1f} {cy + r * 0.8:.1f} L{cx - r:.1f} {cy + r * 0.8:.1f} Z" {common}/>'
    if shape == "diamond":
        return f'<path d="M{cx:.1f} {cy - r:.1f} L{cx + r:.1f} {cy:.1f} L{cx:.1f} {cy + r:.1f} L{cx - r:.1f} {cy:.1f} Z" {common}/>'
    if shape == "heart":
        return (f'<path d="M{cx:.1f} {cy + r:.1f} C{cx - 1.6 * r:.1f} {cy - 0.2 * r:.1f} {cx - 0.6 * r:.1f} {cy - 1.3 * r:.1f} '
                f'{cx:.1f} {cy - 0.4 * r:.1f} C{cx + 0.6 * r:.1f} {cy - 1.3 * r:.1f} {cx + 1.6 * r:.1f} {cy - 0.2 * r:.1f} '
                f'{cx:.1f} {cy + r:.1f} Z" {common}/>')
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append(f"{cx + radius * math.cos(angle):.1f} {cy + radius * math.sin(angle):.1f}")
    return f'<path d="M{" L".join(points)} Z" {common}/>'


def _up_or_down(face: dict[str, Any]) -> str:
    """An Up or Down? card: the face carries ``code`` (the number) and ``colour`` (a name of
    ``UP_OR_DOWN_COLOURS``).

    >>> svg = card_svg({"deck": "up_or_down", "code": "37", "colour": "yellow", "aria": "37, yellow"})
    >>> ">37<" in svg and ">Y<" in svg and "#F0E442" in svg
    True
    """
    code = str(face["code"])
    colour = str(face.get("colour", ""))
    if colour not in UP_OR_DOWN_COLOURS:
        raise ValueError(f"an up_or_down face needs a colour of {', '.join(UP_OR_DOWN_COLOURS)} (got {colour!r})")
    ink, letter, shape = UP_OR_DOWN_COLOURS[colour]
    text_ink = "#111" if colour in _DARK_LETTERS else "#fff"
    size = 24 if len(code) < 3 else 19
    body = (
        f'<rect x="4" y="4" width="{WIDTH - 8}" height="20" rx="3" fill="{ink}" stroke="#333" stroke-width="0.6"/>'
        f'{_mark(shape, 14, 14, 6.5, text_ink, "#333" if text_ink == "#111" else ink)}'
        f'<text x="{WIDTH - 10}" y="19" font-size="13" font-weight="bold" text-anchor="middle" fill="{text_ink}" '
        f'font-family="{FONT}">{letter}</text>'
        f'<text x="{WIDTH / 2}" y="{HEIGHT / 2 + 14}" font-size="{size}" font-weight="bold" '
        f'text-anchor="middle" fill="#222" font-family="{FONT}">{escape(code)}</text>'
        f'<rect x="4" y="{HEIGHT - 14}" width="{WIDTH - 8}" height="10" rx="2" fill="{ink}" stroke="#333" stroke-width="0.6"/>'
        f'{_mark(shape, WIDTH / 2, HEIGHT - 9, 3.4, text_ink, "#333" if text_ink == "#111" else ink)}'
    )
    return _frame(body, str(face.get("aria", code)), title=True)


# --- UNO cards (並べRUNO) ---------------------------------------------------------------------
# The four UNO colours from the same colour-blind-safe palette, each with a letter and a shape so
# that colour is never the only cue; letters are near-black or white, whichever reads at 4.5:1.
UNO_COLOURS: dict[str, tuple[str, str, str]] = {
    # letter: (ink, letter ink, shape)
    "R": ("#D55E00", "#111", "triangle"),
    "Y": ("#F0E442", "#111", "circle"),
    "G": ("#009E73", "#111", "star"),
    "B": ("#0072B2", "#fff", "square"),
}
#: What the middle of a card shows for each kind that is not a number.
UNO_SYMBOLS: dict[str, str] = {"S": "\u2298", "R": "\u21c4", "D": "+2", "W": "W", "W4": "+4"}


def _uno(face: dict[str, Any]) -> str:
    """A UNO card: the face carries ``code`` (``"R7"``, ``"GS"``, ``"W4"``) and, for a wild on
    the board, ``colour`` (the colour it asked for).

    >>> svg = card_svg({"deck": "uno", "code": "R7", "aria": "red 7"})
    >>> ">7<" in svg and ">R<" in svg and "#D55E00" in svg
    True
    >>> ">+4<" in card_svg({"deck": "uno", "code": "W4", "colour": "B", "aria": "Wild Draw Four, blue"})
    True
    """
    code = str(face["code"])
    wild = code in ("W", "W4")
    colour = face.get("colour") if wild else code[:1]
    if (colour is not None and colour not in UNO_COLOURS) or (not wild and (len(code) != 2 or code[1] not in "0123456789SRD")):
        raise ValueError(f"not a UNO face: {code!r} with colour {colour!r}")
    kind = code if wild else code[1]
    symbol = UNO_SYMBOLS.get(kind, kind)
    parts = []
    if colour is not None:
        ink, letter_ink, shape = UNO_COLOURS[colour]
        parts.append(f'<rect x="4" y="4" width="{WIDTH - 8}" height="20" rx="3" fill="{ink}" stroke="#333" stroke-width="0.6"/>'
                     f'{_mark(shape, 14, 14, 6.5, letter_ink, "#333" if letter_ink == "#111" else ink)}'
                     f'<text x="{WIDTH - 10}" y="19" font-size="13" font-weight="bold" text-anchor="middle" '
                     f'fill="{letter_ink}" font-family="{FONT}">{colour}</text>'
                     f'<rect x="4" y="{HEIGHT - 14}" width="{WIDTH - 8}" height="10" rx="2" fill="{ink}" stroke="#333" '
                     f'stroke-width="0.6"/>')
    if wild:
        # four small quarters in the four colours mark a wild, whatever colour it asked for
        for i, c in enumerate(UNO_COLOURS):
            x = 8 + (i % 2) * 10
            y = (30 if colour else 8) + (i // 2) * 10
            parts.append(f'<rect x="{x}" y="{y}" width="9" height="9" fill="{UNO_COLOURS[c][0]}" stroke="#333" '
                         f'stroke-width="0.4"/>')
    size = 26 if len(symbol) == 1 else 20
    parts.append(f'<text x="{WIDTH / 2 + (6 if wild else 0)}" y="{HEIGHT / 2 + 14}" font-size="{size}" font-weight="bold" '
                 f'text-anchor="middle" fill="#222" font-family="{FONT}">{escape(symbol)}</text>')
    return _frame("".join(parts), str(face.get("aria", code)), title=True)


DECKS: dict[str, Callable[[dict[str, Any]], str]] = {
    "up_and_down": _up_and_down,
    "up_or_down": _up_or_down,
    "uno": _uno,
    STANDARD_DECK: _standard,
}


def card_svg(face: dict[str, Any] | None, back_label: str = "face-down card", *,
             four_colour: bool | None = None) -> str:
    """SVG markup for a face (None draws the back). Unknown decks raise ValueError.

    ``four_colour`` (when not None) overrides the face's own ``four_colour`` hint; decks without
    a four-colour scheme ignore it.
    """
    if face is None:
        return card_back(back_label)
    deck = face.get("deck")
    if deck not in DECKS:
        raise ValueError(f"no card art for deck {deck!r} (known: {', '.join(sorted(DECKS))})")
    if four_colour is not None:
        face = {**face, "four_colour": bool(four_colour)}
    return DECKS[deck](face)


class CardFace:
    """A face that shows itself in a notebook (``_repr_svg_``).

    >>> CardFace({"deck": "up_and_down", "code": "P", "aria": "Pass"})._repr_svg_().startswith("<svg")
    True
    """

    def __init__(self, face: dict[str, Any]) -> None:
        self.face = face

    def _repr_svg_(self) -> str:
        return card_svg(self.face)


def standard_card(code: str, lang: str = "en", four_colour: bool = False) -> CardFace:
    """A standard card that shows itself in a notebook.

    >>> "Ace of hearts" in standard_card("AH")._repr_svg_()
    True
    """
    return CardFace(standard_face(code, lang, four_colour))


def row_html(faces: list[dict[str, Any] | None], height: int = 84) -> str:
    """Several cards side by side as HTML (for notebooks and ``_repr_html_``)."""
    cards = "".join(
        f'<span style="display:inline-block;height:{height}px;width:{height * WIDTH // HEIGHT}px;margin:2px">'
        f"{card_svg(f)}</span>"
        for f in faces
    )
    return f'<div style="white-space:nowrap">{cards}</div>'
