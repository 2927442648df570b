"""Up or Down?'s fixed-shape encoding for learning agents (``tablekit.core.encoding``).

With ``n`` players and ``T`` the config's top card (``config.top_card``: cards 1 to T are in
play, card ``c`` at index ``c - 1`` of every card segment), the layout (``layout_table`` prints
it with offsets) is, every value in [0, 1]:

* ``phase`` (5): one-hot of play, take, place, draw, over.
* ``turn`` (1): turns started / T.
* ``current`` (n), ``first`` (n): the seat to move and the seat that played first, one-hot,
  relative to the viewer (+0 is the viewer).
* ``ring`` (T): the ring's cards (seven between a play and a take).
* ``played`` (T), ``taken`` (T): the card just played into the ring and the card taken and not
  yet placed (all 0: none).
* ``down_count`` (1), ``up_count`` (1): the sizes of the face-down and the face-up piles / T;
  ``up_top`` (T): the face-up pile's top card.
* ``removed`` (T): cards out of the game (Remove one card variant).
* ``colours`` (24): for each variant colour role (special colour, special down colour, take
  colour, remove colour) a one-hot of the six colours (yellow, red, blue, pink, purple, teal),
  all 0 when that variant is off.
* ``hand`` (T): the viewer's hand.
* For each seat in relative order (+0, +1, ...): ``seat+k.hand_count`` (1, cards / 3),
  ``seat+k.shown`` (T, hand cards everyone saw drawn from the face-up pile), then its three
  columns ``j`` = 0, 1, 2 (in the order started; zeros for a column not started):
  ``seat+k.columns`` (3 × T: column j's cards at j × T + c - 1; a column rises or falls
  strictly, so its cards and direction give their order), ``seat+k.directions`` (3 × 2:
  ascending, descending; both 0 while not fixed), ``seat+k.lengths`` (3, cards / T),
  ``seat+k.last`` (3, the last card / T: what the next card must beat) and ``seat+k.colours``
  (3 × 6, cards of each colour / 21: the colour scoring's counts); then ``seat+k.discards``
  (T, the discard pile) and ``seat+k.score`` (2: the score's positive part / 300 and
  negative part / 100, each clipped).

The action space: playing each card 1..T (``"play:37"``), taking each card 1..T
(``"take:45"``), adding to each column (``"col:1"``..``"col:3"``), ``"new"``, abandoning each
column (``"abandon:1"``..), removing from each column (``"remove:1"``.., only with
``remove_one``) and both draws (``"draw:down"``, ``"draw:up"``): 2T + 9 actions (2T + 12 with
Remove one card).

>>> from tablekit import make
>>> game = make("up_or_down", preset="base", players=2)
>>> enc = UpOrDownEncoder()
>>> enc.size(game), len(enc.action_codes(game))
(966, 117)
"""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core.encoding import Encoder, Segments, relative_seat
from tablekit.core.game import Game
from tablekit.games.up_or_down.actions import (
    ABANDONS,
    DRAW_DOWN,
    DRAW_UP,
    NEW_COLUMN,
    PLACES,
    PLAYS,
    REMOVES,
    TAKES,
)
from tablekit.games.up_or_down.config import COLOURS, HAND_SIZE, MAX_COLUMNS, MAX_OF_ONE_COLOUR
from tablekit.games.up_or_down.rules import UpOrDown
from tablekit.games.up_or_down.state import COLOUR_ROLES, PHASE_NAMES

_PHASE: dict[str, int] = {name: i for i, name in enumerate(PHASE_NAMES)}
_COLOUR: dict[str, int] = {name: i for i, name in enumerate(COLOURS)}
_DIRECTION: dict[str | None, int | None] = {None: None, "up": 0, "down": 1}
#: the scales of a score's positive and negative parts (clipped past them)
SCORE_SCALE = 300
MALUS_SCALE = 100


def _card(card: int | None) -> int | None:
    return None if card is None else card - 1


def _cards(cards: list[int] | None) -> list[int]:
    return [c - 1 for c in cards] if cards else []


class UpOrDownEncoder(Encoder):
    """See the module's docstring for the layout."""

    def encode_into(self, game: Game[Any], observation: Mapping[str, Any], out: Segments) -> None:
        obs = observation
        cfg: Any = game.config
        n = cfg.players
        top = obs["top_card"]
        assert isinstance(game, UpOrDown)
        colour_index = game.colour_index
        viewer = obs["viewer"] if obs["viewer"] is not None else 0

        players = obs["players"]
        out.one_hot("phase", _PHASE[obs["phase"]], len(PHASE_NAMES), "play, take, place, draw, over")
        out.scalar("turn", obs["turn"], top, "turns started / top card")
        out.one_hot("current", relative_seat(obs["current"], viewer, n), n, "the seat to move, relative to the viewer")
        out.one_hot("first", relative_seat(obs["first"], viewer, n), n, "the seat that played first, relative")
        out.bits("ring", _cards(obs["ring"]), top, "the ring's cards (card c at c-1)")
        out.one_hot("played", _card(obs["played"]), top, "the card just played into the ring")
        out.one_hot("taken", _card(obs["taken"]), top, "the card taken, not yet placed")
        out.scalar("down_count", obs["down_count"], top, "face-down pile / top card")
        out.scalar("up_count", obs["up_count"], top, "face-up pile / top card")
        out.one_hot("up_top", _card(obs["up_top"]), top, "the face-up pile's top card")
        out.bits("removed", _cards(obs["removed"]), top, "cards out of the game (Remove one card)")
        roles = obs["colours"]
        out.bits("colours", [r * 6 + _COLOUR[roles[role]] for r, role in enumerate(COLOUR_ROLES) if role in roles],
                 6 * len(COLOUR_ROLES), "per role (special, special down, take, remove): one-hot of the six colours")
        out.bits("hand", _cards(players[viewer]["hand"]), top, "the viewer's hand")
        for k in range(n):
            p = players[(viewer + k) % n]
            name = f"seat+{k}"
            out.scalar(f"{name}.hand_count", p["hand_count"], HAND_SIZE, "cards in hand / 3")
            out.bits(f"{name}.shown", _cards(p["shown"]), top, "hand cards drawn face up (public)")
            columns = p["columns"]
            cards_at: list[int] = []
            directions: list[int] = []
            lengths: dict[int, float] = {}
            lasts: dict[int, float] = {}
            colours: dict[int, int] = {}
            for j, column in enumerate(columns):
                cards: list[int] = column["cards"]
                base = j * top - 1
                cards_at.extend(base + c for c in cards)
                direction = _DIRECTION[column["direction"]]
                if direction is not None:
                    directions.append(2 * j + direction)
                lengths[j] = len(cards) / top
                if cards:
                    lasts[j] = cards[-1] / top
                for c in cards:
                    at = 6 * j + colour_index[c]
                    colours[at] = colours.get(at, 0) + 1
            out.bits(f"{name}.columns", cards_at, MAX_COLUMNS * top,
                     "3 x T: column j's cards (columns in the order started)")
            out.bits(f"{name}.directions", directions, 2 * MAX_COLUMNS,
                     "3 x 2: column j ascending, descending (0 0: not fixed or not started)")
            out.counts(f"{name}.lengths", lengths, MAX_COLUMNS, 1, "3: column j's cards / T")
            out.counts(f"{name}.last", lasts, MAX_COLUMNS, 1, "3: column j's last card / T")
            out.counts(f"{name}.colours", colours, 6 * MAX_COLUMNS, MAX_OF_ONE_COLOUR,
                       "3 x 6: column j's cards of each colour / 21")
            out.bits(f"{name}.discards", _cards(p["discards"]), top, "the discard pile")
            score = p["score"]
            out.counts(f"{name}.score", [max(score, 0) / SCORE_SCALE, max(-score, 0) / MALUS_SCALE], 2, 1,
                       "score: positive part / 300, negative part / 100 (clipped)")

    def action_codes(self, game: Game[Any]) -> tuple[str, ...]:
        cfg: Any = game.config
        cards = range(1, cfg.top_card + 1)
        removes = REMOVES if cfg.remove_one else ()
        actions = [*(PLAYS[c] for c in cards), *(TAKES[c] for c in cards), *PLACES, NEW_COLUMN, *ABANDONS,
                   *removes, DRAW_DOWN, DRAW_UP]
        return tuple(a.code for a in actions)


__all__ = ["UpOrDownEncoder"]
