"""Ultimate (アルティメット): the rules as tablekit plays them.

Overview
    A trick-taking game with an auction for 4 to 8 players (3 with ``allow_three``), from a
    Japanese game-shop blog (designer unknown) and a later rewrite of it. Each deal the players
    bid for the right to name trumps: the highest bidder, the declarer, promises to take at
    least that many card points in tricks. The declarer takes the five-card kitty, lays five
    cards aside and names the trump suit; then everyone plays tricks. A made contract scores
    the bid for the declarer; a failed one scores half the bid for each defender. The first
    total to reach 150 ends the game.

Setup
    One 52-card deck, no jokers; in a trick the ace is high (2 lowest, then 3 .. K, A). Point
    cards: A 5, K Q J 3 each, 10 1, 5 -1, the others 0 (the deck is worth 56; ``points=
    "doubled"``: A 10, K Q J 5, 10 1, 5 -1, worth 100). Each deal, five cards go face down to
    the kitty and everyone gets the largest equal hand from the other 47: 15 cards with 3
    players, 11 with 4, 9 with 5, 7 with 6, 6 with 7, 5 with 8. The cards left over (2, 3, 2,
    5, 5, 7) stay face down out of play, worth nothing to anyone (``remainder="to_kitty"``: they
    join the kitty and the declarer discards that many more). The first dealer is chosen at
    random from the seed; the deal then passes clockwise (to the next seat) every deal,
    thrown-in deals included.

Turn
    Auction: the dealer speaks first, then clockwise. A player either bids a whole number
    higher than the high bid (the first bid at least ``min_bid``, 1; no bid above ``max_bid``,
    60, the sum of all positive points) or drops out for good; players who dropped out are
    skipped. When a single player is left and the high bid is theirs, they are the declarer
    with that bid as the contract; the others are defenders. They never speak again once
    everyone else has dropped out. If the first players all drop out without a bid, the last
    one (the dealer's right-hand neighbour, who has not spoken) has one turn: a bid makes them
    declarer; a pass throws the deal in (no score, the next dealer deals)
    (``all_pass="last_forced_min_bid"``: that player cannot pass and must bid).
    Exchange: the declarer adds the kitty to their hand and discards five cards face down, one
    at a time (any five, kitty cards included). Then they name the trump suit (no trump only
    with ``allow_no_trump``).
    Tricks: the dealer leads the first trick (``first_lead``). Each player in turn, clockwise,
    plays one card and must follow the suit led when they can; a player who cannot may play
    any card (trumping is allowed, never required). The highest trump wins the trick, or
    without a trump the highest card of the suit led. The winner takes the trick face down and
    leads the next one.
    What everyone sees: the bids, who dropped out, the contract, the trump, the current and the
    last completed trick, how many tricks each player has won, and a "no <suit>" mark on a
    player who did not follow suit. Hidden from every seat until the end of the deal: the
    other hands, the kitty, the leftovers, the discards (the declarer knows the kitty cards
    they took and what they discarded), the cards of earlier tricks (a seat remembers what it
    saw, so resampling keeps them) and the declarer's running point total (unless
    ``show_running_points``). The summary at the end of the deal shows the kitty, the discards
    and the leftovers.

Special cards
    None: the point cards (A, K, Q, J, 10, 5) only matter for scoring, the trump suit for
    winning tricks.
    Partner call (``partner_call``): after naming trumps the declarer names any card. Its
    holder is secretly the declarer's partner and is known to the others only when that card
    is played (the event ``partner_revealed``). A card in the declarer's own hand or discards,
    or among the leftovers, means the declarer plays alone (``forbid_own_card`` refuses a card
    the declarer holds or discarded; the leftovers cannot be checked without showing them).

Scoring
    After the last trick the declarer's side counts the points in the tricks it won (the
    declarer's and, by default, the partner's: ``partner_tricks``); the discards count for
    nobody (``discards_count_for="declarer"`` adds them). A negative total is compared as it
    is. At least the contract: the declarer (and the partner) score the contract, the
    defenders nothing. Fewer: the declarer scores nothing and each defender scores half the
    contract rounded down; the partner scores nothing (``partner_on_fail="half_bid"``: half
    the bid like a defender, as the seed reads).

End
    When some total reaches ``target`` (150) after a deal, the game ends: the highest total
    wins and equal highest totals share the win (``tie="play_on"``: more deals are played until
    one total is highest). ``single_deal`` stops after one scored deal; ``max_deals`` (200,
    thrown-in deals included) is a safety cap, after which the highest total wins.

Options (decisions where the source is silent; see shared/rules/ultimate.md (g))
    players / allow_three   4 to 8 players; 3 only with allow_three (the circle preset).
    points                  "seed" or "doubled" (the rewrite's table); max_bid must not exceed
                            the positive points of the table (60 or 104).
    remainder               "out_of_play" (default) or "to_kitty".
    min_bid, max_bid        1 and 60; bids go up in steps of 1.
    all_pass                "redeal" (default) or "last_forced_min_bid".
    first_lead              "dealer" (default, the seed), "declarer" or "dealer_left".
    discards_count_for      "nobody" (default) or "declarer".
    show_running_points     False. When on, everyone sees the points in the declarer's own
                            tricks (and the partner's, combined, once the partner is revealed;
                            before that, counting them would give the partner away). The
                            discards never show in the running total.
    allow_no_trump          False: the declarer must name a suit.
    partner_call            False. call_timing "after_trump" (default: after the discard and
                            the trump) or "before_kitty" (right after the auction; a card that
                            then comes to the declarer in the kitty makes them play alone).
                            forbid_own_card False. partner_tricks "combined" (default,
                            departure from the seed) or "declarer_only". partner_on_fail "zero"
                            (default, departure) or "half_bid".
    target, tie             150 and "share" (or "play_on").
    Further decisions: the declarer's five discards are single actions, each refused for a card
    they do not hold; the partner (if any) is whoever holds the called card when it is called,
    and calling the card of a seat that is not the declarer is how a partner is made (the
    declarer cannot call "no partner" except by naming their own card). A "no <suit>" notice
    is given the first time a player fails to follow that suit in a deal. A bid by a player who
    dropped out is refused with its own reason (``explain_for``); all the players' events and
    reasons never name a hidden card.

Action codes
    "bid:25" bids 25, "pass" drops out, "discard:7H" discards ♥7, "trump:S" names spades
    ("trump:NT" no trump), "call:AH" calls ♥A, "QS" plays ♠Q. Cards are written rank then
    suit: A 2-9 T J Q K and S H D C.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from typing import Any, Callable, Final, Iterable

from tablekit.core.actions import Action
from tablekit.core.deck import redeal_unseen
from tablekit.core.errors import ConfigError, InvalidActionError
from tablekit.core.game import Game, Outcome
from tablekit.core.rng import hash_shuffled
from tablekit.core.setup import check_options, check_seed, moves_option, play_moves, seat_option
from tablekit.core.seats import next_seat
from tablekit.core.verdict import Event, SharedParams, Verdict
from tablekit.games.ultimate import codes as K
from tablekit.games.ultimate.actions import (
    BIDS,
    CALLS,
    CARD_PARAMS,
    DISCARDS,
    NO_TRUMP,
    NUM_CARDS,
    PASS,
    PLAYS,
    STRENGTH,
    SUIT,
    SUITS,
    TRUMPS,
    Bid,
    CallPartner,
    Discard,
    NameTrump,
    Pass,
    Play,
    card_code,
    card_from_code,
    card_param,
    from_code,
    suit_param,
)
from tablekit.games.ultimate.config import MAX_PLAYERS, PRESETS, UltimateConfig
from tablekit.games.ultimate.state import (
    AUCTION,
    CALL,
    DISCARD,
    OVER,
    PHASE_NAMES,
    PLAY,
    TRUMP,
    UltimateState,
    after_bid,
    after_discard,
    after_drop,
    after_play,
    after_trick,
    new_state,
)

NS: Final = K.NS
_PHASE_OF: Final[dict[type, int]] = {Bid: AUCTION, Pass: AUCTION, Discard: DISCARD, NameTrump: TRUMP,
                                     CallPartner: CALL, Play: PLAY}
_ALL_CARDS: Final = tuple(range(NUM_CARDS))


_tuple_new: Final = tuple.__new__
_EVENT: Final = Event  # (Final: the compiled engine keeps it in a C variable, not the module's dict)
_EV_PLAYED: Final = K.EV_PLAYED
_EV_TRICK: Final = K.EV_TRICK
_EV_VOID: Final = K.EV_VOID
_EV_BID: Final = K.EV_BID
_EV_DROPPED: Final = K.EV_DROPPED
_EV_DISCARDED: Final = K.EV_DISCARDED


def _event(code: str, params: dict[str, Any]) -> Event:
    """``Event(code, params)`` without NamedTuple's ``__new__`` (the hot paths build many)."""
    event: Event = _tuple_new(_EVENT, (code, params))
    return event


#: Every seat's play of every card, as its event (``_PLAYED[seat * NUM_CARDS + card]``), and the
#: end of every trick (``_TRICK[winner * (NUM_CARDS + 1) + tricks so far]``), made once: most
#: events of a deal are these.
_PLAYED: Final = tuple(_event(_EV_PLAYED, SharedParams(player=p, card=CARD_PARAMS[c]))
                       for p in range(MAX_PLAYERS) for c in range(NUM_CARDS))
_TRICK: Final = tuple(_event(_EV_TRICK, SharedParams(player=p, trick=t))
                      for p in range(MAX_PLAYERS) for t in range(NUM_CARDS + 1))


def _follows(card: int, hand: tuple[int, ...], trick: tuple[tuple[int, int], ...]) -> bool:
    """Whether ``card`` (in ``hand``) may be played to the started ``trick``: it is of the suit
    led, or the hand holds none of that suit."""
    led = SUIT[trick[0][1]]
    if SUIT[card] == led:
        return True
    for c in hand:
        if SUIT[c] == led:
            return False
    return True


_CODE_OF: Final = tuple(card_code(c) for c in _ALL_CARDS).__getitem__


def _codes(cards: Iterable[int]) -> list[str]:
    return list(map(_CODE_OF, cards))


def _sorted_codes(cards: Iterable[int]) -> list[str]:
    return list(map(_CODE_OF, sorted(cards)))


def _without(hands: tuple[tuple[int, ...], ...], p: int, card: int) -> tuple[tuple[int, ...], ...]:
    """``hands`` with ``card`` taken out of seat ``p``'s hand (the order of the rest kept).

    >>> _without(((1, 5, 9), (2,)), 0, 5)
    ((1, 9), (2,))
    """
    new = list(hands)
    hand = list(hands[p])
    hand.remove(card)
    new[p] = tuple(hand)
    return tuple(new)


def _at(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``values`` with item ``i`` replaced (through a list: fewer objects made than slices).

    >>> _at((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    new = list(values)
    new[i] = value
    return tuple(new)


class Ultimate(Game[UltimateState]):
    """The Ultimate game object (see the module docstring for the rules).

    >>> game = Ultimate(PRESETS["basic"], "basic")
    >>> s = game.initial_state(seed=3)
    >>> game.current_player(s) == s.dealer, [a.code for a in game.legal_actions(s)][:3]
    (True, ['bid:1', 'bid:2', 'bid:3'])
    """

    name = NS
    config_class = UltimateConfig
    config: UltimateConfig

    def __init__(self, config: UltimateConfig, preset: str = "custom") -> None:
        if not isinstance(config, UltimateConfig):
            raise ConfigError(NS, "config", config, "an UltimateConfig")
        super().__init__(config, preset)
        self._players = config.players
        table = config.point_table
        self._points: tuple[int, ...] = tuple(table.get(card_code(c)[:-1], 0) for c in _ALL_CARDS)

    # --- facts ---------------------------------------------------------------------------
    def card_points(self, cards: Iterable[int]) -> int:
        """The point value of some cards under this game's table.

        >>> game = Ultimate(PRESETS["basic"])
        >>> game.card_points(card_from_code(c) for c in ("AS", "KH", "5D", "2C"))
        7
        """
        return sum(map(self._points.__getitem__, cards))

    # --- setup ---------------------------------------------------------------------------
    def initial_state(self, seed: int, **setup: Any) -> UltimateState:
        """The state before the first decision.

        Setup options: ``dealer`` (the first dealer's seat; by default drawn from the seed),
        ``deck`` (the first deal's 52 cards as ints or codes, in the order: seat 0's hand, seat
        1's hand, ..., then the kitty, then the leftovers) and ``moves`` (action codes played
        from the deal before the first decision, so a lesson can start in the middle of a
        deal; an illegal one is a ValueError). Later deals are shuffled from the seed.

        >>> game = Ultimate(PRESETS["basic"])
        >>> s = game.initial_state(0, dealer=1, moves=["bid:5", "pass", "pass", "pass"])
        >>> s.declarer, s.high_bid, len(s.hands[1])
        (1, 5, 16)
        """
        check_options(setup, ("deck", "dealer", "moves"))
        moves = moves_option(setup)
        check_seed(seed)
        n = self.config.players
        dealer = seat_option(setup, "dealer", seed, n, "ultimate")
        stacked = None
        if setup.get("deck") is not None:
            stacked = tuple(card_from_code(c) if isinstance(c, str) else c for c in setup["deck"])
            if sorted(stacked) != list(_ALL_CARDS):
                raise ValueError("a stacked deck must hold the 52 cards exactly once each")
        d: dict[str, Any] = dict(
            seed=seed, deal_no=0, dealer=dealer, totals=(0,) * n, results=(), termination="",
        )
        events: list[Event] = []
        self._deal(d, events, stacked)
        state = new_state(**d)
        return play_moves(self.step, from_code, state, moves)

    def _deal(self, d: dict[str, Any], events: list[Event], stacked: tuple[int, ...] | None = None) -> None:
        """Deal number d['deal_no'] by d['dealer']: hands, kitty, leftovers; the dealer bids first."""
        n = self.config.players
        hand, kitty, left = self.config.layout
        cards = list(stacked) if stacked is not None else hash_shuffled(_ALL_CARDS, d["seed"], "deal", d["deal_no"])
        hands = tuple(tuple(sorted(cards[i * hand : (i + 1) * hand])) for i in range(n))  # (kept sorted)
        pos = n * hand
        d.update(
            phase=AUCTION, current=d["dealer"], hands=hands, kitty=tuple(cards[pos : pos + kitty]),
            leftovers=tuple(cards[pos + kitty :]), picked=(), discards=(), out=(False,) * n, bids=(),
            high_bid=0, high_bidder=-1, declarer=-1, trump=-1, called=-1, partner=-1, revealed=False,
            trick=(), won=((),) * n, tricks_won=(0,) * n, last_trick=(), last_winner=-1, voids=(0,) * n,
        )
        events.append(Event(K.EV_DEAL, {"deal": d["deal_no"] + 1, "dealer": d["dealer"], "cards": hand,
                                        "kitty": kitty, "leftovers": left}))

    # --- queries -------------------------------------------------------------------------
    def current_player(self, state: UltimateState) -> int | None:
        return None if state.current < 0 else state.current

    def is_terminal(self, state: UltimateState) -> bool:
        return state.current < 0

    def _last_speaker_forced(self, state: UltimateState) -> bool:
        return (self.config.all_pass == "last_forced_min_bid" and state.high_bidder < 0
                and state.out.count(False) == 1)

    def _own_cards(self, state: UltimateState) -> tuple[int, ...]:
        """The cards the declarer holds or discarded (a partner call on them means playing alone)."""
        return state.hands[state.declarer] + state.discards

    def legal_actions(self, state: UltimateState) -> tuple[Action, ...]:
        phase = state.phase
        if phase == PLAY:  # someone is always to play in this phase
            # tricks.legal_follow, inlined (it runs on most decisions): in a hand (always
            # sorted) the cards of a suit (13 * suit .. 13 * suit + 12) are one slice.
            hand: tuple[int, ...] = state.hands[state.current]
            trick = state.trick
            if trick:
                low = trick[0][1] // 13 * 13
                i = bisect_left(hand, low)
                j = bisect_left(hand, low + 13, i)
                if i < j:
                    hand = hand[i:j]
            return tuple([PLAYS[c] for c in hand])
        p = state.current
        if p < 0:
            return ()
        cfg = self.config
        if phase == AUCTION:
            low = max(cfg.min_bid, state.high_bid + 1)
            bids: tuple[Action, ...] = BIDS[low - 1 : cfg.max_bid]
            return bids if self._last_speaker_forced(state) else bids + (PASS,)
        if phase == DISCARD:
            return tuple([DISCARDS[c] for c in state.hands[p]])
        if phase == TRUMP:
            return TRUMPS if cfg.allow_no_trump else TRUMPS[:4]
        own = frozenset(self._own_cards(state)) if cfg.forbid_own_card else frozenset()
        return tuple(CALLS[c] for c in _ALL_CARDS if c not in own)

    def is_legal(self, state: UltimateState, action: Any) -> bool:
        """``action in self.legal_actions(state)``, decided without listing them."""
        p = state.current
        if p < 0:
            return False
        kind = type(action)
        phase = state.phase
        if phase == PLAY:
            if kind is not Play:
                return False
            card = action.card
            hand = state.hands[p]
            if card not in hand:
                return False
            if not state.trick:
                return True
            return _follows(card, hand, state.trick)
        cfg = self.config
        if phase == AUCTION:
            if kind is Bid:
                return max(cfg.min_bid, state.high_bid + 1) <= action.amount <= cfg.max_bid
            return kind is Pass and not self._last_speaker_forced(state)
        if phase == DISCARD:
            return kind is Discard and action.card in state.hands[p]
        if phase == TRUMP:
            return kind is NameTrump and (action.suit is not None or cfg.allow_no_trump)
        return kind is CallPartner and not (cfg.forbid_own_card and action.card in self._own_cards(state))

    def candidate_actions(self, state: UltimateState) -> list[Action]:
        return [*BIDS[: self.config.max_bid + 1], PASS, *DISCARDS, *TRUMPS, *CALLS, *PLAYS]

    def explain(self, state: UltimateState, action: Any) -> Verdict:
        kind = type(action)
        if kind not in _PHASE_OF:
            raise InvalidActionError(f"{action!r} is not an Ultimate action")
        p = state.current
        if p < 0:
            return Verdict(False, K.NO_GAME_OVER, {})
        cfg = self.config
        if kind is CallPartner and not cfg.partner_call:
            return Verdict(False, K.NO_CALL_OFF, {})
        if kind is NameTrump and action.suit is None and not cfg.allow_no_trump:
            return Verdict(False, K.NO_NO_TRUMP_OFF, {})
        phase = state.phase
        if _PHASE_OF[kind] != phase:
            return Verdict(False, K.NO_DURING[phase], {"player": p})
        if phase == AUCTION:
            return self._explain_auction(state, action)
        if phase == DISCARD:
            card = action.card
            if card not in state.hands[p]:
                return Verdict(False, K.NO_DISCARD_NOT_HELD, {"card": card_param(card)})
            left = len(state.picked) - len(state.discards) - 1
            return Verdict(True, K.OK_DISCARD, {"card": card_param(card), "left": left})
        if phase == TRUMP:
            if action.suit is None:
                return Verdict(True, K.OK_NO_TRUMP, {})
            return Verdict(True, K.OK_TRUMP, {"suit": suit_param(action.suit)})
        if phase == CALL:
            card = action.card
            if card in self._own_cards(state):
                if cfg.forbid_own_card:
                    return Verdict(False, K.NO_CALL_OWN, {"card": card_param(card)})
                return Verdict(True, K.OK_CALL_OWN, {"card": card_param(card)})
            return Verdict(True, K.OK_CALL, {"card": card_param(card)})
        card = action.card
        hand = state.hands[p]
        if card not in hand:
            return Verdict(False, K.NO_NOT_IN_HAND, {"card": card_param(card)})
        if not state.trick:
            return Verdict(True, K.OK_LEAD, {"card": card_param(card)})
        led = SUIT[state.trick[0][1]]
        if SUIT[card] == led:
            return Verdict(True, K.OK_FOLLOW, {"card": card_param(card), "suit": suit_param(led)})
        held = [c for c in hand if SUIT[c] == led]
        if held:
            lowest = min(held, key=STRENGTH.__getitem__)
            return Verdict(False, K.NO_MUST_FOLLOW, {"card": card_param(card), "held": card_param(lowest),
                                                     "suit": suit_param(led)})
        return Verdict(True, K.OK_VOID, {"card": card_param(card), "suit": suit_param(led)})

    def _explain_auction(self, state: UltimateState, action: Any) -> Verdict:
        cfg = self.config
        if type(action) is Pass:
            if self._last_speaker_forced(state):
                return Verdict(False, K.NO_MUST_BID, {"min": cfg.min_bid})
            if state.high_bidder < 0 and state.out.count(False) == 1:
                return Verdict(True, K.OK_PASS_THROW_IN, {})
            return Verdict(True, K.OK_PASS, {})
        amount = action.amount
        if amount > cfg.max_bid:
            return Verdict(False, K.NO_ABOVE_MAX, {"amount": amount, "max": cfg.max_bid})
        if state.high_bidder < 0 and amount < cfg.min_bid:
            return Verdict(False, K.NO_BELOW_MIN, {"amount": amount, "min": cfg.min_bid})
        if amount <= state.high_bid:
            return Verdict(False, K.NO_NOT_HIGHER, {"amount": amount, "high": state.high_bid})
        return Verdict(True, K.OK_BID, {"amount": amount})

    def explain_for(self, state: UltimateState, seat: int, action: Any) -> Verdict:
        """``explain`` for an action tried by ``seat``, who may not be the player to move (a
        table asks this when anyone clicks): a seat that dropped out of the auction is told so;
        any other seat out of turn is told whose turn it is.

        >>> game = Ultimate(PRESETS["basic"])
        >>> s = game.initial_state(0, dealer=0)
        >>> s, _ = game.step(s, PASS)
        >>> game.explain_for(s, 0, Bid(5)).reason
        'ultimate.illegal.dropped_out'
        >>> game.explain_for(s, 2, Bid(5)).reason
        'core.illegal.not_your_turn'
        """
        if seat == state.current or state.current < 0:
            return self.explain(state, action)
        if state.phase == AUCTION and state.out[seat] and type(action) in (Bid, Pass):
            return Verdict(False, K.NO_DROPPED, {"player": seat})
        return Verdict(False, "core.illegal.not_your_turn", {"player": state.current})

    def action_from_code(self, code: str) -> Action:
        return from_code(code)

    # --- playing -------------------------------------------------------------------------
    def step(self, state: UltimateState, action: Action | str) -> tuple[UltimateState, tuple[Event, ...]]:
        # A legal action goes straight to apply, a legal play (is_legal's test, inlined: most
        # decisions are plays) straight to _play; anything else gets Game.step's parsing and errors.
        if state.phase == PLAY:
            if type(action) is Play:
                card = action.card
                hand = state.hands[state.current]
                trick = state.trick
                if card in hand and (not trick or SUIT[card] == SUIT[trick[0][1]] or _follows(card, hand, trick)):
                    return self._play(state, card)
        elif isinstance(action, Action) and self.is_legal(state, action):
            return self.apply(state, action)
        return super().step(state, action)

    def apply(self, state: UltimateState, action: Action) -> tuple[UltimateState, tuple[Event, ...]]:
        events: list[Event] = []
        phase = state.phase
        if phase == PLAY:
            return self._play(state, action.card)  # type: ignore[attr-defined]
        p = state.current
        if phase == DISCARD:
            card = action.card  # type: ignore[attr-defined]
            hands = _without(state.hands, p, card)
            discards = state.discards + (card,)
            left = len(state.picked) - len(discards)
            events.append(_event(_EV_DISCARDED, {"player": p, "left": left}))
            return after_discard(state, hands=hands, discards=discards, phase=phase if left else TRUMP), tuple(events)
        if phase == AUCTION:
            # The common cases without a dict: a bid or a pass that leaves two or more bidders.
            out = state.out
            left = out.count(False)
            n = self.config.players
            if type(action) is Bid and left > 1:
                amount = action.amount
                events.append(_event(_EV_BID, {"player": p, "amount": amount}))
                return after_bid(state, bids=state.bids + ((p, amount),), high_bid=amount, high_bidder=p,
                                 current=next_seat(p, n, 1, 0, out)), tuple(events)
            if type(action) is Pass and left > 2:
                out = _at(out, p, True)
                events.append(_event(_EV_DROPPED, {"player": p}))
                return after_drop(state, bids=state.bids + ((p, 0),), out=out,
                                  current=next_seat(p, n, 1, 0, out)), tuple(events)
        d = state._asdict()
        if phase == AUCTION:
            self._auction(d, p, action, events)
        elif phase == DISCARD:
            card = action.card  # type: ignore[attr-defined]
            d["hands"] = _without(state.hands, p, card)
            d["discards"] = state.discards + (card,)
            left = len(state.picked) - len(d["discards"])
            events.append(Event(K.EV_DISCARDED, {"player": p, "left": left}))
            if not left:
                d["phase"] = TRUMP
        elif phase == TRUMP:
            d["trump"] = action.index  # type: ignore[attr-defined]
            if d["trump"] == NO_TRUMP:
                events.append(Event(K.EV_NO_TRUMP, {"player": p}))
            else:
                events.append(Event(K.EV_TRUMP, {"player": p, "suit": suit_param(d["trump"])}))
            if self.config.partner_call and self.config.call_timing == "after_trump":
                d["phase"] = CALL
            else:
                self._start_tricks(d)
        else:  # CALL
            card = action.card  # type: ignore[attr-defined]
            d["called"] = card
            d["partner"] = self._holder(state.hands, card, p)
            events.append(Event(K.EV_CALLED, {"player": p, "card": card_param(card)}))
            if self.config.call_timing == "before_kitty":
                self._take_kitty(d, events)
            else:
                self._start_tricks(d)
        return new_state(**d), tuple(events)

    @staticmethod
    def _holder(hands: tuple[tuple[int, ...], ...], card: int, declarer: int) -> int:
        """The seat other than the declarer holding ``card``, else -1."""
        return next((i for i, h in enumerate(hands) if i != declarer and card in h), -1)

    def _auction(self, d: dict[str, Any], p: int, action: Action, events: list[Event]) -> None:
        n = self.config.players
        if type(action) is Bid:
            d["bids"] = d["bids"] + ((p, action.amount),)
            d["high_bid"], d["high_bidder"] = action.amount, p
            events.append(Event(K.EV_BID, {"player": p, "amount": action.amount}))
        else:
            d["bids"] = d["bids"] + ((p, 0),)
            d["out"] = _at(d["out"], p, True)
            events.append(Event(K.EV_DROPPED, {"player": p}))
        out = d["out"]
        left = out.count(False)
        if left == 0:
            # Nobody bid and the last player passed too: the deal is thrown in.
            events.append(Event(K.EV_THROWN_IN, {"dealer": d["dealer"]}))
            self._next_deal(d, events)
        elif left == 1 and d["high_bidder"] >= 0:
            declarer = d["high_bidder"]
            d["declarer"] = declarer
            events.append(Event(K.EV_DECLARER, {"player": declarer, "amount": d["high_bid"]}))
            d["current"] = declarer
            if self.config.partner_call and self.config.call_timing == "before_kitty":
                d["phase"] = CALL
            else:
                self._take_kitty(d, events)
        else:
            d["current"] = next_seat(p, n, 1, 0, out)

    def _take_kitty(self, d: dict[str, Any], events: list[Event]) -> None:
        p = d["declarer"]
        d["hands"] = _at(d["hands"], p, tuple(sorted(d["hands"][p] + d["kitty"])))
        d["picked"], d["kitty"] = d["kitty"], ()
        d["phase"] = DISCARD
        events.append(Event(K.EV_KITTY, {"player": p, "count": len(d["picked"])}))

    def _start_tricks(self, d: dict[str, Any]) -> None:
        lead = self.config.first_lead
        if lead == "dealer":
            first = d["dealer"]
        elif lead == "declarer":
            first = d["declarer"]
        else:
            first = next_seat(d["dealer"], self.config.players)
        d["phase"], d["current"] = PLAY, first

    def _play(self, state: UltimateState, card: int) -> tuple[UltimateState, tuple[Event, ...]]:
        # The hottest path of a playout (most decisions are plays): a list of events only when
        # there is more than the play's.
        p = state.current
        n = self._players
        hands = _without(state.hands, p, card)
        trick = state.trick
        trick = trick + ((p, card),) if trick else ((p, card),)
        played = _PLAYED[p * NUM_CARDS + card]
        voids = state.voids
        led = SUIT[trick[0][1]]
        revealed = state.revealed
        void = SUIT[card] != led and not voids[p] >> led & 1
        if void or card == state.called:
            events = [played]
            if void:
                voids = _at(voids, p, voids[p] | 1 << led)
                events.append(_event(_EV_VOID, {"player": p, "suit": suit_param(led)}))
            if card == state.called:
                revealed = True
                if p == state.declarer:
                    events.append(Event(K.EV_ALONE, {"player": p, "card": card_param(card)}))
                else:
                    events.append(Event(K.EV_REVEALED, {"player": p, "declarer": state.declarer,
                                                        "card": card_param(card)}))
            done: tuple[Event, ...] = tuple(events)
        else:
            done = (played,)
        if len(trick) < n:
            nxt = p + 1 if p + 1 < n else 0  # next_seat(p, n)
            return after_play(state, hands=hands, trick=trick, voids=voids, revealed=revealed, current=nxt), done
        # tricks.trick_winner, inlined: the best card so far, of the suit led until a trump comes
        # (state.trump is NO_TRUMP, no suit, without trumps).
        trump = state.trump
        winner, best = trick[0]
        best_suit = led
        for seat, c in trick[1:]:
            suit = SUIT[c]
            if suit == best_suit:
                if STRENGTH[c] > STRENGTH[best]:
                    winner, best = seat, c
            elif suit == trump:
                winner, best, best_suit = seat, c, suit
        won = _at(state.won, winner, state.won[winner] + tuple([c for _, c in trick]))
        tricks_won = _at(state.tricks_won, winner, state.tricks_won[winner] + 1)
        done += (_TRICK[winner * (NUM_CARDS + 1) + sum(tricks_won)],)
        s = after_trick(state, hands=hands, trick=(), voids=voids, revealed=revealed, current=winner, won=won,
                        tricks_won=tricks_won, last_trick=trick, last_winner=winner)
        if hands[winner]:
            return s, done
        events = list(done)
        d = s._asdict()
        self._score(d, events)
        return new_state(**d), tuple(events)

    def _side_points(self, d: dict[str, Any] | UltimateState, final: bool) -> int:
        """Points of the declarer's side: their tricks, the partner's (combined, and known to all
        unless ``final`` says the deal is over), and at the end the discards if they count."""
        get = d.__getitem__ if isinstance(d, dict) else lambda k: getattr(d, k)
        cfg = self.config
        declarer, partner = get("declarer"), get("partner")
        cards = list(get("won")[declarer])
        if partner >= 0 and cfg.partner_tricks == "combined" and (final or get("revealed")):
            cards += get("won")[partner]
        if final and cfg.discards_count_for == "declarer":
            cards += get("discards")
        return self.card_points(cards)

    def _score(self, d: dict[str, Any], events: list[Event]) -> None:
        cfg = self.config
        n = cfg.players
        declarer, partner, bid = d["declarer"], d["partner"], d["high_bid"]
        points = self._side_points(d, final=True)
        made = points >= bid
        half = bid // 2
        gains = [0] * n
        for i in range(n):
            if i == declarer:
                gains[i] = bid if made else 0
            elif i == partner:
                gains[i] = bid if made else (half if cfg.partner_on_fail == "half_bid" else 0)
            else:
                gains[i] = 0 if made else half
        d["totals"] = tuple(t + g for t, g in zip(d["totals"], gains))
        d["results"] = d["results"] + ((declarer, bid, points, made),)
        # The deal is over: its summary shows what was hidden (kitty, discards, leftovers).
        params: dict[str, Any] = {
            "player": declarer, "amount": bid, "points": points, "half": half,
            "partner": partner if partner >= 0 else None, "called": None if d["called"] < 0 else card_code(d["called"]),
            "gains": gains, "totals": list(d["totals"]), "deal": d["deal_no"] + 1,
            "kitty": _codes(d["picked"]), "discards": _codes(d["discards"]), "leftovers": _codes(d["leftovers"]),
            "tricks": list(d["tricks_won"]),
        }
        events.append(Event(K.EV_MADE if made else K.EV_FAILED, params))
        totals = d["totals"]
        best = max(totals)
        leaders = [i for i, t in enumerate(totals) if t == best]
        if cfg.single_deal:
            self._finish(d, events, K.END_SINGLE)
        elif best >= cfg.target and (cfg.tie == "share" or len(leaders) == 1):
            self._finish(d, events, K.END_TARGET)
        else:
            self._next_deal(d, events)

    def _next_deal(self, d: dict[str, Any], events: list[Event]) -> None:
        if d["deal_no"] + 1 >= self.config.max_deals:
            self._finish(d, events, K.END_DEAL_LIMIT)
            return
        d["deal_no"] += 1
        d["dealer"] = next_seat(d["dealer"], self.config.players)
        self._deal(d, events)

    def _finish(self, d: dict[str, Any], events: list[Event], termination: str) -> None:
        d["phase"], d["current"], d["termination"] = OVER, -1, termination
        events.append(Event(K.EV_GAME_OVER, {"players": list(self._winners(d["totals"])), "totals": list(d["totals"])}))

    @staticmethod
    def _winners(totals: tuple[int, ...]) -> tuple[int, ...]:
        best = max(totals)
        return tuple(i for i, t in enumerate(totals) if t == best)

    # --- results -------------------------------------------------------------------------
    def outcome(self, state: UltimateState) -> Outcome | None:
        if state.current >= 0:
            return None
        details: dict[str, Any] = {
            "deals": state.deal_no + 1,
            "results": [{"declarer": r[0], "contract": r[1], "points": r[2], "made": r[3]} for r in state.results],
        }
        details.update(contract_details(state.results))
        return Outcome(state.termination, self._winners(state.totals), tuple(float(t) for t in state.totals), details)

    # --- information ---------------------------------------------------------------------
    def observe(self, state: UltimateState, player: int | None) -> dict[str, Any]:
        cfg = self.config
        n = cfg.players
        if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n):
            raise ValueError(f"player must be a seat from 0 to {n - 1} or None (got {player!r})")
        s = state
        open_view = player is None
        declarer_view = open_view or (player == s.declarer and s.declarer >= 0)
        players = [{
            "seat": i,
            "hand_count": len(s.hands[i]),
            "hand": _sorted_codes(s.hands[i]) if open_view or player == i else None,
            "dropped": s.out[i],
            "tricks_won": s.tricks_won[i],
            "voids": [SUITS[k] for k in range(4) if s.voids[i] >> k & 1],
            "score": s.totals[i],
        } for i in range(n)]
        show_partner = s.partner >= 0 and (open_view or s.revealed)
        running = None
        if s.declarer >= 0 and (open_view or cfg.show_running_points):
            running = self._side_points(s, final=False)
        return {
            "game": NS,
            "viewer": player,
            "players": players,
            "current": self.current_player(s),
            "phase": PHASE_NAMES[s.phase],
            "deal_no": s.deal_no + 1,
            "dealer": s.dealer,
            "target": cfg.target,
            "bids": [{"player": q, "bid": a or None} for q, a in s.bids],
            "high_bid": s.high_bid or None,
            "high_bidder": None if s.high_bidder < 0 else s.high_bidder,
            "declarer": None if s.declarer < 0 else s.declarer,
            "contract": s.high_bid if s.declarer >= 0 else None,
            "trump": None if s.trump < 0 else ("NT" if s.trump == NO_TRUMP else SUITS[s.trump]),
            "called": None if s.called < 0 else card_code(s.called),
            "partner": s.partner if show_partner else None,
            "partner_revealed": s.revealed,
            "kitty_count": len(s.kitty),
            "leftover_count": len(s.leftovers),
            "discard_count": len(s.discards),
            "kitty": _codes(s.kitty) if open_view else None,
            "leftovers": _codes(s.leftovers) if open_view else None,
            "picked": _codes(s.picked) if declarer_view else None,
            "discards": _codes(s.discards) if declarer_view else None,
            "trick": [{"player": q, "card": card_code(c)} for q, c in s.trick],
            "leader": s.trick[0][0] if s.trick else (s.current if s.phase == PLAY else None),
            "last_trick": [{"player": q, "card": card_code(c)} for q, c in s.last_trick],
            "last_winner": None if s.last_winner < 0 else s.last_winner,
            "running_points": running,
            "results": [{"declarer": r[0], "contract": r[1], "points": r[2], "made": r[3]} for r in s.results],
            "termination": s.termination or None,
        }

    def determinize(self, state: UltimateState, player: int, rng: random.Random) -> UltimateState:
        """Resample what ``player`` cannot see: the other hands, the kitty, the leftovers, the
        discards and picked-up kitty (unless ``player`` is the declarer), the partner's seat
        (until revealed) and the seed of future deals. A seat that failed to follow a suit gets
        no card of it; with ``forbid_own_card`` the called card never lands among the cards the
        declarer held when calling."""
        s = state
        n = self.config.players
        declarer = s.declarer
        zones = [s.kitty, s.leftovers, s.discards, *s.hands]
        hidden = {0, 1} | {3 + i for i in range(n) if i != player}
        if player != declarer:
            hidden.add(2)
        called = s.called if s.called >= 0 and not s.revealed else -1
        banned: frozenset[int] = frozenset()
        if called >= 0 and self.config.forbid_own_card and (
                self.config.call_timing == "after_trump" or s.phase == CALL):
            banned = frozenset({2, 3 + declarer})
        voids = s.voids
        fits: Callable[[int, int], bool] | None = None
        if banned or any(voids):
            def fits(zone: int, card: int) -> bool:
                if zone in banned and card == called:
                    return False
                return zone < 3 or not voids[zone - 3] >> SUIT[card] & 1
        try:
            dealt = redeal_unseen(zones, hidden, rng, fits)
        except ValueError:  # pragma: no cover - no other deal fits: the true one stands in
            dealt = [tuple(z) for z in zones]
        hands = tuple(tuple(sorted(h)) for h in dealt[3:])
        picked = s.picked
        if picked and player != declarer:
            # Which of the declarer's cards came from the kitty is hidden as well.
            holding = list(hands[declarer] + dealt[2])
            must = [called] if called in holding and self.config.forbid_own_card else []
            rest = [c for c in holding if c not in must]
            picked = tuple(must + rng.sample(rest, len(picked) - len(must)))
        partner = s.partner
        if called >= 0:
            partner = self._holder(hands, called, declarer)
        return new_state(s, kitty=dealt[0], leftovers=dealt[1], discards=dealt[2], hands=hands, picked=picked,
                         partner=partner, seed=rng.getrandbits(63))

    def census(self, state: UltimateState) -> Counter[Any]:
        count: Counter[int] = Counter(state.kitty)
        count.update(state.leftovers)
        count.update(state.discards)
        count.update(c for _, c in state.trick)
        for cards in (*state.hands, *state.won):
            count.update(cards)
        return count

    def codes(self) -> frozenset[str]:
        return K.REASON_CODES | K.EVENT_CODES | K.END_CODES | K.LABEL_CODES | K.HINT_CODES


#: Contract sizes grouped for statistics: fifteen bids a bucket, so the 60-point table uses the
#: first four and the doubled table (bids up to 104) all seven.
CONTRACT_BUCKETS: Final[tuple[tuple[int, int], ...]] = (
    (1, 14), (15, 29), (30, 44), (45, 59), (60, 74), (75, 89), (90, 104))


def contract_bucket(contract: int) -> str:
    """The name of the bucket of ``contract`` in :data:`CONTRACT_BUCKETS`.

    >>> contract_bucket(1), contract_bucket(14), contract_bucket(15), contract_bucket(104)
    ('1_14', '1_14', '15_29', '90_104')
    """
    for low, high in CONTRACT_BUCKETS:
        if low <= contract <= high:
            return f"{low}_{high}"
    raise ValueError(f"contract must be a bid from 1 to 104 (got {contract!r})")


def contract_details(results: Iterable[tuple[int, int, int, bool]]) -> dict[str, int]:
    """Scalar figures of the scored deals (``(declarer, contract, points, made)``) for statistics.

    ``contracts``: deals played to a contract (thrown-in deals have none); ``contracts_made``:
    those the declarer made; ``declarer_points``: the sum of the points the declarer's side took
    in them (the partner's included when they count); for each bucket ``low_high`` of
    :data:`CONTRACT_BUCKETS`, ``bid_low_high`` contracts of that size played and
    ``made_low_high`` made. Every bucket is present, so tables of both point tables line up.

    >>> d = contract_details([(0, 20, 25, True), (1, 16, 9, False), (2, 70, 80, True)])
    >>> d["contracts"], d["contracts_made"], d["declarer_points"], d["bid_15_29"], d["made_15_29"]
    (3, 2, 114, 2, 1)
    >>> d["bid_60_74"], d["made_60_74"], d["bid_1_14"]
    (1, 1, 0)
    """
    out = {"contracts": 0, "contracts_made": 0, "declarer_points": 0}
    for low, high in CONTRACT_BUCKETS:
        out[f"bid_{low}_{high}"] = 0
        out[f"made_{low}_{high}"] = 0
    for _declarer, contract, points, made in results:
        bucket = contract_bucket(contract)
        out["contracts"] += 1
        out["declarer_points"] += points
        out[f"bid_{bucket}"] += 1
        if made:
            out["contracts_made"] += 1
            out[f"made_{bucket}"] += 1
    return out


def standing(game: Game[Any], state: UltimateState) -> tuple[float, ...]:
    """Each seat's standing now, from public information only (higher is better): its total
    score, plus a hundredth of a point per trick it has won in the deal in progress (so within
    a deal the seat taking more tricks leads, but a whole point of score always counts more).

    >>> from tablekit import make
    >>> game = make("ultimate", preset="basic")
    >>> standing(game, game.initial_state(1))
    (0.0, 0.0, 0.0, 0.0)
    """
    assert isinstance(game, Ultimate)
    return tuple(float(t) + 0.01 * k for t, k in zip(state.totals, state.tricks_won))


__all__ = ["CONTRACT_BUCKETS", "PRESETS", "Ultimate", "UltimateConfig", "UltimateState", "contract_bucket",
           "contract_details", "standing"]
