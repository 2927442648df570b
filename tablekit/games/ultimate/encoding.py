"""Ultimate's fixed-shape encoding for learning agents (``tablekit.core.encoding``).

Cards are indexed 0..51 as in ``actions.py`` (``suit * 13 + rank``, suits S H D C, ranks A 2..9
T J Q K). With ``n`` players, ``H`` the hand size and ``K`` the kitty size of the config
(``config.layout``), and ``B`` the config's ``max_bid``, the layout (``layout_table`` prints it
with offsets) is, every value in [0, 1]:

* ``phase`` (6): one-hot of auction, discard, trump, call, play, over.
* ``deal_no`` (1): the deal in progress / ``max_deals``.
* ``dealer`` (n), ``current`` (n): one-hot seats, relative to the viewer (+0 is the viewer; all
  0 when nobody is to move).
* ``hand`` (52): the viewer's cards.
* ``high_bid`` (1): the high bid / B (0: nobody has bid); ``high_bidder`` (n): its seat, relative.
* ``declarer`` (n): one-hot, relative (all 0 during the auction); ``contract`` (1): / B.
* ``trump`` (5): one-hot of S, H, D, C, no trump (all 0 until named).
* ``called`` (52): the called card (partner call); ``partner`` (n): the partner's seat once the
  called card has been played, relative; ``partner_revealed`` (1).
* ``kitty_count`` (1): cards still in the kitty / K; ``discard_count`` (1): the declarer's
  discards / K.
* ``picked`` (52), ``discards`` (52): the kitty cards the declarer took and the cards they laid
  aside, shown to the declarer only (zeros for everyone else).
* ``trick_leader`` (n): the seat leading the current trick (or to lead it), relative.
* ``trick`` (n × 52): for each seat in relative order, the card it played to the current trick.
* ``last_trick`` (n × 52): the same for the latest completed trick; ``last_winner`` (n): who won
  it, relative.
* ``running_points_shown`` (1) and ``running_points`` (1): the declarer's side's points so far,
  as (points + 4) / (positive points + 4), when the config shows them (``show_running_points``).
* For each seat in relative order (+0, +1, ...): ``seat+k.hand_count`` (1, cards / (H + K)),
  ``seat+k.dropped`` (1, dropped out of the auction), ``seat+k.bid`` (1, the seat's latest bid
  of this deal / B), ``seat+k.tricks_won`` (1, / H), ``seat+k.voids`` (4, suits the seat was
  seen not to follow, S H D C) and ``seat+k.score`` (1, total / target, clipped at 1).

The observation keeps only the current and the last trick, so the cards of earlier tricks are
not in the encoding (an agent that wants them keeps its own memory).

The action space: a bid of each amount from ``min_bid`` to ``max_bid`` (``"bid:25"``),
``"pass"``, a discard of each card (``"discard:7H"``), each trump the config allows
(``"trump:S"``... and ``"trump:NT"`` with ``allow_no_trump``), a partner call of each card
(``"call:AH"``, only with ``partner_call``) and a play of each card (``"7H"``).

>>> from tablekit import make
>>> game = make("ultimate", preset="basic", players=4)
>>> enc = UltimateEncoder()
>>> enc.size(game), len(enc.action_codes(game))
(707, 169)
>>> len(enc.action_codes(make("ultimate", preset="partner", players=4)))
221
"""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core.encoding import Encoder, Segments, relative_seat
from tablekit.core.game import Game
from tablekit.games.ultimate.actions import (
    BIDS,
    CALLS,
    DISCARDS,
    NUM_CARDS,
    PASS,
    PLAYS,
    SUITS,
    TRUMPS,
    Bid,
    card_code,
)
from tablekit.games.ultimate.state import PHASE_NAMES

_CARD: dict[str, int] = {card_code(c): c for c in range(NUM_CARDS)}
_PHASE: dict[str, int] = {name: i for i, name in enumerate(PHASE_NAMES)}
_TRUMP: dict[str, int] = {**{s: i for i, s in enumerate(SUITS)}, "NT": 4}
_SUIT: dict[str, int] = {s: i for i, s in enumerate(SUITS)}
#: the lowest possible running total: every 5 (worth -1 in both point tables)
_LOWEST_POINTS = 4


def _cards(codes: list[str] | None) -> list[int]:
    return [_CARD[c] for c in codes] if codes else []


class UltimateEncoder(Encoder):
    """See the module's docstring for the layout."""

    def encode_into(self, game: Game[Any], observation: Mapping[str, Any], out: Segments) -> None:
        obs = observation
        cfg: Any = game.config
        n = cfg.players
        hand_size, kitty_size, _ = cfg.layout
        most_bid = cfg.max_bid
        viewer = obs["viewer"] if obs["viewer"] is not None else 0

        players = obs["players"]
        out.one_hot("phase", _PHASE[obs["phase"]], len(PHASE_NAMES), "auction, discard, trump, call, play, over")
        out.scalar("deal_no", obs["deal_no"], cfg.max_deals, "the deal in progress / max_deals")
        out.one_hot("dealer", relative_seat(obs["dealer"], viewer, n), n, "the dealer, relative to the viewer")
        out.one_hot("current", relative_seat(obs["current"], viewer, n), n, "the seat to move, relative")
        out.bits("hand", _cards(players[viewer]["hand"]), NUM_CARDS, "the viewer's cards")
        out.scalar("high_bid", obs["high_bid"] or 0, most_bid, "the high bid / max_bid (0: no bid)")
        out.one_hot("high_bidder", relative_seat(obs["high_bidder"], viewer, n), n, "the high bidder, relative")
        out.one_hot("declarer", relative_seat(obs["declarer"], viewer, n), n, "the declarer, relative")
        out.scalar("contract", obs["contract"] or 0, most_bid, "the contract / max_bid")
        trump = obs["trump"]
        out.one_hot("trump", None if trump is None else _TRUMP[trump], 5, "S, H, D, C, no trump")
        called = obs["called"]
        out.one_hot("called", None if called is None else _CARD[called], NUM_CARDS, "the called card")
        out.one_hot("partner", relative_seat(obs["partner"], viewer, n), n, "the partner once revealed, relative")
        out.flag("partner_revealed", obs["partner_revealed"], "1: the called card has been played")
        out.scalar("kitty_count", obs["kitty_count"], kitty_size, "cards in the kitty / kitty size")
        out.scalar("discard_count", obs["discard_count"], kitty_size, "the declarer's discards / kitty size")
        out.bits("picked", _cards(obs["picked"]), NUM_CARDS, "kitty cards the declarer took (declarer only)")
        out.bits("discards", _cards(obs["discards"]), NUM_CARDS, "the declarer's discards (declarer only)")
        out.one_hot("trick_leader", relative_seat(obs["leader"], viewer, n), n,
                    "the seat leading the current trick, relative")
        for name, trick, meaning in (("trick", obs["trick"], "current"), ("last_trick", obs["last_trick"], "last")):
            played = [(entry["player"] - viewer) % n * NUM_CARDS + _CARD[entry["card"]] for entry in trick]
            out.bits(name, played, n * NUM_CARDS,
                     f"per seat in relative order, 52: the card it played to the {meaning} trick")
        out.one_hot("last_winner", relative_seat(obs["last_winner"], viewer, n), n,
                    "the winner of the last trick, relative")
        running = obs["running_points"]
        out.flag("running_points_shown", running is not None, "1: the running points are shown")
        out.scalar("running_points", 0 if running is None else running + _LOWEST_POINTS,
                   cfg.positive_points + _LOWEST_POINTS, "(declarer side's points + 4) / (positive points + 4)")
        latest: dict[int, int] = {}
        for entry in obs["bids"]:
            if entry["bid"]:
                latest[entry["player"]] = entry["bid"]
        for k in range(n):
            seat = (viewer + k) % n
            p = players[seat]
            name = f"seat+{k}"
            out.scalar(f"{name}.hand_count", p["hand_count"], hand_size + kitty_size, "cards / (hand + kitty)")
            out.flag(f"{name}.dropped", p["dropped"], "1: dropped out of the auction")
            out.scalar(f"{name}.bid", latest.get(seat, 0), most_bid, "latest bid of this deal / max_bid")
            out.scalar(f"{name}.tricks_won", p["tricks_won"], hand_size, "tricks won / hand size")
            out.bits(f"{name}.voids", [_SUIT[s] for s in p["voids"]], 4, "suits seen not followed: S H D C")
            out.scalar(f"{name}.score", p["score"], cfg.target, "total / target (clipped)")

    def action_codes(self, game: Game[Any]) -> tuple[str, ...]:
        cfg: Any = game.config
        bids = [BIDS[a - 1] if a <= len(BIDS) else Bid(a) for a in range(cfg.min_bid, cfg.max_bid + 1)]
        trumps = TRUMPS if cfg.allow_no_trump else TRUMPS[:4]
        calls = CALLS if cfg.partner_call else ()
        return tuple(a.code for a in (*bids, PASS, *DISCARDS, *trumps, *calls, *PLAYS))


__all__ = ["UltimateEncoder"]
