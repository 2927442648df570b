"""American Page One (アメリカンページワン): the rules as tablekit plays them.

Overview
    A shedding game of the Crazy Eights family for 2 to 8 players, popular in Japan (also
    called Page One, Last One or "Ameper"; UNO grew out of the same family). Players take
    turns laying one card that matches the top card of the discard pile by suit or by rank.
    Some ranks do something: the Eight is wild, the Jack skips, the Queen reverses, the Two
    and the Three make the next player draw. Whoever first runs out of cards wins the round
    and scores the points left in the other hands. With two cards in hand you must call
    "Page One", and with your last card "Stop".

Setup
    One 52-card deck (``decks=2``: two decks, 104 cards; ``jokers``: that many jokers are
    added). Every player gets the same number of cards: with one deck 7 for 2-3 players, 6 for
    4-5, 5 for 6-7 and 4 for 8; with two decks 7 each (``hand_size`` and ``deal_table``
    change this). The rest is the face-down stock. Its top card is turned face up as the
    starter; a special card (see below) is covered at once by the next card turned, until a
    plain card shows, and the covered specials have no effect. The dealer of the first round
    is chosen at random (the seed's stand-in for rock-paper-scissors); the player on the
    dealer's left (the next seat) plays first and play goes clockwise (seat numbers
    increasing). Each new round of a match is dealt by the next seat.

Turn
    The player to act plays one legal card from their hand, which becomes the new top card.
    A player who cannot play must draw one card from the stock; if that card fits, they may
    play it at once or keep it, and either way their turn ends (``draw_rule``). When the
    stock runs out, the discard pile except its top card is shuffled into a new stock (jokers
    on top keep the card under them, which a caught joker bluff uncovers again). When
    there is nothing at all to draw, a player who cannot play passes; if every player still
    in passes in a row, nobody can ever play again and the round ends as blocked.
    A player facing a Two or Three penalty (below) either answers it with a card of the same
    rank or draws the whole penalty, which ends their turn.

Legality
    A card is legal when it has the suit to follow (the top card's suit, or the suit named
    with a wild card) or the top card's rank; an Eight is legal on anything. A joker (house
    rule) has no rank: after one, follow the named suit. Drawing is allowed only when no card
    can be played (``voluntary_draw`` lifts this). With a penalty pending, only a counter
    card is legal, otherwise the player draws the penalty.

Special cards
    Eight (wild): legal on anything; its player names the suit to follow (any suit, its own
    included).
    Jack (Jump): the next player is skipped. With two players the same player goes again.
    Queen (Quick Turn): the direction of play reverses. With two players this changes
    nothing (``two_player_q_is_skip``: it skips like a Jump).
    Two: the next player must draw 2 unless they answer with a Two; answers add up (Two, Two,
    Two: the next player draws 6) and the total passes on until somebody draws it.
    Three: the same with Threes and 3 cards each.
    Joker (house rule, ``jokers`` > 0): a Wild Draw Four. Legal on anything, names a suit,
    and the next player draws 4 unless they answer with another joker (totals add up;
    ``challenge_no_counter`` forbids the answer).
    The rank that carries each effect is an option (``wild_ranks``, ``jump_ranks``,
    ``reverse_ranks``, ``two_ranks``, ``three_ranks``; several ranks per effect allowed).

Calls
    A player who plays their second-to-last card must call "Page One", and one who plays
    their last card "Stop". In tablekit the call is part of the play action (a trailing
    ``!``). ``call_mode``:
    strict (default): a play without its due call makes the player draw ``penalty`` cards
    (5; 3 or 2 by option) at once. A missed "Stop" therefore means the player has not gone
    out.
    catchable: nothing happens at once, but the player to act next may ``catch`` the missed
    call before they do anything else (play, draw, pass or challenge); the caught player then
    draws the penalty and the catcher goes on with their turn. After a
    missed "Stop" the next player must decide first: ``catch`` (the round goes on) or
    ``pass`` (let it go: the player has gone out). By default (``catch_by="next"``) nobody
    else can catch: the next player is the only one who could speak before the next card.
    When the player who missed the call is also the next to play (a Jump with two players),
    the seat after them is asked first (``catch`` or ``pass``), since no card has been played
    or drawn since; after that they play on (or, after a missed "Stop", have gone out).
    ``catch_by="any"``: every other player may catch it: before the next player's turn, the
    others are asked one by one in playing order (``catch`` or ``pass``); the first catch
    closes the window, and the next player then has their turn (still able to catch).
    off: there are no calls.
    A call is only legal when it is due. A player who has to draw 4 after a failed joker
    bluff (below) makes no call with the card they play instead.

Scoring
    The player who went out receives the total value of all cards left in the other hands;
    every other player loses the value of their own hand. ``values``:
    crazy_eights (default): 8 = 50, K Q J 10 = 10, A = 1, other cards their pip value,
    joker 50.
    pageone_jp: every special card (under the rank options in force) and every joker 20,
    other 10 J Q K 10, other cards their pip value (A = 1). With the defaults: 2, 3, 8, J,
    Q = 20; 10, K = 10; A 1 and 4-7, 9 pip.
    A blocked round is won by the player(s) still in with the lowest hand value; each other
    player still in loses their hand value and the winners share the total so that the
    round stays zero-sum: each gets the same whole number of points, and the points left
    over go one each to the tied winners nearest the dealer's left (in seat order from the
    round's first player). Scores stay whole numbers. With ``play_on`` the first player out receives the value of the last hand,
    whose player loses it; the others score 0 for that round.

End
    The round ends as soon as a player has no cards. A special card may be the last card;
    its effect is then dropped (``final_penalty_drawn``: a last Two, Three or joker still
    makes the next player draw before the hands are scored). By default one round is
    scored. ``rounds`` > 1 plays a match: the totals add up and the highest total wins (ties
    are shared); ``target`` > 0 also ends the match after a round in which some player's
    total reached +target or -target.
    Some combinations of house rules can force the same moves forever (for example with
    draw_rule="until_playable" and reverse_on_suit_change, two players with no fitting card
    can keep drawing and playing the only card left to draw). A round that reaches
    ``round_limit`` decisions (5,000) is therefore stopped and scored like a blocked round.

Options (decisions where the source is silent; see shared/rules/page_one.md (f) and (g))
    decks, hand_size, deal_table      the deck and the deal (above).
    rounds, target, values            match length and card values (above).
    call_mode, penalty, catch_by      calls (above).
    page_one_on_last                  the call is "Page One", made with the last card; there
                                      is no call with the second-to-last card.
    play_on                           no "Stop": a player who runs out of cards has finished
                                      and is skipped; the round goes on until only one player
                                      holds cards. The "Page One" call stays.
    draw_rule                         play_drawn (default): draw one; if it fits, play it now
                                      or keep it. keep_drawn: draw one and the turn ends.
                                      until_playable: draw until a card fits (or nothing is
                                      left to draw), and that card must be played.
    voluntary_draw                    drawing is allowed while holding a playable card.
    wild_ranks=()                     Eight is not wild: it follows suit or rank like any card.
    two_ranks=() / three_ranks=()     only Three / only Two is in use.
    linked_two_three                  a Two penalty may also be answered with a Three of the
                                      suit of the top card, and a Three penalty with a Two of
                                      that suit; the new card's amount is added.
    jump_ranks, reverse_ranks, ...    which ranks carry each effect, e.g. jump_ranks=("A",
                                      "J"): both Ace and Jack skip.
    reverse_on_suit_change            there is no Quick Turn card; the direction reverses
                                      every time a play changes the suit to follow (an Eight
                                      naming its own suit changes nothing).
    jokers, joker_rule                jokers are Wild Draw Four cards. joker_rule:
                                      challenge (default): a joker played as an ordinary play
                                      (from the hand, or drawn and played at once) while its
                                      player holds a card of the suit to follow is a bluff;
                                      the next player may ``challenge`` any such joker
                                      instead of answering or drawing. Caught: the joker goes back to
                                      its player, who must play a card of that suit instead
                                      (its effect applies as usual) and then draws 4 per
                                      joker; the challenger then has their turn as normal.
                                      Wrong: the challenger draws the 4 plus ``penalty`` (9,
                                      7 or 6) and plays nothing. A joker played to answer a
                                      joker penalty cannot be challenged. no_suit: the
                                      engine simply refuses a joker while its player holds a
                                      card of the suit to follow. free: a joker is legal any
                                      time. A card "of the suit" is any card of that suit, an
                                      Eight included.
    challenge_no_counter              with joker_rule=challenge: a joker's draw four cannot be
                                      passed on, neither with a joker nor with a Two or
                                      Three; the next player challenges it or draws.
    last_card                         no_special: a player may not go out on a special card;
                                      a player who holds only special cards and has to draw
                                      draws on until a plain card comes (which they may play
                                      if it fits). no_eight: a player may not go out on a wild
                                      card (an Eight); they draw as usual.
                                      draw_to_plain: the source's "draw until a plain card"
                                      read strictly: a hand of only special cards cannot play
                                      on an ordinary turn; its player must draw, and draws on
                                      until a plain card comes (which they may play if it
                                      fits). So nobody goes out on a special card. A pending
                                      penalty is answered or drawn first; with nothing left
                                      to draw, such a hand plays as under no_special.
    multi_play                        several cards of one rank may be played together. The
                                      bottom card must be legal; the card named last ends on
                                      top. Effects add up: two Twos give 4, two Jacks skip two
                                      players, an even number of Queens leaves the direction
                                      as it was. A drawn card and a card played after a
                                      caught bluff are always played alone.
    starter_effect                    a special starter applies: Eight: the dealer names the
                                      suit (``name:H``) before the first play; Quick Turn:
                                      play goes counter-clockwise from the dealer's right;
                                      Jump: the dealer's left is skipped; Two/Three: the
                                      dealer's left faces the penalty and may answer it; a
                                      joker is shuffled back into the stock and another card
                                      turned.
    starter_namer                     with starter_effect, an Eight starter: dealer (default)
                                      names the suit; first_player: the dealer's left names
                                      it and then plays first.
    reverse_starter                   with starter_effect, a Quick Turn starter: right
                                      (default) the dealer's right plays first; dealer: the
                                      dealer plays first; either way counter-clockwise.
    no_counter                        penalties cannot be answered: the player draws them.
    two_player_q_is_skip              with two players in, Quick Turn acts as Jump.
    final_penalty_drawn               see End.
    effect_names                      page_one or uno: names used in messages only.
    round_limit                       see End.
    Decisions: a player who draws a penalty cannot play that turn; with nothing left to draw
    a player who must draw simply passes (and draws what there is of a penalty); the effect
    of a card played with a missed call still applies; identical cards of two decks may both
    be in play.

Action codes
    "7H" plays the seven of hearts (ranks A 2-9 T J Q K, suits S H D C; "JK" a joker);
    "8S:H" plays the eight of spades naming hearts; a trailing "!" makes the call: "7H!";
    "KC+KH" plays two kings with the king of hearts on top (multi_play). "draw" draws (or
    takes the pending penalty), "pass" keeps a drawn card / passes / lets a missed call go,
    "catch" catches a missed call, "challenge" challenges a joker, "name:D" names diamonds
    for an Eight starter. Seats are numbered from 0 in codes and from 1 for people.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any, Iterable, Sequence

from tablekit.core.actions import Action, is_listed
from tablekit.core.deck import give_one, redeal_unseen
from tablekit.core.errors import ConfigError, InvalidActionError
from tablekit.core.game import Game, Outcome
from tablekit.core.rng import derive_seed
from tablekit.core.setup import check_options, check_seed
from tablekit.core.verdict import Event, Verdict
from tablekit.games.page_one import resolve
from tablekit.games.page_one.actions import (
    CARD_PARAMS,
    CATCH,
    CHALLENGE,
    DRAW,
    JOKER,
    NAME_ACTIONS,
    NAMED,
    NAMED_CALLED,
    PASS,
    PLAIN,
    CALLED,
    SUIT_PARAMS,
    SUITS,
    Catch,
    Challenge,
    Draw,
    NameSuit,
    Pass,
    Play,
    card_code,
    from_code,
)
from tablekit.games.page_one.codes import (
    ACTION_LABEL_CODES,
    END_CODES,
    EVENT_CODES,
    HINT_CODES,
    LABEL_CODES,
    NO_ALREADY_DREW,
    NO_CALL_NOT_DUE,
    NO_CALLS_OFF,
    NO_CAN_PLAY,
    NO_CANNOT_NAME,
    NO_CATCH_WINDOW,
    NO_DRAWN_ONLY,
    NO_GAME_OVER,
    NO_JOKER_FINAL,
    NO_JOKER_HOLDS_SUIT,
    NO_MULTI_BOTTOM,
    NO_MULTI_OFF,
    NO_MUST_NAME,
    NO_MUST_PLAY_DRAWN,
    NO_MUST_REDO,
    NO_MUST_TAKE_PENALTY,
    NO_NEEDS_SUIT,
    NO_NO_COUNTER,
    NO_NOT_A_COUNTER,
    NO_NOT_IN_HAND,
    NO_NOT_NAMING,
    NO_NOTHING_TO_CATCH,
    NO_NOTHING_TO_CHALLENGE,
    NO_NOTHING_TO_DRAW,
    NO_ONE_CARD_ONLY,
    NO_OUT_ON_EIGHT,
    NO_OUT_ON_SPECIAL,
    NO_PASS_CAN_DRAW,
    NO_REDO_SUIT,
    NO_SPECIAL_HAND,
    NO_STOP_WINDOW,
    NO_WRONG_SUIT,
    NS,
    OK_CATCH,
    OK_CHALLENGE,
    OK_COUNTER,
    OK_DRAW,
    OK_DRAW_TO_PLAIN,
    OK_DRAW_VOLUNTARY,
    OK_DRAWN,
    OK_JOKER,
    OK_KEEP,
    OK_LET_GO,
    OK_NAME,
    OK_NO_CATCH,
    OK_PASS,
    OK_REDO,
    OK_SAME_RANK,
    OK_SAME_SUIT,
    OK_TAKE_PENALTY,
    OK_WILD,
    REASON_CODES,
)
from tablekit.games.page_one.config import PRESETS, PageOneConfig
from tablekit.games.page_one.state import (
    CATCH_WINDOW,
    DRAWN,
    NAME,
    OVER,
    PHASE_NAMES,
    PLAY,
    REDO,
    PageOneState,
    new_state,
)
from tablekit.games.page_one.table import E_JOKER, E_WILD, PENALTY_OF, RANK, SUIT, Rules, rules_from


def _has_cards(hand: tuple[int, ...], cards: Sequence[int]) -> bool:
    if len(cards) == 1:
        return cards[0] in hand
    return all(hand.count(c) >= k for c, k in Counter(cards).items())


def _unique(hand: Iterable[int]) -> list[int]:
    return list(dict.fromkeys(hand))


class PageOne(Game[PageOneState]):
    """The American Page One game object (see the module docstring for the rules).

    Legality lives here; what an action does is in ``resolve``, the state and its constructor
    in ``state``, the codes in ``codes``, and ``self.rules`` is the rule table built once from
    the config (``table.rules_from``).

    >>> from tablekit import make
    >>> game = make("page_one", players=3)
    >>> s = game.initial_state(seed=3)
    >>> game.current_player(s), len(s.hands[0]), s.stock_count
    (2, 7, 30)
    """

    name = NS
    config_class = PageOneConfig
    config: PageOneConfig
    rules: Rules

    def __init__(self, config: PageOneConfig, preset: str = "custom") -> None:
        if not isinstance(config, PageOneConfig):
            raise ConfigError(NS, "config", config, "a PageOneConfig")
        super().__init__(config, preset)
        self.rules = rules_from(config)
        # The state whose legal actions were listed last, and those actions (``step`` applies one
        # of them without checking it again).
        self._listed_state: PageOneState | None = None
        self._listed: tuple[Action, ...] = ()
        # Plays of several cards, made once: (top card, cards under it, call due) -> plays, and
        # (same-rank cards held, which of them fit, hand size if short) -> plays.
        self._multi_cache: dict[tuple[int, tuple[int, ...], bool], tuple[Play, ...]] = {}
        self._group_cache: dict[tuple[tuple[int, ...], tuple[bool, ...], int], tuple[Play, ...]] = {}

    def hand_value(self, hand: Iterable[int]) -> int:
        """The points a hand is worth under the ``values`` option.

        >>> from tablekit import make
        >>> from tablekit.games.page_one.actions import card_from_code as c
        >>> make("page_one").hand_value([c("8S"), c("KH"), c("AD"), c("5C")])
        66
        """
        return self.rules.hand_value(hand)

    # --- setup ---------------------------------------------------------------------------
    def initial_state(self, seed: int, **setup: Any) -> PageOneState:
        """The state before the first decision.

        Setup options: ``deck`` stacks the first round's deck (every card of the game exactly
        once: seat 0's hand, seat 1's hand, ..., then the stock from the top, whose first card
        is turned as the starter); ``dealer`` fixes the first dealer (seat ``dealer + 1`` plays
        first). Later rounds are shuffled from ``seed`` and the deal moves one seat on.
        """
        check_options(setup, ("deck", "dealer"))
        check_seed(seed)
        n = self.config.players
        stacked = None
        if setup.get("deck") is not None:
            stacked = tuple(setup["deck"])
            if Counter(stacked) != Counter(self.rules.deck):
                raise ValueError(f"a stacked deck must hold the game's {len(self.rules.deck)} cards exactly "
                                 "(each deck's cards 0..51 once, and 52 once per joker)")
        dealer = setup.get("dealer")
        if dealer is None:
            dealer = derive_seed(seed, "dealer") % n
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat from 0 to {n - 1} (got {dealer!r})")
        return resolve.deal(self.rules, seed=seed, round_no=0, dealer=dealer, totals=(0,) * n, round_winners=(),
                            round_scores=(), events=[], stacked=stacked)

    # --- queries -------------------------------------------------------------------------
    def current_player(self, state: PageOneState) -> int | None:
        return None if state.current < 0 else state.current

    def is_terminal(self, state: PageOneState) -> bool:
        return state.current < 0

    @staticmethod
    def drawable(state: PageOneState) -> int:
        """How many cards could still be drawn (the stock plus the reshufflable discards)."""
        return len(state.stock) - state.drawn + len(state.discard) - 1

    def _must_draw_to_plain(self, s: PageOneState, hand: tuple[int, ...]) -> bool:
        """last_card="draw_to_plain": a hand of only special cards may not play on an ordinary
        turn while there is something to draw."""
        special = self.rules.special
        return (self.config.last_card == "draw_to_plain" and not s.pending and bool(hand)
                and all(special[c] for c in hand) and self.drawable(s) > 0)

    def _variants(self, card: int, left: int, under: tuple[int, ...] = ()) -> tuple[Play, ...]:
        """Every legal way to play ``card`` (with ``under``) leaving ``left`` cards."""
        r = self.rules
        due = left < 2 and r.due[left]
        if not under:
            return r.acts_call[card] if due else r.acts[card]
        key = (card, under, due)
        found = self._multi_cache.get(key)
        if found is None:
            suits: Sequence[int | None] = range(4) if r.named[card] else (None,)
            calls = (False, True) if due else (False,)
            found = self._multi_cache[key] = tuple(Play(card, s, c, under) for s in suits for c in calls)
        return found

    def _plays(self, s: PageOneState, hand: tuple[int, ...]) -> list[Play]:
        """The legal plays of an ordinary turn (general path)."""
        r = self.rules
        ok: Sequence[bool]
        if s.pending:
            if self.config.no_counter:
                return []
            ok = r.counter[s.pending_kind * 4 + s.suit]
        else:
            if self._must_draw_to_plain(s, hand):
                return []
            ok = r.match[s.suit * 14 + RANK[s.discard[-1]] + 1]
            if JOKER in hand and not r.fits(s.suit, s.discard[-1], JOKER, hand):
                ok = ok[:JOKER] + (False,)
        left = len(hand) - 1
        acts = r.acts_call if left < 2 and r.due[left] else r.acts
        out: list[Play] = []
        for c in (dict.fromkeys(hand) if r.dupes else hand):
            if ok[c] and (left or r.may_go_out_on(c)):
                out += acts[c]
        if self.config.multi_play:
            out.extend(self._multi_plays(hand, ok))
        return out

    def _multi_plays(self, hand: tuple[int, ...], ok: Sequence[bool]) -> list[Play]:
        """The plays of several same-rank cards; ``ok[card]``: may that card go at the bottom."""
        groups: dict[int, list[int]] = {}
        for c in hand:
            rank = RANK[c]
            group = groups.get(rank)
            if group is None:
                groups[rank] = [c]
            else:
                group.append(c)
        out: list[Play] = []
        if len(groups) == len(hand):
            return out
        size = len(hand)
        cache = self._group_cache
        for cards in groups.values():
            if len(cards) < 2:
                continue
            cards.sort()
            key = (tuple(cards), tuple(map(ok.__getitem__, cards)), size if size < len(cards) + 2 else 0)
            # Only the cards, which of them fit, and (for calls and going out) a short hand matter.
            plays = cache.get(key)
            if plays is None:
                plays = cache[key] = self._group_plays(key[0], key[1], size)
            out += plays
        return out

    def _group_plays(self, cards: tuple[int, ...], fitting: tuple[bool, ...], size: int) -> tuple[Play, ...]:
        """Every legal play of two or more of ``cards`` (one rank) from a hand of ``size``."""
        fit = {c for c, ok in zip(cards, fitting) if ok}
        out: list[Play] = []
        for k in range(2, len(cards) + 1):
            left = size - k
            for combo in dict.fromkeys(combinations(cards, k)):
                for top in dict.fromkeys(combo):
                    under = list(combo)
                    under.remove(top)
                    if not any(c in fit for c in under):
                        continue  # the card at the bottom must fit
                    if left == 0 and not self.rules.may_go_out_on(top):
                        continue
                    out.extend(self._variants(top, left, tuple(under)))
        return tuple(out)

    def legal_actions(self, state: PageOneState) -> tuple[Action, ...]:
        s = state
        r = self.rules
        if s.phase == PLAY and not s.pending and s.exposed < 0 and not s.challenge and r.simple:
            # Hot path: an ordinary turn with the common rules.
            hand = s.hands[s.current]
            row = r.match[s.suit * 14 + RANK[s.discard[-1]] + 1]
            left = len(hand) - 1
            acts = r.acts_call if left < 2 and r.due[left] else r.acts
            out: list[Action] = []
            cards = tuple(dict.fromkeys(hand)) if r.dupes else hand
            for c in cards:
                if row[c]:
                    out += acts[c]
            if out:
                if r.voluntary_draw and len(s.stock) - s.drawn + len(s.discard) > 1:
                    out.append(DRAW)
                legal = tuple(out)
            else:
                legal = (DRAW,) if len(s.stock) - s.drawn + len(s.discard) > 1 else (PASS,)
        else:
            legal = self._legal_general(s)
        self._listed_state = state
        self._listed = legal
        return legal

    def _legal_general(self, s: PageOneState) -> tuple[Action, ...]:
        phase = s.phase
        if phase == OVER:
            return ()
        if phase == NAME:
            return NAME_ACTIONS
        if phase == CATCH_WINDOW:
            return (CATCH, PASS)
        p = s.current
        hand = s.hands[p]
        if phase == REDO:
            suit = s.challenge[1]
            return tuple(a for c in _unique(hand) if SUIT[c] == suit for a in self.rules.acts[c])
        if phase == DRAWN:
            acts: list[Action] = list(self._variants(s.drawn_card, len(hand) - 1))
            if self.config.draw_rule != "until_playable":
                acts.append(PASS)
            return tuple(acts)
        ex = s.exposed
        if ex >= 0 and not s.hands[ex]:
            return (CATCH, PASS)
        out: list[Action] = []
        if ex >= 0 and ex != p:
            out.append(CATCH)
        if s.challenge:
            out.append(CHALLENGE)
        plays = self._plays(s, hand)
        out.extend(plays)
        if s.pending:
            out.append(DRAW)
        elif not plays or self.config.voluntary_draw:
            if self.drawable(s) > 0:
                out.append(DRAW)
            elif not plays:
                out.append(PASS)
        return tuple(out)

    def is_legal(self, state: PageOneState, action: Any) -> bool:
        legal = self._listed if self._listed_state is state else self.legal_actions(state)
        return is_listed(action, legal) or action in legal

    def candidate_actions(self, state: PageOneState) -> list[Action]:
        """The non-play actions; each card in the current hand played with and without a call,
        and naming each suit (a wild card, with and without a call) or one suit (any other card);
        two cards not in the hand; and every group of same-rank cards in the hand (naming each
        suit, with and without a call; without multi_play, the pairs only)."""
        named = self.rules.named
        cands: list[Action] = [DRAW, PASS, CATCH, CHALLENGE, *NAME_ACTIONS]
        hand = state.hands[state.current] if state.current >= 0 else ()
        cards = sorted(set(hand))
        absent = [c for c in (0, 25, 38, 51, JOKER) if c not in hand][:2]
        for c in cards + absent:
            cands.append(PLAIN[c])
            cands.append(CALLED[c])
            if named[c]:
                cands.extend(NAMED[c])
                cands.extend(NAMED_CALLED[c])
            else:
                cands.append(NAMED[c][0])
        groups: dict[int, list[int]] = {}
        for c in hand:
            groups.setdefault(RANK[c], []).append(c)
        for group in groups.values():
            if len(group) < 2:
                continue
            group.sort()
            for size in range(2, len(group) + 1):
                for combo in dict.fromkeys(combinations(group, size)):
                    for top in dict.fromkeys(combo):
                        under = list(combo)
                        under.remove(top)
                        for suit in (None, 0, 1, 2, 3):
                            for call in (False, True):
                                cands.append(Play(top, suit, call, tuple(under)))
                if not self.config.multi_play:
                    break  # one size is enough to show that the option is off
        return cands

    # --- the one source of legality with reasons -----------------------------------------
    def explain(self, state: PageOneState, action: Any) -> Verdict:
        if not isinstance(action, (Play, Draw, Pass, Catch, Challenge, NameSuit)):
            raise InvalidActionError(f"{action!r} is not a Page One action")
        s = state
        phase = s.phase
        if phase == OVER:
            return Verdict(False, NO_GAME_OVER, {})
        p = s.current
        if phase == NAME:
            if isinstance(action, NameSuit):
                return Verdict(True, OK_NAME, {"suit": SUIT_PARAMS[action.suit]})
            return Verdict(False, NO_MUST_NAME, {"player": p})
        if isinstance(action, NameSuit):
            return Verdict(False, NO_NOT_NAMING, {})
        ex = s.exposed
        penalty = self.config.penalty
        if phase == CATCH_WINDOW:
            # Another player's missed call: catch it or not, before the next player's turn.
            if isinstance(action, Catch):
                return Verdict(True, OK_CATCH, {"player": ex, "count": penalty})
            if isinstance(action, Pass):
                return Verdict(True, OK_NO_CATCH, {"player": ex})
            return Verdict(False, NO_CATCH_WINDOW, {"player": ex, "next": s.asking[-1]})
        hand = s.hands[p]
        if phase == REDO:
            return self._explain_redo(s, action, hand)
        if phase == DRAWN:
            return self._explain_drawn(s, action, hand)
        if ex >= 0 and not s.hands[ex]:
            # A missed "Stop" in catchable mode: catch it or let it go, nothing else.
            if isinstance(action, Catch):
                return Verdict(True, OK_CATCH, {"player": ex, "count": penalty})
            if isinstance(action, Pass):
                return Verdict(True, OK_LET_GO, {"player": ex})
            return Verdict(False, NO_STOP_WINDOW, {"player": ex})
        if isinstance(action, Catch):
            if ex < 0 or ex == p:
                return Verdict(False, NO_NOTHING_TO_CATCH, {})
            return Verdict(True, OK_CATCH, {"player": ex, "count": penalty})
        if isinstance(action, Challenge):
            if not s.challenge:
                return Verdict(False, NO_NOTHING_TO_CHALLENGE, {})
            return Verdict(True, OK_CHALLENGE, {"player": s.challenge[0], "suit": SUIT_PARAMS[s.challenge[1]]})
        if isinstance(action, Draw):
            if s.pending:
                return Verdict(True, OK_TAKE_PENALTY, {"count": s.pending})
            if self.drawable(s) == 0:
                return Verdict(False, NO_NOTHING_TO_DRAW, {})
            if self._must_draw_to_plain(s, hand):
                return Verdict(True, OK_DRAW_TO_PLAIN, {})
            plays = self._plays(s, hand)
            if plays:
                if self.config.voluntary_draw:
                    return Verdict(True, OK_DRAW_VOLUNTARY, {})
                return Verdict(False, NO_CAN_PLAY, {"card": CARD_PARAMS[plays[0].card]})
            return Verdict(True, OK_DRAW, {})
        if isinstance(action, Pass):
            if s.pending:
                return Verdict(False, NO_MUST_TAKE_PENALTY, {"count": s.pending})
            plays = self._plays(s, hand)
            if plays:
                return Verdict(False, NO_CAN_PLAY, {"card": CARD_PARAMS[plays[0].card]})
            if self.drawable(s) > 0:
                return Verdict(False, NO_PASS_CAN_DRAW, {})
            return Verdict(True, OK_PASS, {})
        assert isinstance(action, Play)
        return self._explain_play(s, action, hand)

    def _explain_play(self, s: PageOneState, a: Play, hand: tuple[int, ...]) -> Verdict:
        r = self.rules
        p = s.current
        top = s.discard[-1]
        cp = CARD_PARAMS[a.card]
        if not _has_cards(hand, a.cards):
            missing = next(c for c in a.cards if hand.count(c) < a.cards.count(c))
            return Verdict(False, NO_NOT_IN_HAND, {"card": CARD_PARAMS[missing], "player": p})
        if a.under and not self.config.multi_play:
            return Verdict(False, NO_MULTI_OFF, {})
        if s.pending:
            kind, suit = s.pending_kind, s.suit
            if self.config.no_counter:
                return Verdict(False, NO_NO_COUNTER, {"count": s.pending})
            if not any(r.counters(kind, suit, c) for c in a.cards):
                if kind == E_JOKER and self.config.challenge_no_counter and self.config.joker_rule == "challenge":
                    return Verdict(False, NO_JOKER_FINAL, {"count": s.pending})
                return Verdict(False, NO_NOT_A_COUNTER, {"card": cp, "count": s.pending, "top": CARD_PARAMS[top]})
            if a.under and not any(r.counters(kind, suit, c) for c in a.under):
                return Verdict(False, NO_MULTI_BOTTOM, {"card": cp})
            ok = Verdict(True, OK_COUNTER, {"card": cp, "count": s.pending + PENALTY_OF[r.effect[a.card]] * a.count})
        else:
            if self._must_draw_to_plain(s, hand):
                return Verdict(False, NO_SPECIAL_HAND, {"card": cp})
            fitting = [c for c in a.cards if r.fits(s.suit, top, c, hand)]
            if not fitting:
                if a.card == JOKER:
                    return Verdict(False, NO_JOKER_HOLDS_SUIT, {"suit": SUIT_PARAMS[s.suit]})
                return Verdict(False, NO_WRONG_SUIT, {"card": cp, "top": CARD_PARAMS[top], "suit": SUIT_PARAMS[s.suit]})
            if a.under and not any(r.fits(s.suit, top, c, hand) for c in a.under):
                return Verdict(False, NO_MULTI_BOTTOM, {"card": cp})
            eff = r.effect[a.card]
            if eff == E_JOKER:
                ok = Verdict(True, OK_JOKER, {"card": cp})
            elif eff == E_WILD:
                ok = Verdict(True, OK_WILD, {"card": cp})
            elif SUIT[fitting[0]] == s.suit:
                ok = Verdict(True, OK_SAME_SUIT, {"card": cp, "suit": SUIT_PARAMS[s.suit]})
            else:
                ok = Verdict(True, OK_SAME_RANK, {"card": cp, "top": CARD_PARAMS[top]})
        bad = self._explain_suit_and_call(a, len(hand) - a.count, True)
        return bad or ok

    def _explain_suit_and_call(self, a: Play, left: int, may_call: bool) -> Verdict | None:
        r = self.rules
        cp = CARD_PARAMS[a.card]
        if r.named[a.card] and a.suit is None:
            return Verdict(False, NO_NEEDS_SUIT, {"card": cp})
        if not r.named[a.card] and a.suit is not None:
            return Verdict(False, NO_CANNOT_NAME, {"card": cp})
        if left == 0 and not r.may_go_out_on(a.card):
            code = NO_OUT_ON_EIGHT if self.config.last_card == "no_eight" else NO_OUT_ON_SPECIAL
            return Verdict(False, code, {"card": cp})
        if a.call:
            if not r.calls:
                return Verdict(False, NO_CALLS_OFF, {})
            if not may_call or left > 1 or not r.due[left]:
                return Verdict(False, NO_CALL_NOT_DUE, {"card": cp, "left": left})
        return None

    def _explain_drawn(self, s: PageOneState, action: Action, hand: tuple[int, ...]) -> Verdict:
        card = s.drawn_card
        if isinstance(action, Pass):
            if self.config.draw_rule == "until_playable":
                return Verdict(False, NO_MUST_PLAY_DRAWN, {"card": CARD_PARAMS[card]})
            return Verdict(True, OK_KEEP, {"card": CARD_PARAMS[card]})
        if isinstance(action, Play):
            if action.card != card:
                return Verdict(False, NO_DRAWN_ONLY, {"card": CARD_PARAMS[card]})
            if action.under:
                return Verdict(False, NO_ONE_CARD_ONLY, {})
            bad = self._explain_suit_and_call(action, len(hand) - 1, True)
            return bad or Verdict(True, OK_DRAWN, {"card": CARD_PARAMS[card]})
        return Verdict(False, NO_ALREADY_DREW, {"card": CARD_PARAMS[card]})

    def _explain_redo(self, s: PageOneState, action: Action, hand: tuple[int, ...]) -> Verdict:
        r = self.rules
        suit = s.challenge[1]
        sp = SUIT_PARAMS[suit]
        if not isinstance(action, Play):
            return Verdict(False, NO_MUST_REDO, {"suit": sp})
        if not _has_cards(hand, action.cards):
            missing = next(c for c in action.cards if hand.count(c) < action.cards.count(c))
            return Verdict(False, NO_NOT_IN_HAND, {"card": CARD_PARAMS[missing], "player": s.current})
        if action.under:
            return Verdict(False, NO_ONE_CARD_ONLY, {})
        if SUIT[action.card] != suit:
            return Verdict(False, NO_REDO_SUIT, {"card": CARD_PARAMS[action.card], "suit": sp})
        # The bluffer draws 4 right after this card, so no call is due and going out is moot.
        if r.named[action.card] and action.suit is None:
            return Verdict(False, NO_NEEDS_SUIT, {"card": CARD_PARAMS[action.card]})
        if not r.named[action.card] and action.suit is not None:
            return Verdict(False, NO_CANNOT_NAME, {"card": CARD_PARAMS[action.card]})
        if action.call:
            return Verdict(False, NO_CALLS_OFF if not r.calls else NO_CALL_NOT_DUE,
                           {} if not r.calls else {"card": CARD_PARAMS[action.card], "left": len(hand)})
        return Verdict(True, OK_REDO, {"card": CARD_PARAMS[action.card], "suit": sp})

    def action_from_code(self, code: str) -> Action:
        return from_code(code)

    # --- playing: see resolve.py -----------------------------------------------------------
    def apply(self, state: PageOneState, action: Any) -> tuple[PageOneState, tuple[Event, ...]]:
        return resolve.apply(self.rules, state, action)

    def step(self, state: PageOneState, action: Action | str) -> tuple[PageOneState, tuple[Event, ...]]:
        # The common case first (the action is one of the legal actions just listed for this
        # very state); anything else goes through Game.step's checks and errors.
        if self._listed_state is state and is_listed(action, self._listed):
            return resolve.apply(self.rules, state, action)
        return super().step(state, action)

    # --- results -------------------------------------------------------------------------
    def outcome(self, state: PageOneState) -> Outcome | None:
        if state.current >= 0:
            return None
        if self.config.rounds == 1:
            winners = tuple(sorted(state.round_winners))
        else:
            winners = resolve.match_winners(state.totals)
        details: dict[str, Any] = {
            "rounds": state.round_no + 1,
            "round_winners": list(state.round_winners),
            "last_round_scores": list(state.round_scores),
            "hand_values": [self.hand_value(h) for h in state.hands],
        }
        return Outcome(state.termination, winners, tuple(float(t) for t in state.totals), details)

    # --- information ---------------------------------------------------------------------
    def observe(self, state: PageOneState, player: int | None) -> dict[str, Any]:
        n = self.config.players
        if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n):
            raise ValueError(f"player must be a seat from 0 to {n - 1} or None (got {player!r})")
        s = state
        players = []
        for i in range(n):
            hand = s.hands[i]
            players.append({
                "seat": i,
                "status": "out" if s.out[i] else "playing",
                "hand_count": len(hand),
                "hand": [card_code(c) for c in sorted(hand)] if player is None or player == i else None,
                "score": s.totals[i],
            })
        top = s.discard[-1]
        drawn = None
        if s.phase == DRAWN and (player is None or player == s.current):
            drawn = card_code(s.drawn_card)
        return {
            "game": NS,
            "viewer": player,
            "players": players,
            "current": self.current_player(s),
            "phase": PHASE_NAMES[s.phase],
            "game_no": s.round_no + 1,
            "dealer": s.dealer,
            "top": card_code(top),
            "suit": SUITS[s.suit],
            "pending": s.pending,
            "direction": s.direction,
            "stock": s.stock_count,
            "pile": [card_code(c) for c in s.discard],
            "exposed": None if s.exposed < 0 else s.exposed,
            "challenge": s.challenge[0] if s.challenge else None,
            "drawn": drawn,
            "last_player": None if s.last_player < 0 else s.last_player,
            "game_winners": list(s.round_winners),
            "termination": s.termination or None,
        }

    def determinize(self, state: PageOneState, player: int, rng: random.Random) -> PageOneState:
        s = state
        n = self.config.players
        # Zone 0 is the undrawn stock, zone 1 + i seat i's hand; the player sees only their own.
        zones = [s.stock[s.drawn :], *s.hands]
        hidden = {0} | {1 + i for i in range(n) if i != player}
        zones = redeal_unseen(zones, hidden, rng)
        challenge = s.challenge
        if challenge and challenge[0] != player:
            owner, suit = challenge[0], challenge[1]
            if s.phase == REDO:
                # A caught bluffer was seen to hold the suit: their resampled hand must too.
                donors = [1 + i for i in range(n) if i != player and i != owner] + [0]
                zones = give_one(zones, 1 + owner, lambda c: SUIT[c] == suit, donors)
            else:
                bluff = any(SUIT[c] == suit for c in zones[1 + owner])
                challenge = challenge[:3] + (int(bluff),) + challenge[4:]
        hands = tuple(zones[1:])
        drawn_card = s.drawn_card
        if s.phase == DRAWN and s.current != player:
            drawn_card = hands[s.current][-1]
        # Future deals and reshuffles come from the seed, which no player knows.
        return new_state(s, stock=s.stock[: s.drawn] + zones[0], hands=hands, challenge=challenge,
                         drawn_card=drawn_card, seed=rng.getrandbits(63))

    def census(self, state: PageOneState) -> Counter[Any]:
        count: Counter[int] = Counter(state.stock[state.drawn :])
        count.update(state.discard)
        for hand in state.hands:
            count.update(hand)
        return count

    def codes(self) -> frozenset[str]:
        return REASON_CODES | EVENT_CODES | END_CODES | LABEL_CODES | ACTION_LABEL_CODES | HINT_CODES


def standing(game: Game[Any], state: PageOneState) -> tuple[float, ...]:
    """Each seat's standing now, from public information only (higher is better): the match
    total times 1000, less the number of cards in hand (fewer cards is closer to going out;
    a seat that went out holds none). The total always counts first.

    >>> from tablekit import make
    >>> game = make("page_one", preset="classic", players=3)
    >>> standing(game, game.initial_state(1))
    (-7.0, -7.0, -7.0)
    """
    assert isinstance(game, PageOne)
    return tuple(1000.0 * t - len(h) for t, h in zip(state.totals, state.hands))


__all__ = [
    "CATCH_WINDOW", "DRAWN", "END_CODES", "EVENT_CODES", "NAME", "OVER", "PLAY", "PRESETS", "REASON_CODES", "REDO",
    "PageOne", "PageOneConfig", "PageOneState", "Rules", "rules_from", "standing",
]
