"""Up&Down's fixed-shape encoding for learning agents (``tablekit.core.encoding``).

Layout for ``n`` players (``layout_table`` prints it with offsets), every value in [0, 1]:

* ``phase`` (4): one-hot of play, mission, challenge, over.
* ``field`` (101): one-hot of the field's number, 0 when the field is empty.
* ``pile_numbers`` (100): the number cards played so far this game (card k at index k-1).
* ``pile_specials`` (3): Pass, Turn and Shot cards played, each divided by its copies (3, 3, 2).
* ``stock`` (1): cards left in the stock / 103.
* ``direction`` (1): 1 when play goes to the previous seat.
* ``current`` (n): one-hot of the seat to move, relative to the viewer (+0 is the viewer).
* ``last_player`` (n): one-hot of the seat whose card is on top of the pile (all 0: none).
* For each seat in relative order (+0, +1, ...):
  ``seat+k.status`` (4, one-hot of active, out, finished, sitting out), ``seat+k.hand_count`` (1,
  cards / 10), ``seat+k.shown`` (1, 1 when the hand is face up to the viewer: always the
  viewer's own, every hand in Cul-de-sac and solo), ``seat+k.numbers`` (100) and
  ``seat+k.specials`` (3): the hand's cards when shown, else zeros; ``seat+k.wins`` (1, game
  wins / target) and ``seat+k.chips`` (1, chips / 4 × starting chips; 0 without chips).

The action space: the number cards 1 to 100 (code ``"37"``), Pass (``"P"``), Turn (``"T"``),
and a Shot naming each seat (``"S0"``...), for 102 + n actions.

>>> from tablekit import make
>>> game = make("up_and_down", preset="basic", players=3)
>>> enc = UpAndDownEncoder()
>>> enc.size(game), len(enc.action_codes(game))
(549, 105)
"""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core.encoding import Encoder, Segments, relative_seat
from tablekit.core.game import Game
from tablekit.games.up_and_down.actions import PASS, SHOT, SPECIAL_COPIES, TURN, Play
from tablekit.games.up_and_down.state import ACTIVE, CHALLENGE, FINISHED, MISSION, OUT, OVER, PLAY, SITTING_OUT

_PHASES = (PLAY, MISSION, CHALLENGE, OVER)
_STATUSES = (ACTIVE, OUT, FINISHED, SITTING_OUT)
_SPECIAL_CODES = {"P": PASS, "T": TURN, "S": SHOT}
_SPECIAL_ORDER = (PASS, TURN, SHOT)
_DECK = 100 + sum(SPECIAL_COPIES.values())


def _cards(codes: list[str] | None) -> tuple[list[int], dict[int, int]]:
    """The number cards (as indices 0..99) and the special counts (index 0..2) of card codes."""
    numbers: list[int] = []
    specials: dict[int, int] = {}
    for code in codes or ():
        if code in _SPECIAL_CODES:
            k = _SPECIAL_ORDER.index(_SPECIAL_CODES[code])
            specials[k] = specials.get(k, 0) + 1
        else:
            numbers.append(int(code) - 1)
    return numbers, specials


class UpAndDownEncoder(Encoder):
    """See the module's docstring for the layout."""

    def encode_into(self, game: Game[Any], observation: Mapping[str, Any], out: Segments) -> None:
        obs = observation
        cfg: Any = game.config
        n = cfg.players
        viewer = obs["viewer"] if obs["viewer"] is not None else 0
        copies = [SPECIAL_COPIES[k] for k in _SPECIAL_ORDER]
        out.one_hot("phase", _PHASES.index(obs["phase"]), len(_PHASES), "play, mission, challenge, over")
        out.one_hot("field", obs["field"] or 0, 101, "the field's number (0: empty)")
        numbers, specials = _cards(obs["pile"])
        out.bits("pile_numbers", numbers, 100, "number cards in the pile (card k at k-1)")
        out.counts("pile_specials", [specials.get(k, 0) / copies[k] for k in range(3)], 3, 1,
                   "Pass, Turn, Shot in the pile / copies")
        out.scalar("stock", obs["stock"], _DECK, "cards in the stock / 103")
        out.flag("direction", obs["direction"] == -1, "1: play goes to the previous seat")
        current = obs["current"]
        out.one_hot("current", relative_seat(current, viewer, n), n,
                    "seat to move, relative to the viewer")
        last = obs["last_player"]
        out.one_hot("last_player", relative_seat(last, viewer, n), n,
                    "seat whose card tops the pile, relative")
        chips_scale = 4 * cfg.starting_chips
        for k in range(n):
            p = obs["players"][(viewer + k) % n]
            name = f"seat+{k}"
            out.one_hot(f"{name}.status", _STATUSES.index(p["status"]), len(_STATUSES),
                        "active, out, finished, sitting out")
            out.scalar(f"{name}.hand_count", p["hand_count"], 10, "cards in hand / 10")
            out.flag(f"{name}.shown", p["hand"] is not None, "1: the hand is face up to the viewer")
            numbers, specials = _cards(p["hand"])
            out.bits(f"{name}.numbers", numbers, 100, "number cards in the hand, when shown")
            out.counts(f"{name}.specials", [specials.get(j, 0) / copies[j] for j in range(3)], 3, 1,
                       "Pass, Turn, Shot in the hand / copies, when shown")
            out.scalar(f"{name}.wins", p["wins"], cfg.target_wins, "game wins / target")
            out.scalar(f"{name}.chips", max(0, p.get("chips", 0)), chips_scale, "chips / (4 × starting chips)")

    def action_codes(self, game: Game[Any]) -> tuple[str, ...]:
        n = game.num_players
        plays = [Play(k) for k in range(1, 101)] + [Play(PASS), Play(TURN)] + [Play(SHOT, t) for t in range(n)]
        return tuple(a.code for a in plays)


__all__ = ["UpAndDownEncoder"]
