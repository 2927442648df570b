"""American Page One's fixed-shape encoding for learning agents (``tablekit.core.encoding``).

Cards are indexed as in the engine: ``suit * 13 + rank`` (suits ♠ ♥ ♦ ♣, ranks A 2..9 T J Q K),
so 0 is the ace of spades and 51 the king of clubs, and 52 is the joker (53 slots whatever
the deck; a slot the config's deck lacks stays 0).

Layout for ``n`` players (``layout_table`` prints it with offsets), every value in [0, 1]:

* ``phase`` (6): one-hot of play, drawn (play or keep the card just drawn), name (the dealer
  names an Eight starter's suit), redo (a caught joker bluffer plays again), over, catch (a
  missed call may be caught).
* ``top`` (53): one-hot of the top card of the discard pile.
* ``suit`` (4): one-hot of the suit to follow (an Eight's or joker's named suit).
* ``pending`` (1): cards the player to act must draw unless they answer / the most that can
  build up (every Two, Three and joker of the deck).
* ``direction`` (1): 1 when play goes counter-clockwise.
* ``stock`` (1): cards in the stock / the deck's cards.
* ``pile`` (53): the discard pile (face up, public), each card counted / its copies in the deck.
* ``hand`` (53): the viewer's hand, counted the same way.
* ``drawn`` (53): one-hot of the card the viewer just drew and may play (phase drawn).
* ``current``, ``dealer``, ``last_player``, ``exposed``, ``challenge`` (n each): one-hot of a
  seat relative to the viewer (+0 is the viewer; all 0 for none): the seat to act, the
  dealer, who played the latest card, whose missed call may be caught, whose joker may be
  challenged.
* ``round`` (1): rounds finished / rounds in the match.
* For each seat in relative order (+0, +1, ...): ``seat+k.out`` (1, 1 when the seat has gone
  out, ``play_on``), ``seat+k.hand_count`` (1, cards / the deck's cards), ``seat+k.gain`` and
  ``seat+k.loss`` (1 each, a positive or negative match total / (the deck's value × rounds)),
  ``seat+k.wins`` (1, rounds won / rounds).

The action space, in this order: ``draw``, ``pass``, ``catch``, ``challenge``, ``name:S`` ..
``name:C`` (8); then each card of the deck played alone (card order, the joker last when the
deck has jokers): a wild card (``wild_ranks``, the joker) naming each suit (``8S:H``), any
other naming none (``7H``), each without and (when calls are on) with the call (``7H!``);
then, with ``multi_play``, every group of two or more same-rank cards the deck holds (with two
decks a group may hold both copies of a card; with two jokers ``JK+JK``), each of its distinct
cards on top in turn (the others under it, in card order, as ``Play`` orders them), named and
called like a single card. Sizes: classic 136, crazy_eights 72, family 136, house 1048,
party 136, whatever the player count.

>>> from tablekit import make
>>> game = make("page_one", preset="house", players=4)
>>> enc = PageOneEncoder()
>>> enc.size(game), len(enc.action_codes(game))
(266, 1048)
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any, Mapping

from tablekit.core.encoding import Encoder, Segments, relative_seat
from tablekit.core.game import Game
from tablekit.games.page_one.actions import (
    CATCH,
    CHALLENGE,
    DRAW,
    JOKER,
    NAME_ACTIONS,
    NUM_CARDS,
    PASS,
    SUITS,
    Play,
    card_from_code,
)
from tablekit.games.page_one.config import PageOneConfig
from tablekit.games.page_one.state import PHASE_NAMES
from tablekit.games.page_one.table import PENALTY_OF, rules_from

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_CARD_INDEX: dict[str, int] = {}


def _card(code: str) -> int:
    found = _CARD_INDEX.get(code)
    if found is None:
        found = _CARD_INDEX[code] = card_from_code(code)
    return found


class _Tables:
    """What one config's encoding needs, computed once: copies of each card, scales, the
    action space."""

    def __init__(self, cfg: PageOneConfig) -> None:
        rules = rules_from(cfg)
        deck = rules.deck
        self.copies = [deck.count(c) for c in range(NUM_CARDS)]
        self.share = [1.0 / k if k else 0.0 for k in self.copies]
        self.deck_size = len(deck)
        self.most_pending = max(1, sum(PENALTY_OF.get(rules.effect[c], 0) for c in deck))
        self.score_scale = max(1, sum(rules.value[c] for c in deck)) * cfg.rounds
        calls = (False, True) if rules.calls else (False,)

        def ways(top: int, under: tuple[int, ...]) -> list[str]:
            suits: tuple[int | None, ...] = (0, 1, 2, 3) if rules.named[top] else (None,)
            return [Play(top, s, call, under).code for s in suits for call in calls]

        codes = [a.code for a in (DRAW, PASS, CATCH, CHALLENGE, *NAME_ACTIONS)]
        for c in range(NUM_CARDS):
            if self.copies[c]:
                codes.extend(ways(c, ()))
        if cfg.multi_play:
            # Groups of one rank (the joker is a rank of its own, as the engine groups by RANK):
            # every multiset of 2 or more of its cards, each distinct card on top.
            kinds = [[s * 13 + r for s in range(4)] for r in range(13)] + [[JOKER]]
            for cards in kinds:
                for taken in product(*(range(self.copies[c] + 1) for c in cards)):
                    if sum(taken) < 2:
                        continue
                    group = [c for c, k in zip(cards, taken) for _ in range(k)]
                    for top in sorted(set(group)):
                        under = list(group)
                        under.remove(top)
                        codes.extend(ways(top, tuple(under)))
        self.codes: tuple[str, ...] = tuple(codes)


@lru_cache(maxsize=32)
def _tables(cfg: PageOneConfig) -> _Tables:
    return _Tables(cfg)


class PageOneEncoder(Encoder):
    """See the module's docstring for the layout."""

    def encode_into(self, game: Game[Any], observation: Mapping[str, Any], out: Segments) -> None:
        obs = observation
        cfg: Any = game.config
        t = _tables(cfg)
        n = cfg.players
        share = t.share
        viewer = obs["viewer"] if obs["viewer"] is not None else 0

        def counted(codes: list[str] | None) -> dict[int, float]:
            held: dict[int, float] = {}
            for code in codes or ():
                c = _card(code)
                held[c] = held.get(c, 0.0) + share[c]
            return held

        out.one_hot("phase", PHASE_NAMES.index(obs["phase"]), len(PHASE_NAMES),
                    "play, drawn, name, redo, over, catch")
        out.one_hot("top", _card(obs["top"]), NUM_CARDS, "top card of the discard pile")
        out.one_hot("suit", _SUIT_INDEX[obs["suit"]], 4, "suit to follow, S H D C")
        out.scalar("pending", obs["pending"], t.most_pending, "penalty cards pending / most possible")
        out.flag("direction", obs["direction"] == -1, "1: play goes counter-clockwise")
        out.scalar("stock", obs["stock"], t.deck_size, "cards in the stock / deck")
        out.counts("pile", counted(obs["pile"]), NUM_CARDS, 1, "discard pile, each card / its copies")
        players = obs["players"]
        out.counts("hand", counted(players[viewer]["hand"]), NUM_CARDS, 1, "the viewer's hand, each card / its copies")
        drawn = obs["drawn"]
        out.one_hot("drawn", None if drawn is None else _card(drawn), NUM_CARDS, "the card just drawn (phase drawn)")
        out.one_hot("current", relative_seat(obs["current"], viewer, n), n, "seat to act, relative to the viewer")
        out.one_hot("dealer", relative_seat(obs["dealer"], viewer, n), n, "dealer, relative")
        out.one_hot("last_player", relative_seat(obs["last_player"], viewer, n), n,
                    "who played the latest card, relative")
        out.one_hot("exposed", relative_seat(obs["exposed"], viewer, n), n, "whose missed call may be caught, relative")
        out.one_hot("challenge", relative_seat(obs["challenge"], viewer, n), n,
                    "whose joker may be challenged, relative")
        rounds = cfg.rounds
        finished = obs["game_no"] - (0 if obs["termination"] else 1)
        out.scalar("round", finished, rounds,
                   "rounds finished / rounds")
        wins = [0] * n
        for w in obs["game_winners"]:
            wins[w] += 1
        scale = t.score_scale
        for k in range(n):
            i = (viewer + k) % n
            p = players[i]
            name = f"seat+{k}"
            out.flag(f"{name}.out", p["status"] == "out", "1: gone out (play_on)")
            out.scalar(f"{name}.hand_count", p["hand_count"], t.deck_size, "cards in hand / deck")
            score = p["score"]
            out.scalar(f"{name}.gain", max(0, score), scale, "positive match total / (deck value × rounds)")
            out.scalar(f"{name}.loss", max(0, -score), scale, "negative match total / (deck value × rounds)")
            out.scalar(f"{name}.wins", wins[i], rounds, "rounds won / rounds")

    def action_codes(self, game: Game[Any]) -> tuple[str, ...]:
        cfg: Any = game.config
        return _tables(cfg).codes


__all__ = ["PageOneEncoder"]
