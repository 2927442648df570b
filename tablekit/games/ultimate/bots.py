"""A heuristic Ultimate bot (and the source of learners' hints).

It sees only its observation and the legal actions, and remembers nothing between decisions
(so it cannot count the cards of earlier tricks). Its ideas, in order:

* Bidding: estimate the card points the hand would take as declarer with its best suit as
  trumps: each card gets a chance of winning a trick (trumps and aces high, a king guarded by
  the ace of its suit fairly high, a long trump suit wins by ruffing), a winning card brings its
  own points and about the average points of the other players' cards, and the kitty adds a
  little. Bid that estimate when it is at least the lowest legal bid (never more); otherwise
  drop out. A player who may not pass bids the minimum.
* Discarding: keep trumps, aces and guarded honours; lay aside 5s first (worth -1), then low
  cards of the shortest side suits (a void lets the declarer trump that suit), and a point
  card only when nothing else is left to spare.
* Trumps: the suit with the best estimate (length and high cards); no trump only when it is
  allowed, the hand is balanced (two or more of every suit) and holds three aces or more.
* Partner call: the highest trump the bot lacks, else an ace it lacks.
* Tricks: lead an ace (a trump ace first for the declarer, to draw trumps), else a low card
  of the longest side suit; when the other side is winning, win as cheaply as possible if the
  trick is worth it (trump only a trick that holds points), else follow with the lowest card
  and dump a 5 on it; when its own side is sure to win, add points to the trick.

The point table is not in the observation: the bot assumes the seed table (A 5, K/Q/J 3, 10
1, 5 -1) unless the auction offers bids above 60, which only the doubled table allows.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Sequence

from tablekit.core.actions import Action
from tablekit.core.verdict import Advice
from tablekit.games.ultimate.actions import (
    CARD_PARAMS,
    STRENGTH,
    SUIT,
    SUIT_PARAMS,
    SUITS,
    Bid,
    CallPartner,
    Discard,
    NameTrump,
    Pass,
    Play,
    card_from_code,
)
from tablekit.games.ultimate.codes import HINT_CODES, NS
from tablekit.games.ultimate.config import POINT_TABLES

#: How much of its estimate the bot bids. The estimate is already cautious (tables of heuristic
#: bots make about four contracts in five: ``bench/ultimate_bot_margin.py``), so the bot bids it.
BID_SHARE = 1.0
ACE, FIVE = 12, 3  # strengths (2 is 0, ..., A is 12)
_RANK_LETTERS = "A23456789TJQK"


def _table_points(table: dict[str, int]) -> tuple[int, ...]:
    return tuple(table.get(_RANK_LETTERS[c % 13], 0) for c in range(52))


_POINTS = {name: _table_points(table) for name, table in POINT_TABLES.items()}


def _by_suit(cards: Iterable[int]) -> list[list[int]]:
    """The cards of each suit, strongest first."""
    suits: list[list[int]] = [[], [], [], []]
    for c in cards:
        suits[SUIT[c]].append(c)
    for s in suits:
        s.sort(key=STRENGTH.__getitem__, reverse=True)
    return suits


def _win_chances(hand: Sequence[int], trump: int | None, players: int) -> dict[int, float]:
    """A rough chance that each card of ``hand`` wins a trick with ``trump`` as trumps."""
    chances: dict[int, float] = {}
    crowd = max(0, players - 4) * 0.05  # more players: more voids, more ruffs
    for suit, cards in enumerate(_by_suit(hand)):
        held = {STRENGTH[c] for c in cards}
        for i, c in enumerate(cards):
            st = STRENGTH[c]
            if suit == trump:
                p = {ACE: 1.0, 11: 1.0 if ACE in held else 0.8, 10: 0.9 if {ACE, 11} <= held else 0.6,
                     9: 0.5}.get(st, 0.45 if i >= 3 else 0.3)
            elif st == ACE:
                p = (0.95 if trump is None else 0.85) - crowd
            elif st == 11:
                p = (0.65 if ACE in held else 0.35 if len(cards) >= 2 else 0.1) - crowd
            elif st == 10:
                p = 0.35 if {ACE, 11} <= held else 0.1
            else:
                p = 0.0
            chances[c] = max(0.0, p)
    return chances


def estimate(hand: Sequence[int], trump: int | None, players: int, kitty: int, points: Sequence[int]) -> float:
    """The card points the hand would take as declarer with ``trump`` (None: no trump), plus a
    little for the ``kitty`` cards it would pick up.

    >>> pts = _POINTS["seed"]
    >>> strong = [card_from_code(c) for c in "AH KH QH JH 9H 4H AS KS 2D 3C 6C".split()]
    >>> weak = [card_from_code(c) for c in "2H 3H 4S 6S 7D 8D 9D 2C 3C 4C 6C".split()]
    >>> round(estimate(strong, 1, 4, 5, pts)), round(estimate(weak, 1, 4, 5, pts))
    (35, 3)
    """
    average = sum(points) / len(points)
    chances = _win_chances(hand, trump, players)
    tricks = min(float(len(hand)), sum(chances.values()))
    own = sum(p * points[c] for c, p in chances.items())
    return own + tricks * (players - 1) * average * 0.8 + kitty * average * 0.3


def _best_trump(hand: Sequence[int], players: int, kitty: int, points: Sequence[int]) -> tuple[int, float]:
    """The suit with the highest estimate (ties: more cards, then S H D C order)."""
    suits = _by_suit(hand)
    scored = [(estimate(hand, s, players, kitty, points), len(suits[s]), -s) for s in range(4)]
    best = max(scored)
    return -best[2], best[0]


def _winner(trick: Sequence[tuple[int, int]], trump: int | None) -> tuple[int, int]:
    """(seat, card) winning the trick so far."""
    led = SUIT[trick[0][1]]

    def key(play: tuple[int, int]) -> tuple[int, int]:
        suit = SUIT[play[1]]
        return (2 if suit == trump else 1 if suit == led else 0, STRENGTH[play[1]])
    return max(trick, key=key)


def _beats(card: int, best: int, led: int, trump: int | None) -> bool:
    if SUIT[card] == SUIT[best]:
        return STRENGTH[card] > STRENGTH[best]
    return SUIT[card] == trump or (SUIT[best] != trump and SUIT[best] != led and SUIT[card] == led)


class HeuristicBot:
    """See the module docstring. Deterministic given its observation (it never draws from ``rng``)."""

    name = "heuristic"

    def choose(self, observation: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        action: Action = self.advise(observation, legal, rng).action
        return action

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def advise(self, obs: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Advice:
        me = obs["current"]
        hand = [card_from_code(c) for c in obs["players"][me]["hand"] or ()]
        kind = type(legal[0])
        if kind in (Bid, Pass):
            return self._bid(obs, legal, hand)
        points = _POINTS["seed"]
        players = len(obs["players"])
        if kind is Discard:
            return self._discard(obs, hand, players, points)
        if kind is NameTrump:
            return self._trump(legal, hand, players, points)
        if kind is CallPartner:
            return self._call(obs, legal, hand, players, points)
        return _Trick(obs, hand, points).advise(legal)

    # --- the auction ----------------------------------------------------------------------
    @staticmethod
    def _bid(obs: dict[str, Any], legal: Sequence[Action], hand: list[int]) -> Advice:
        bids = [a for a in legal if isinstance(a, Bid)]
        top = max((a.amount for a in bids), default=0)
        points = _POINTS["doubled" if top > 60 else "seed"]
        players = len(obs["players"])
        suit, worth = _best_trump(hand, players, obs["kitty_count"], points)
        amount = int(worth * BID_SHARE)
        low = min(a.amount for a in bids) if bids else 0
        passes = [a for a in legal if isinstance(a, Pass)]
        if not passes:
            return Advice(bids[0], f"{NS}.hint.forced_bid", {"amount": low})
        if bids and low <= amount:
            bid = next(a for a in bids if a.amount == min(amount, top))
            return Advice(bid, f"{NS}.hint.bid", {"estimate": amount, "suit": SUIT_PARAMS[suit],
                                                  "amount": bid.amount})
        return Advice(passes[0], f"{NS}.hint.pass", {"estimate": amount, "amount": low})

    # --- the exchange ---------------------------------------------------------------------
    @staticmethod
    def _discard(obs: dict[str, Any], hand: list[int], players: int, points: Sequence[int]) -> Advice:
        trump, _ = _best_trump(hand, players, 0, points)
        suits = _by_suit(hand)
        left = len(obs["picked"] or ()) - len(obs["discards"] or ())  # discards still to make
        fives = [c for c in hand if points[c] < 0 and SUIT[c] != trump]
        # The shortest side suit without an ace that the remaining discards can empty.
        voidable = [s for s in range(4) if s != trump and 0 < len(suits[s]) <= left
                    and all(STRENGTH[c] != ACE for c in suits[s])]
        void = min(voidable, key=lambda s: (len(suits[s]), sum(points[c] for c in suits[s]), s), default=None)

        def keep(c: int) -> float:
            suit, st, length = SUIT[c], STRENGTH[c], len(suits[SUIT[c]])
            if suit == trump:
                return 1000 + st
            if st == ACE:
                return 500 + st
            held = {STRENGTH[x] for x in suits[suit]}
            if st == 11 and ACE in held:
                return 400 + st
            return st + 10 * points[c] + 4 * length

        if fives:
            card, why = min(fives), "discard_five"
        elif void is not None:
            card, why = min(suits[void], key=lambda c: (keep(c), c)), "discard_void"
        else:
            card = min(hand, key=lambda c: (keep(c), c))
            why = "discard_spare" if points[card] > 0 or SUIT[card] == trump else "discard_low"
        return Advice(Discard(card), f"{NS}.hint.{why}", {"card": CARD_PARAMS[card], "suit": SUIT_PARAMS[SUIT[card]]})

    @staticmethod
    def _trump(legal: Sequence[Action], hand: list[int], players: int, points: Sequence[int]) -> Advice:
        suit, _ = _best_trump(hand, players, 0, points)
        suits = _by_suit(hand)
        no_trump = next((a for a in legal if isinstance(a, NameTrump) and a.suit is None), None)
        aces = sum(1 for c in hand if STRENGTH[c] == ACE)
        if no_trump is not None and min(len(s) for s in suits) >= 2 and aces >= 3:
            return Advice(no_trump, f"{NS}.hint.no_trump", {"aces": aces})
        action = next(a for a in legal if isinstance(a, NameTrump) and a.suit == suit)
        return Advice(action, f"{NS}.hint.trump", {"suit": SUIT_PARAMS[suit], "count": len(suits[suit])})

    @staticmethod
    def _call(obs: dict[str, Any], legal: Sequence[Action], hand: list[int], players: int,
              points: Sequence[int]) -> Advice:
        named = obs["trump"]
        if named is None:
            trump: int | None = _best_trump(hand, players, 0, points)[0]
        else:
            trump = None if named == "NT" else SUITS.index(named)
        mine = set(hand) | {card_from_code(c) for c in obs.get("discards") or ()}
        calls = {a.card: a for a in legal if isinstance(a, CallPartner)}
        if trump is not None:
            for c in sorted((c for c in calls if SUIT[c] == trump and c not in mine), key=STRENGTH.__getitem__,
                            reverse=True)[:1]:
                return Advice(calls[c], f"{NS}.hint.call_trump", {"card": CARD_PARAMS[c]})
        aces = [c for c in calls if STRENGTH[c] == ACE and c not in mine]
        if aces:
            c = min(aces)
            return Advice(calls[c], f"{NS}.hint.call_ace", {"card": CARD_PARAMS[c]})
        c = max((c for c in calls if c not in mine), key=lambda c: (STRENGTH[c], -c), default=min(calls))
        return Advice(calls[c], f"{NS}.hint.call_any", {"card": CARD_PARAMS[c]})


class _Trick:
    """One decision of the trick-taking phase."""

    def __init__(self, obs: dict[str, Any], hand: list[int], points: Sequence[int]) -> None:
        self.me = me = obs["current"]
        self.players = len(obs["players"])
        self.hand = hand
        self.points = points
        named = obs["trump"]
        self.trump: int | None = None if named in (None, "NT") else SUITS.index(named)
        self.declarer: int = obs["declarer"]
        called = obs["called"]
        partner = obs["partner"]
        if partner is None and called is not None and me != self.declarer and card_from_code(called) in hand:
            partner = me  # the secret partner knows itself
        self.partner: int | None = partner
        self.trick = [(p["player"], card_from_code(p["card"])) for p in obs["trick"]]
        self.voids = [set(p["voids"]) for p in obs["players"]]

    def side(self, seat: int) -> bool:
        """Whether ``seat`` is on the declarer's side (as far as this seat knows)."""
        return seat == self.declarer or seat == self.partner

    def friend(self, seat: int) -> bool:
        return self.side(seat) == self.side(self.me)

    def advise(self, legal: Sequence[Action]) -> Advice:
        plays = [a.card for a in legal if isinstance(a, Play)]
        if len(plays) != len(legal):  # pragma: no cover - the play phase only offers plays
            raise ValueError("the trick phase offers only plays")
        if not self.trick:
            return self.lead(plays)
        return self.follow(plays)

    def advice(self, card: int, reason: str, **params: Any) -> Advice:
        return Advice(Play(card), f"{NS}.hint.{reason}", {"card": CARD_PARAMS[card], **params})

    # --- leading --------------------------------------------------------------------------
    def lead(self, plays: list[int]) -> Advice:
        trump, points = self.trump, self.points
        trumps = [c for c in plays if SUIT[c] == trump]
        suits = _by_suit(plays)
        if self.me == self.declarer and len(trumps) >= 2 and max(STRENGTH[c] for c in trumps) == ACE:
            return self.advice(max(trumps, key=STRENGTH.__getitem__), "lead_trump")
        ruffers = [q for q in range(self.players) if not self.friend(q)]

        def ruffed(suit: int) -> bool:
            return trump is not None and any(SUITS[suit] in self.voids[q] for q in ruffers)
        aces = [c for c in plays if STRENGTH[c] == ACE and SUIT[c] != trump and not ruffed(SUIT[c])]
        if aces:
            ace = min(aces, key=lambda c: (len(suits[SUIT[c]]), c))
            return self.advice(ace, "lead_ace")
        side = [c for c in plays if SUIT[c] != trump] or plays
        card = min(side, key=lambda c: (points[c] > 0, ruffed(SUIT[c]), -len(suits[SUIT[c]]), STRENGTH[c], c))
        # The words follow the contract: a suit besides trumps, any suit in no trump, or only trumps left.
        reason = "lead_low_no_trump" if trump is None else ("lead_only_trumps" if SUIT[card] == trump else "lead_low")
        return self.advice(card, reason, suit=SUIT_PARAMS[SUIT[card]])

    # --- following ------------------------------------------------------------------------
    def follow(self, plays: list[int]) -> Advice:
        trump, points, trick = self.trump, self.points, self.trick
        led = SUIT[trick[0][1]]
        seat, best = _winner(trick, trump)
        value = sum(points[c] for _, c in trick)
        last = len(trick) == self.players - 1
        following = SUIT[plays[0]] == led
        if self.friend(seat):
            sure = last or (STRENGTH[best] == ACE and (SUIT[best] == trump or trump is None or following))
            if sure:
                return self.smear(plays, following)
            return self.low(plays, following)
        beaters = sorted((c for c in plays if _beats(c, best, led, trump)), key=lambda c: (STRENGTH[c], c))
        if following:
            if beaters:
                cheap = beaters[0]
                if last and value + points[cheap] >= 0:
                    return self.advice(cheap, "win_cheap", points=value + points[cheap])
                top = beaters[-1]
                if not last and STRENGTH[top] == ACE and (trump is None or led == trump):
                    return self.advice(top, "win_cheap", points=value + points[top])
                if not last and value > 0:
                    # Others still play: the cheapest queen or better is likelier to hold the trick.
                    card = next((b for b in beaters if STRENGTH[b] >= 10), cheap)
                    return self.advice(card, "win_cheap", points=value + points[card])
            return self.low(plays, following)
        ruffs = [c for c in beaters if SUIT[c] == trump]
        if ruffs and value > 0:
            return self.advice(ruffs[0], "trump_in", points=value)
        return self.low(plays, following)

    def low(self, plays: list[int], following: bool) -> Advice:
        """The card that costs least when the trick goes to the other side."""
        trump, points = self.trump, self.points
        ours = self.friend(_winner(self.trick, trump)[0])  # then a 5 would cost the bot's own side

        def cost(c: int) -> int:
            return abs(points[c]) if ours else points[c]
        if following:
            card = min(plays, key=lambda c: (cost(c), STRENGTH[c], c))
            if points[card] < 0 and not ours:
                return self.advice(card, "dump_five")
            return self.advice(card, "follow_low")
        suits = _by_suit(plays)
        spare = [c for c in plays if SUIT[c] != trump and STRENGTH[c] != ACE] or plays
        card = min(spare, key=lambda c: (SUIT[c] == trump, cost(c), len(suits[SUIT[c]]), STRENGTH[c], c))
        if points[card] < 0 and not ours:
            return self.advice(card, "dump_five")
        return self.advice(card, "shed")

    def smear(self, plays: list[int], following: bool) -> Advice:
        """Add points to a trick the bot's side is sure to win (an ace or a trump is kept)."""
        trump, points = self.trump, self.points
        spare = [c for c in plays if SUIT[c] != trump and STRENGTH[c] != ACE] or plays
        card = max(spare, key=lambda c: (points[c], -STRENGTH[c], -c))
        if points[card] <= 0:
            return self.low(plays, following)
        return self.advice(card, "smear")


__all__ = ["BID_SHARE", "HINT_CODES", "HeuristicBot", "estimate"]
