"""SVG card faces, as pure functions of a face (see ``tablekit.core.view.face``).

Each deck is a function registered in ``DECKS`` that turns a face dict into SVG markup, so new
decks (the 52-card deck, UNO, Up or Down?'s coloured cards) are added as data plus one small
function. Colour is never the only signal: every coloured mark also carries a letter, digit
or symbol, and every card has an aria label.

>>> svg = card_svg({"deck": "up_and_down", "code": "37", "aria": "37"})
>>> svg.startswith("<svg") and ">37<" in svg
True
>>> "aria-label=\\"Shot\\"" in card_svg({"deck": "up_and_down", "code": "S", "aria": "Shot"})
True
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

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


def _frame(body: str, aria: str, fill: str = "#ffffff", stroke: str = "#333333") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{escape(aria)}" class="tk-card-svg">'
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


def card_back(aria: str = "face-down card") -> str:
    """The back of a card (a face-down card of any deck)."""
    body = (
        f'<rect x="6" y="6" width="{WIDTH - 12}" height="{HEIGHT - 12}" rx="4" fill="#1f5f8b"/>'
        f'<path d="M6 6 L{WIDTH - 6} {HEIGHT - 6} M{WIDTH - 6} 6 L6 {HEIGHT - 6}" stroke="#8fb8d6" stroke-width="1"/>'
    )
    return _frame(body, aria, fill="#ffffff")


DECKS: dict[str, Callable[[dict[str, Any]], str]] = {
    "up_and_down": _up_and_down,
}


def card_svg(face: dict[str, Any] | None, back_label: str = "face-down card") -> str:
    """SVG markup for a face (None draws the back). Unknown decks raise ValueError."""
    if face is None:
        return card_back(back_label)
    deck = face.get("deck")
    if deck not in DECKS:
        raise ValueError(f"no card art for deck {deck!r} (known: {', '.join(sorted(DECKS))})")
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


def row_html(faces: list[dict[str, Any] | None], height: int = 84) -> str:
    """Several cards side by side as HTML (for notebooks and ``_repr_html_``)."""
    cards = "".join(
        f'<span style="display:inline-block;height:{height}px;width:{height * WIDTH // HEIGHT}px;margin:2px">'
        f"{card_svg(f)}</span>"
        for f in faces
    )
    return f'<div style="white-space:nowrap">{cards}</div>'
