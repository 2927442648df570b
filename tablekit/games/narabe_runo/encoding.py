"""並べRUNO's fixed-shape encoding for learning agents (``tablekit.core.encoding``).

The board is encoded on a fixed grid window: the bounding box of the playing area (``board.area``
of the layout and ``boundary``), ``W`` columns by ``H`` rows, cell ``(x, y)`` at index
``(y - min_y) * W + (x - min_x)`` (row-major, y downwards). No card ever lies outside the area:
a play's target is a neighbour of its anchor inside the area (``NarabeRuno.near``), set-up roads
are checked the same way, and the start card is on (0, 0), inside the area. So the window holds
every cell the config can use; its cells outside a convex-hull area stay 0 (see ``cells.area``).
Window sizes: ``six`` layout 9×7 (63 cells), ``small`` 7×7 (49), ``large`` 13×13 (169); a layout
passed as data is at most 25×25.

Layout for ``n`` players and a window of ``C`` cells (``layout_table`` prints it with offsets);
each ``cells.*`` segment is a stack of planes of ``C`` numbers (plane-major, ready to reshape
to ``(planes, H, W)``), every value in [0, 1]:

* ``cells.area`` (C): 1 for a cell of the playing area.
* ``cells.colour`` (4 × C): the colour of the face-up card on the cell (a wild's: the colour it
  asked for), planes R, Y, G, B; the start card included.
* ``cells.kind`` (15 × C): the face-up card's kind, planes 0-9, Skip, Reverse, Draw Two, Wild,
  Wild Draw Four.
* ``cells.start`` (C): the start card's cell.
* ``cells.scoring`` (C): a face-down scoring card still on the cell.
* ``cells.anchor`` (C): the anchors the player to act may extend now.
* ``cells.last`` (C): the card laid last, which must be extended while it has room.
* ``cells.closed`` (C): the cards of the road a Reverse closed.
* ``hand`` (54): the viewer's cards, each of ``UNO_CODES`` (R0..R9 RS RR RD, Y.., G.., B.., W, W4)
  counted and divided by its copies in the deck (1 for a 0, 4 for a wild, else 2).
* ``discard`` (54): the discard pile (face up, public), counted the same way.
* ``draw`` (1): cards in the draw pile / 108.
* ``current`` (n), ``first`` (n): one-hot of the seat to move and of the seat that played first,
  relative to the viewer (+0 is the viewer; ``current`` all 0 once the game is over).
* ``direction`` (1): 1 when play goes counter-clockwise (``reverse_turns``).
* ``idle`` (1): turns in a row without a card placed / the turns that end the game
  (``stall_limit`` × players).
* ``scoring_left`` (1): scoring cards on the board / the layout's.
* ``over`` (1): 1 once the game is over.
* For each seat in relative order (+0, +1, ...): ``seat+k.hand_count`` (1, cards / the hand
  limit), ``seat+k.captured`` (1, scoring cards captured / the layout's) and ``seat+k.score``
  (1, points at the end / (9 × the layout's scoring cards); 0 before the end).

The action space, in this order: ``pass``; a discard of each card kind (``discard:R7``, 54);
then for each (anchor, target) pair of neighbouring cells of the area (the target never the
start card's cell), in the order of the anchors' and then the targets' cells, the 52 coloured
cards, each wild naming each colour (``play:W:1,0>2,0:G``, 8), and, when the target is a
scoring card's cell, each wild naming none (a capture, 2). Every play the rules offer has an
anchor that is the start card or a road's tip (a cell of the area) and a target next to it in
the area, so the space holds every legal action.

>>> from tablekit import make
>>> game = make("narabe_runo", preset="basic", players=3)
>>> enc = NarabeRunoEncoder()
>>> enc.size(game), len(enc.action_codes(game))
(1703, 12091)
>>> enc.window(game)
(-4, -3, 9, 7)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from tablekit.core.cards import UNO_108, UNO_CODES, UNO_COLOURS, UNO_KINDS, uno_kind
from tablekit.core.encoding import Encoder, Segments, relative_seat
from tablekit.core.game import Game
from tablekit.games.narabe_runo.actions import WILDS
from tablekit.games.narabe_runo.board import area, neighbours
from tablekit.games.narabe_runo.config import START

Cell = tuple[int, int]
_KINDS: tuple[str, ...] = (*UNO_KINDS, "W", "W4")
_KIND_INDEX: dict[str, int] = {c: _KINDS.index(uno_kind(c)) for c in UNO_CODES}
_COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(UNO_COLOURS)}
_CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(UNO_CODES)}
_COPIES: tuple[int, ...] = tuple(UNO_108.count(c) for c in UNO_CODES)
_DECK = len(UNO_108)
_COLOURED = tuple(c for c in UNO_CODES if c not in WILDS)
_WILD_CARDS = tuple(c for c in UNO_CODES if c in WILDS)


class _Geometry:
    """The window and the action space of one layout and boundary (shared by every player count)."""

    def __init__(self, cells: tuple[Cell, ...], boundary: str) -> None:
        self.area = area(cells, boundary)
        xs = [x for x, _ in self.area]
        ys = [y for _, y in self.area]
        self.min_x, self.min_y = min(xs), min(ys)
        self.width = max(xs) - self.min_x + 1
        self.height = max(ys) - self.min_y + 1
        self.cells = self.width * self.height
        self.index: dict[Cell, int] = {
            (x, y): (y - self.min_y) * self.width + (x - self.min_x) for x, y in self.area}
        self.area_bits = sorted(self.index.values())
        self.start = self.index[START]
        scoring = frozenset(cells)
        codes = ["pass", *(f"discard:{c}" for c in UNO_CODES)]
        for anchor in sorted(self.area, key=self.index.__getitem__):
            a = f"{anchor[0]},{anchor[1]}>"
            for target in sorted((t for t in neighbours(anchor) if t in self.area and t != START),
                                 key=self.index.__getitem__):
                at = f"{a}{target[0]},{target[1]}"
                codes.extend(f"play:{c}:{at}" for c in _COLOURED)
                codes.extend(f"play:{w}:{at}:{colour}" for w in _WILD_CARDS for colour in UNO_COLOURS)
                if target in scoring:
                    codes.extend(f"play:{w}:{at}" for w in _WILD_CARDS)
        self.codes: tuple[str, ...] = tuple(codes)


@lru_cache(maxsize=32)
def _geometry(cells: tuple[Cell, ...], boundary: str) -> _Geometry:
    return _Geometry(cells, boundary)


def _counts(cards: list[str] | None) -> dict[int, float]:
    """Each card kind held, as a share of its copies in the deck."""
    held: dict[int, float] = {}
    for c in cards or ():
        i = _CARD_INDEX[c]
        held[i] = held.get(i, 0.0) + 1.0 / _COPIES[i]
    return held


class NarabeRunoEncoder(Encoder):
    """See the module's docstring for the layout."""

    @staticmethod
    def _geo(game: Game[Any]) -> _Geometry:
        cfg: Any = game.config
        return _geometry(tuple(cfg.scoring_cells), cfg.boundary)

    def window(self, game: Game[Any]) -> tuple[int, int, int, int]:
        """``(min_x, min_y, width, height)`` of the grid window of this config."""
        geo = self._geo(game)
        return geo.min_x, geo.min_y, geo.width, geo.height

    def encode_into(self, game: Game[Any], observation: Mapping[str, Any], out: Segments) -> None:
        obs = observation
        cfg: Any = game.config
        geo = self._geo(game)
        n = cfg.players
        w = geo.cells
        index = geo.index
        viewer = obs["viewer"] if obs["viewer"] is not None else 0
        k_scoring = len(cfg.scoring_cells)

        colour: list[int] = []
        kind: list[int] = []
        start = obs["start"]
        colour.append(_COLOUR_INDEX[start[0]] * w + geo.start)
        kind.append(_KIND_INDEX[start] * w + geo.start)
        closed = obs["closed"]
        closed_bits: list[int] = []
        for road in obs["roads"]:
            is_closed = closed is not None and road[0]["x"] == closed[0] and road[0]["y"] == closed[1]
            for placed in road:
                i = index[placed["x"], placed["y"]]
                colour.append(_COLOUR_INDEX[placed["colour"]] * w + i)
                kind.append(_KIND_INDEX[placed["card"]] * w + i)
                if is_closed:
                    closed_bits.append(i)
        out.bits("cells.area", geo.area_bits, w, "1: a cell of the playing area")
        out.bits("cells.colour", colour, 4 * w, "face-up card's colour (a wild's: asked), planes R Y G B")
        out.bits("cells.kind", kind, 15 * w, "face-up card's kind, planes 0-9 S R D W W4")
        out.bits("cells.start", (geo.start,), w, "the start card's cell")
        out.bits("cells.scoring", [index[x, y] for x, y in obs["scoring_cells"]], w,
                 "a face-down scoring card on the cell")
        out.bits("cells.anchor", [index[a["cell"][0], a["cell"][1]] for a in obs["anchors"]], w,
                 "anchors the player to act may extend")
        last = obs["anchor"]
        out.bits("cells.last", () if last is None else (index[last[0], last[1]],), w,
                 "the card laid last (extend it while it has room)")
        out.bits("cells.closed", closed_bits, w, "cards of the road a Reverse closed")

        me = obs["players"][viewer]
        out.counts("hand", _counts(me["hand"]), len(UNO_CODES), 1, "the viewer's cards / copies in the deck")
        out.counts("discard", _counts(obs["discard"]), len(UNO_CODES), 1, "the discard pile / copies in the deck")
        out.scalar("draw", obs["draw_count"], _DECK, "cards in the draw pile / 108")
        current = obs["current"]
        out.one_hot("current", relative_seat(current, viewer, n), n,
                    "seat to move, relative to the viewer")
        out.one_hot("first", relative_seat(obs["first"], viewer, n), n, "seat that played first, relative")
        out.flag("direction", obs["direction"] == -1, "1: play goes counter-clockwise")
        out.scalar("idle", obs["idle"], cfg.stall_limit * n, "turns without a card placed / turns that end the game")
        out.scalar("scoring_left", len(obs["scoring_cells"]), k_scoring, "scoring cards on the board / layout's")
        out.flag("over", obs["termination"] is not None, "1: the game is over")
        scores = obs["scores"]
        for k in range(n):
            seat = (viewer + k) % n
            p = obs["players"][seat]
            name = f"seat+{k}"
            out.scalar(f"{name}.hand_count", p["hand_count"], cfg.hand_limit, "cards in hand / hand limit")
            out.scalar(f"{name}.captured", p["captured_count"], k_scoring, "scoring cards captured / layout's")
            out.scalar(f"{name}.score", scores[seat] if scores else 0, 9 * k_scoring,
                       "points at the end / (9 × scoring cards)")

    def action_codes(self, game: Game[Any]) -> tuple[str, ...]:
        return self._geo(game).codes


__all__ = ["NarabeRunoEncoder"]
