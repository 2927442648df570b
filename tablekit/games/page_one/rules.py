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
    and the next player draws 4 unless they answer with another joker (totals add up).
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
    ``pass`` (let it go: the player has gone out). Nobody else can catch: the next player is
    the only one who could speak before the next card.
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
    player still in loses their hand value and the winners share the total (integer
    division). With ``play_on`` the first player out receives the value of the last hand,
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
    call_mode, penalty                calls (above).
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
                                      while its player holds a card of the suit to follow is
                                      a bluff; the next player may ``challenge`` it instead
                                      of answering or drawing. Caught: the joker goes back to
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
    last_card                         no_special: a player may not go out on a special card;
                                      a player who holds only special cards and has to draw
                                      draws on until a plain card comes (which they may play
                                      if it fits). no_eight: a player may not go out on a wild
                                      card (an Eight); they draw as usual.
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
    takes the pending penalty), "pass" keeps a drawn card / passes / lets a missed Stop go,
    "catch" catches a missed call, "challenge" challenges a joker, "name:D" names diamonds
    for an Eight starter. Seats are numbered from 0 in codes and from 1 for people.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any, Iterable, NamedTuple, Sequence

from tablekit.core.actions import Action
from tablekit.core.errors import ConfigError, InvalidActionError
from tablekit.core.game import Game, Outcome
from tablekit.core.rng import derive_seed, hash_shuffled
from tablekit.core.verdict import Event, Verdict
from tablekit.games.page_one.actions import (
    CALLED,
    CARD_PARAMS,
    CATCH,
    CHALLENGE,
    DRAW,
    JOKER,
    NAME_ACTIONS,
    NAMED,
    NAMED_CALLED,
    NUM_CARDS,
    PASS,
    PLAIN,
    RANKS,
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
    full_deck,
)
from tablekit.games.page_one.config import PRESETS, RANK_FIELDS, PageOneConfig

NS = "page_one"

# Phases (ints in the state, names in observations)
PLAY = 0  # an ordinary turn (maybe facing a penalty, a catch or a challenge)
DRAWN = 1  # the player just drew a card that fits: play it or keep it
NAME = 2  # the dealer names the suit of an Eight starter
REDO = 3  # a caught joker bluffer plays a card of the suit instead
OVER = 4
PHASE_NAMES = ("play", "drawn", "name", "redo", "over")

# Effects of a card
E_NONE, E_WILD, E_JUMP, E_REVERSE, E_TWO, E_THREE, E_JOKER = range(7)
EFFECT_NAMES = ("none", "wild", "jump", "reverse", "two", "three", "joker")
PENALTY_OF = {E_TWO: 2, E_THREE: 3, E_JOKER: 4}

SUIT = tuple(c // 13 if c < 52 else -1 for c in range(NUM_CARDS))
RANK = tuple(c % 13 if c < 52 else -1 for c in range(NUM_CARDS))

# Terminations
END_OUT = f"{NS}.end.out"
END_ALL_OUT = f"{NS}.end.all_out"
END_BLOCKED = f"{NS}.end.blocked"
END_STALLED = f"{NS}.end.stalled"
END_ROUNDS = f"{NS}.end.rounds"
END_TARGET = f"{NS}.end.target"
# Events
EV_DEAL = f"{NS}.event.deal"
EV_STARTER = f"{NS}.event.starter"
EV_STARTER_COVERED = f"{NS}.event.starter_covered"
EV_STARTER_JOKER = f"{NS}.event.starter_joker"
EV_STARTER_EFFECT = f"{NS}.event.starter_effect"
EV_PLAYED = f"{NS}.event.played"
EV_PLAYED_MANY = f"{NS}.event.played_many"
EV_NAMED = f"{NS}.event.named_suit"
EV_SKIPPED = f"{NS}.event.skipped"
EV_REVERSED = f"{NS}.event.reversed"
EV_SUIT_REVERSED = f"{NS}.event.suit_reversed"
EV_PENALTY_UP = f"{NS}.event.penalty_up"
EV_PENALTY_DRAWN = f"{NS}.event.penalty_drawn"
EV_DREW = f"{NS}.event.drew"
EV_KEPT = f"{NS}.event.kept"
EV_PASSED = f"{NS}.event.passed"
EV_RESHUFFLED = f"{NS}.event.reshuffled"
EV_CALLED = f"{NS}.event.called"
EV_MISSED_CALL = f"{NS}.event.missed_call"
EV_CALL_UNNOTICED = f"{NS}.event.call_unnoticed"
EV_CAUGHT = f"{NS}.event.caught"
EV_LET_GO = f"{NS}.event.let_go"
EV_CHALLENGE_WON = f"{NS}.event.challenge_won"
EV_CHALLENGE_LOST = f"{NS}.event.challenge_lost"
EV_BLUFF_PENALTY = f"{NS}.event.bluff_penalty"
EV_OUT = f"{NS}.event.out"
EV_BLOCKED = f"{NS}.event.blocked"
EV_STALLED = f"{NS}.event.stalled"
EV_ROUND_OVER = f"{NS}.event.round_over"
EV_MATCH_OVER = f"{NS}.event.match_over"
# Reasons
OK_SAME_SUIT = f"{NS}.ok.same_suit"
OK_SAME_RANK = f"{NS}.ok.same_rank"
OK_WILD = f"{NS}.ok.wild"
OK_JOKER = f"{NS}.ok.joker"
OK_COUNTER = f"{NS}.ok.counter"
OK_DRAWN = f"{NS}.ok.drawn_card"
OK_REDO = f"{NS}.ok.redo"
OK_DRAW = f"{NS}.ok.draw"
OK_DRAW_VOLUNTARY = f"{NS}.ok.draw_voluntary"
OK_TAKE_PENALTY = f"{NS}.ok.take_penalty"
OK_KEEP = f"{NS}.ok.keep"
OK_PASS = f"{NS}.ok.pass"
OK_LET_GO = f"{NS}.ok.let_go"
OK_CATCH = f"{NS}.ok.catch"
OK_CHALLENGE = f"{NS}.ok.challenge"
OK_NAME = f"{NS}.ok.name_suit"
NO_GAME_OVER = f"{NS}.illegal.game_over"
NO_NOT_IN_HAND = f"{NS}.illegal.not_in_hand"
NO_WRONG_SUIT = f"{NS}.illegal.wrong_suit"
NO_NOT_A_COUNTER = f"{NS}.illegal.not_a_counter"
NO_NO_COUNTER = f"{NS}.illegal.no_counter"
NO_JOKER_HOLDS_SUIT = f"{NS}.illegal.joker_holds_suit"
NO_NEEDS_SUIT = f"{NS}.illegal.needs_suit"
NO_CANNOT_NAME = f"{NS}.illegal.cannot_name"
NO_OUT_ON_SPECIAL = f"{NS}.illegal.out_on_special"
NO_OUT_ON_EIGHT = f"{NS}.illegal.out_on_eight"
NO_CALL_NOT_DUE = f"{NS}.illegal.call_not_due"
NO_CALLS_OFF = f"{NS}.illegal.calls_off"
NO_MULTI_OFF = f"{NS}.illegal.multi_off"
NO_MULTI_BOTTOM = f"{NS}.illegal.multi_bottom"
NO_ONE_CARD_ONLY = f"{NS}.illegal.one_card_only"
NO_DRAWN_ONLY = f"{NS}.illegal.drawn_only"
NO_ALREADY_DREW = f"{NS}.illegal.already_drew"
NO_MUST_PLAY_DRAWN = f"{NS}.illegal.must_play_drawn"
NO_CAN_PLAY = f"{NS}.illegal.can_play"
NO_NOTHING_TO_DRAW = f"{NS}.illegal.nothing_to_draw"
NO_MUST_TAKE_PENALTY = f"{NS}.illegal.must_take_penalty"
NO_PASS_CAN_DRAW = f"{NS}.illegal.pass_can_draw"
NO_NOTHING_TO_CATCH = f"{NS}.illegal.nothing_to_catch"
NO_NOTHING_TO_CHALLENGE = f"{NS}.illegal.nothing_to_challenge"
NO_STOP_WINDOW = f"{NS}.illegal.stop_window"
NO_MUST_NAME = f"{NS}.illegal.must_name"
NO_NOT_NAMING = f"{NS}.illegal.not_naming"
NO_MUST_REDO = f"{NS}.illegal.must_redo"
NO_REDO_SUIT = f"{NS}.illegal.redo_suit"

REASON_CODES = frozenset({
    OK_SAME_SUIT, OK_SAME_RANK, OK_WILD, OK_JOKER, OK_COUNTER, OK_DRAWN, OK_REDO, OK_DRAW,
    OK_DRAW_VOLUNTARY, OK_TAKE_PENALTY, OK_KEEP, OK_PASS, OK_LET_GO, OK_CATCH, OK_CHALLENGE, OK_NAME,
    NO_GAME_OVER, NO_NOT_IN_HAND, NO_WRONG_SUIT, NO_NOT_A_COUNTER, NO_NO_COUNTER, NO_JOKER_HOLDS_SUIT,
    NO_NEEDS_SUIT, NO_CANNOT_NAME, NO_OUT_ON_SPECIAL, NO_OUT_ON_EIGHT, NO_CALL_NOT_DUE, NO_CALLS_OFF,
    NO_MULTI_OFF, NO_MULTI_BOTTOM, NO_ONE_CARD_ONLY, NO_DRAWN_ONLY, NO_ALREADY_DREW, NO_MUST_PLAY_DRAWN,
    NO_CAN_PLAY, NO_NOTHING_TO_DRAW, NO_MUST_TAKE_PENALTY, NO_PASS_CAN_DRAW, NO_NOTHING_TO_CATCH,
    NO_NOTHING_TO_CHALLENGE, NO_STOP_WINDOW, NO_MUST_NAME, NO_NOT_NAMING, NO_MUST_REDO, NO_REDO_SUIT,
})
EVENT_CODES = frozenset({
    EV_DEAL, EV_STARTER, EV_STARTER_COVERED, EV_STARTER_JOKER, EV_STARTER_EFFECT, EV_PLAYED,
    EV_PLAYED_MANY, EV_NAMED, EV_SKIPPED, EV_REVERSED, EV_SUIT_REVERSED, EV_PENALTY_UP,
    EV_PENALTY_DRAWN, EV_DREW, EV_KEPT, EV_PASSED, EV_RESHUFFLED, EV_CALLED, EV_MISSED_CALL,
    EV_CALL_UNNOTICED, EV_CAUGHT, EV_LET_GO, EV_CHALLENGE_WON, EV_CHALLENGE_LOST, EV_BLUFF_PENALTY,
    EV_OUT, EV_BLOCKED, EV_STALLED, EV_ROUND_OVER, EV_MATCH_OVER,
})
END_CODES = frozenset({END_OUT, END_ALL_OUT, END_BLOCKED, END_STALLED, END_ROUNDS, END_TARGET})
ACTION_LABEL_CODES = frozenset(
    {f"{NS}.action.play{m}{n}{c}" for m in ("", "_many") for n in ("", "_named") for c in ("", "_call")}
    | {f"{NS}.action.{k}" for k in ("draw", "pass", "catch", "challenge", "name")}
)
CHOICE_FIELDS = ("deal_table", "values", "call_mode", "draw_rule", "joker_rule", "last_card", "effect_names")
LABEL_CODES = frozenset(
    {param[1:] for param in CARD_PARAMS}  # the card labels (core.cards catalogue keys)
    | {f"{NS}.label.suit.{s}" for s in SUITS}
    | {f"{NS}.call.{k}" for k in ("page_one", "stop")}
    | {f"{NS}.effect.{names}.{e}" for names in ("page_one", "uno") for e in EFFECT_NAMES[1:]}
    | {f"{NS}.phase.{p}" for p in PHASE_NAMES}
    | {f"{NS}.status.{s}" for s in ("playing", "out")}
    | {f"{NS}.label.{k}" for k in (
        "top", "suit", "pending", "direction", "clockwise", "counterclockwise", "stock", "pile",
        "exposed", "exposed_empty", "challenge", "challenge_empty", "drawn", "drawn_empty",
        "last_player", "last_player_empty", "dealer", "game_winners", "game_no", "hand", "score",
        "mode")}
    | {f"{NS}.label.mode.{p}" for p in PRESETS}
    | {f"{NS}.option.{f}" for f in PageOneConfig.field_names()}
    | {f"{NS}.label.{f}.{v}" for f in CHOICE_FIELDS for v in PageOneConfig.describe()[f]["choices"]}
    | {f"{NS}.title"}
)
HINT_CODES = frozenset(f"{NS}.hint.{k}" for k in (
    "counter", "take_penalty", "challenge", "catch", "name_suit", "shed_high", "keep_wild",
    "wild", "draw", "play_drawn", "pass", "redo", "call", "name_starter",
))


class PageOneState(NamedTuple):
    """The whole match: match-level fields first, then the round in progress.

    A NamedTuple (immutable, and cheap to build on the random-playout hot path). Hidden parts:
    the stock order, the other hands, the drawn card and whether a joker was a bluff.
    """

    seed: int
    round_no: int  # 0-based index of the round in progress
    dealer: int
    totals: tuple[int, ...]  # cumulative scores
    stock: tuple[int, ...]  # drawn from index `drawn` onward
    drawn: int
    discard: tuple[int, ...]  # bottom first; the last card is the top card
    hands: tuple[tuple[int, ...], ...]
    out: tuple[bool, ...]  # has gone out this round (play_on)
    current: int  # the seat to decide, -1 when the match is over
    direction: int  # +1 clockwise (seat numbers increasing), -1 counter-clockwise
    suit: int  # the suit to follow (0..3)
    pending: int  # cards the player to act must draw unless they answer (0: none)
    pending_kind: int  # E_TWO, E_THREE or E_JOKER while pending > 0, else E_NONE
    phase: int
    drawn_card: int  # DRAWN: the card just drawn; else -1
    exposed: int  # catchable: the seat whose missed call may be caught, else -1
    challenge: tuple[int, ...]  # () or (joker player, suit before, direction before, bluff, jokers)
    passes: int  # consecutive passes with nothing to draw
    last_player: int  # who played the latest card (-1: nobody yet this round)
    finish: tuple[int, ...]  # seats in the order they went out this round
    round_winners: tuple[int, ...]  # winners of the finished rounds, in order
    round_scores: tuple[int, ...]  # scores of the latest finished round
    termination: str  # "" until over
    reshuffles: int  # stock reshuffles this round (seeds each reshuffle)
    turns: int  # decisions made this round (see the round_limit option)

    @property
    def stock_count(self) -> int:
        return len(self.stock) - self.drawn

    @property
    def top(self) -> int:
        return self.discard[-1]


_tuple_new = tuple.__new__


def _event(code: str, params: dict[str, Any]) -> Event:
    return _tuple_new(Event, (code, params))


def _without(hand: tuple[int, ...], cards: Sequence[int]) -> tuple[int, ...]:
    for c in cards:
        i = hand.index(c)
        hand = hand[:i] + hand[i + 1 :]
    return hand


def _has_cards(hand: tuple[int, ...], cards: Sequence[int]) -> bool:
    if len(cards) == 1:
        return cards[0] in hand
    return all(hand.count(c) >= k for c, k in Counter(cards).items())


def _unique(hand: Iterable[int]) -> list[int]:
    return list(dict.fromkeys(hand))


class PageOne(Game[PageOneState]):
    """The American Page One game object (see the module docstring for the rules).

    >>> from tablekit import make
    >>> game = make("page_one", players=3)
    >>> s = game.initial_state(seed=3)
    >>> game.current_player(s), len(s.hands[0]), s.stock_count
    (2, 7, 30)
    """

    name = NS
    config_class = PageOneConfig
    config: PageOneConfig

    def __init__(self, config: PageOneConfig, preset: str = "custom") -> None:
        if not isinstance(config, PageOneConfig):
            raise ConfigError(NS, "config", config, "a PageOneConfig")
        super().__init__(config, preset)
        cfg = config
        self._n = cfg.players
        self._full_deck = full_deck(cfg.decks, cfg.jokers)
        self._hand_size = cfg.cards_per_hand
        effect = [E_NONE] * NUM_CARDS
        for field, eff in zip(RANK_FIELDS, (E_WILD, E_JUMP, E_REVERSE, E_TWO, E_THREE)):
            for r in getattr(cfg, field):
                for s in range(4):
                    effect[s * 13 + RANKS.index(r)] = eff
        effect[JOKER] = E_JOKER
        self._effect = tuple(effect)
        self._special = tuple(e != E_NONE for e in effect)
        self._named = tuple(e in (E_WILD, E_JOKER) for e in effect)
        self._value = tuple(self._card_value(c) for c in range(NUM_CARDS))
        # _match[suit * 14 + top rank + 1][card]: does the card fit on that top card and suit?
        # (A joker's entry is True; whether a joker may be played is decided separately.)
        self._match = tuple(
            tuple(c == JOKER or effect[c] == E_WILD or SUIT[c] == suit or RANK[c] == trank
                  for c in range(NUM_CARDS))
            for suit in range(4) for trank in range(-1, 13)
        )
        # _counter_rows[kind * 4 + suit][card]: does the card answer a penalty of that kind
        # (E_TWO, E_THREE, E_JOKER) when that suit is to follow?
        rows: list[tuple[bool, ...]] = []
        for kind in range(7):
            for suit in range(4):
                rows.append(tuple(
                    effect[c] == kind != E_NONE or (
                        cfg.linked_two_three and {kind, effect[c]} == {E_TWO, E_THREE} and SUIT[c] == suit)
                    for c in range(NUM_CARDS)))
        self._counter_rows = tuple(rows)
        self._calls = cfg.call_mode != "off"
        self._strict = cfg.call_mode == "strict"
        # _due[k]: is a call due when a play leaves k cards (k = 0 or 1)?
        if not self._calls:
            self._due = (False, False)
        elif cfg.page_one_on_last:
            self._due = (True, False)
        else:
            self._due = (not cfg.play_on, True)
        self._play_on = cfg.play_on
        self._joker_no_suit = cfg.joker_rule == "no_suit"
        self._joker_challenge = cfg.joker_rule == "challenge"
        self._multi = cfg.multi_play
        self._voluntary = cfg.voluntary_draw
        self._draw_rule = cfg.draw_rule
        self._suit_reverse = cfg.reverse_on_suit_change
        self._round_limit = cfg.round_limit
        self._no_special_out = cfg.last_card == "no_special"
        # The fast path handles ordinary turns when no house rule needs the general one.
        self._simple = cfg.jokers == 0 and not cfg.multi_play and cfg.last_card == "any"
        self._dupes = cfg.decks == 2 or cfg.jokers > 1  # a hand may hold identical cards
        # Play actions per card: without a call, and with both call variants (a call is due).
        acts: list[tuple[Play, ...]] = []
        acts_call: list[tuple[Play, ...]] = []
        for c in range(NUM_CARDS):
            if self._named[c]:
                acts.append(NAMED[c])
                acts_call.append(NAMED[c] + NAMED_CALLED[c])
            else:
                acts.append((PLAIN[c],))
                acts_call.append((PLAIN[c], CALLED[c]))
        self._acts = tuple(acts)
        self._acts_call = tuple(acts_call) if self._calls else self._acts
        names = cfg.effect_names
        self._effect_param = tuple(f"@{NS}.effect.{names}.{e}" for e in EFFECT_NAMES)
        self._cache: tuple[Any, tuple[Action, ...]] = (None, ())
        # Plays of several cards, made once: (top card, cards under it, call due) -> plays, and
        # (same-rank cards held, which of them fit, hand size if short) -> plays.
        self._multi_cache: dict[tuple[int, tuple[int, ...], bool], tuple[Play, ...]] = {}
        self._group_cache: dict[tuple[tuple[int, ...], tuple[bool, ...], int], tuple[Play, ...]] = {}

    def _card_value(self, c: int) -> int:
        if self.config.values == "crazy_eights":
            if c == JOKER:
                return 50
            r = RANK[c]
            return 50 if r == 7 else 10 if r >= 9 else r + 1
        if self._special[c]:
            return 20
        r = RANK[c]
        return 10 if r >= 9 else r + 1

    def hand_value(self, hand: Iterable[int]) -> int:
        """The points a hand is worth under the ``values`` option.

        >>> from tablekit import make
        >>> from tablekit.games.page_one.actions import card_from_code as c
        >>> make("page_one").hand_value([c("8S"), c("KH"), c("AD"), c("5C")])
        66
        """
        value = self._value
        return sum(value[c] for c in hand)

    # --- setup ---------------------------------------------------------------------------
    def initial_state(self, seed: int, **setup: Any) -> PageOneState:
        """The state before the first decision.

        Setup options: ``deck`` stacks the first round's deck (every card of the game exactly
        once: seat 0's hand, seat 1's hand, ..., then the stock from the top, whose first card
        is turned as the starter); ``dealer`` fixes the first dealer (seat ``dealer + 1`` plays
        first). Later rounds are shuffled from ``seed`` and the deal moves one seat on.
        """
        unknown = sorted(set(setup) - {"deck", "dealer"})
        if unknown:
            raise ValueError(f"unknown setup option {unknown[0]!r} (the options are 'deck' and 'dealer')")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer (got {seed!r})")
        n = self._n
        stacked = None
        if setup.get("deck") is not None:
            stacked = tuple(setup["deck"])
            if Counter(stacked) != Counter(self._full_deck):
                raise ValueError(f"a stacked deck must hold the game's {len(self._full_deck)} cards exactly "
                                 "(each deck's cards 0..51 once, and 52 once per joker)")
        dealer = setup.get("dealer")
        if dealer is None:
            dealer = derive_seed(seed, "dealer") % n
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat from 0 to {n - 1} (got {dealer!r})")
        d: dict[str, Any] = dict(
            seed=seed, round_no=0, dealer=dealer, totals=(0,) * n, stock=(), drawn=0, discard=(),
            hands=((),) * n, out=(False,) * n, current=-1, direction=1, suit=0, pending=0,
            pending_kind=E_NONE, phase=PLAY, drawn_card=-1, exposed=-1, challenge=(), passes=0,
            last_player=-1, finish=(), round_winners=(), round_scores=(), termination="", reshuffles=0, turns=0,
        )
        self._deal(d, [], stacked)
        return PageOneState(**d)

    def _deal(self, d: dict[str, Any], events: list[Event], stacked: tuple[int, ...] | None = None) -> None:
        """Deal round d['round_no'] (dealer d['dealer']) and turn the starter."""
        n = self._n
        h = self._hand_size
        rno = d["round_no"]
        cards = list(stacked) if stacked is not None else hash_shuffled(self._full_deck, d["seed"], "deal", rno)
        hands = tuple(tuple(cards[i * h : (i + 1) * h]) for i in range(n))
        stock = cards[n * h :]
        dealer = d["dealer"]
        events.append(Event(EV_DEAL, {"round": rno + 1, "dealer": dealer, "cards": h}))
        effect = self._effect
        discard: list[int] = []
        attempts = 0
        while True:
            card = stock.pop(0)
            if card == JOKER and self.config.starter_effect and any(c != JOKER for c in stock):
                # A joker starter goes back into the stock, which is shuffled; turn again.
                attempts += 1
                events.append(Event(EV_STARTER_JOKER, {}))
                stock = hash_shuffled(stock + [card], d["seed"], "starter", rno, attempts)
                continue
            if effect[card] != E_NONE and not self.config.starter_effect and stock:
                discard.append(card)
                events.append(Event(EV_STARTER_COVERED, {"card": CARD_PARAMS[card]}))
                continue
            discard.append(card)
            break
        starter = discard[-1]
        events.append(Event(EV_STARTER, {"card": CARD_PARAMS[starter]}))
        eff = effect[starter] if self.config.starter_effect else E_NONE
        first = (dealer + 1) % n
        direction = 1
        phase = PLAY
        pending = 0
        kind = E_NONE
        if eff == E_WILD:
            phase = NAME
            first = dealer
        elif eff == E_JUMP or (eff == E_REVERSE and n == 2 and self.config.two_player_q_is_skip):
            first = (dealer + 2) % n
        elif eff == E_REVERSE:
            direction = -1
            first = (dealer - 1) % n
        elif eff in (E_TWO, E_THREE):
            pending = PENALTY_OF[eff]
            kind = eff
        if eff != E_NONE:
            events.append(Event(EV_STARTER_EFFECT, {"card": CARD_PARAMS[starter], "effect": self._effect_param[eff],
                                                    "player": first}))
        d.update(
            stock=tuple(stock), drawn=0, discard=tuple(discard), hands=hands, out=(False,) * n,
            current=first, direction=direction, suit=SUIT[starter], pending=pending, pending_kind=kind,
            phase=phase, drawn_card=-1, exposed=-1, challenge=(), passes=0, last_player=-1, finish=(),
            reshuffles=0, turns=0,
        )

    # --- queries -------------------------------------------------------------------------
    def current_player(self, state: PageOneState) -> int | None:
        return None if state.current < 0 else state.current

    def is_terminal(self, state: PageOneState) -> bool:
        return state.current < 0

    @staticmethod
    def drawable(state: PageOneState) -> int:
        """How many cards could still be drawn (the stock plus the reshufflable discards)."""
        return len(state.stock) - state.drawn + len(state.discard) - 1

    def _fits(self, s: PageOneState, card: int, hand: tuple[int, ...]) -> bool:
        """Could ``card`` be played alone on an ordinary turn (no penalty pending), leaving
        ``hand`` minus the card? (going out is checked separately)"""
        if card == JOKER:
            if self._joker_no_suit:
                suit = s.suit
                return not any(SUIT[c] == suit for c in hand)
            return True
        return self._match[s.suit * 14 + RANK[s.discard[-1]] + 1][card]

    def _counters(self, s: PageOneState, card: int) -> bool:
        """Does ``card`` answer the pending penalty?"""
        kind = s.pending_kind
        eff = self._effect[card]
        if eff == kind:
            return True
        if self.config.linked_two_three and kind in (E_TWO, E_THREE) and eff in (E_TWO, E_THREE):
            return SUIT[card] == s.suit
        return False

    def _may_go_out_on(self, card: int) -> bool:
        rule = self.config.last_card
        if rule == "any":
            return True
        if rule == "no_special":
            return not self._special[card]
        return self._effect[card] != E_WILD

    def _variants(self, card: int, left: int, under: tuple[int, ...] = ()) -> tuple[Play, ...]:
        """Every legal way to play ``card`` (with ``under``) leaving ``left`` cards."""
        due = left < 2 and self._due[left]
        if not under:
            return self._acts_call[card] if due else self._acts[card]
        key = (card, under, due)
        found = self._multi_cache.get(key)
        if found is None:
            suits: Sequence[int | None] = range(4) if self._named[card] else (None,)
            calls = (False, True) if due else (False,)
            found = self._multi_cache[key] = tuple(Play(card, s, c, under) for s in suits for c in calls)
        return found

    def _plays(self, s: PageOneState, hand: tuple[int, ...]) -> list[Play]:
        """The legal plays of an ordinary turn (general path)."""
        size = len(hand)
        ok: Sequence[bool]
        if s.pending:
            if self.config.no_counter:
                return []
            ok = self._counter_rows[s.pending_kind * 4 + s.suit]
        else:
            ok = self._match[s.suit * 14 + RANK[s.discard[-1]] + 1]
            if JOKER in hand and not self._fits(s, JOKER, hand):
                ok = ok[:JOKER] + (False,)
        left = size - 1
        acts = self._acts_call if left < 2 and self._due[left] else self._acts
        out: list[Play] = []
        for c in (dict.fromkeys(hand) if self._dupes else hand):
            if ok[c] and (left or self._may_go_out_on(c)):
                out += acts[c]
        if self._multi:
            out.extend(self._multi_plays(hand, ok))
        return out

    def _multi_plays(self, hand: tuple[int, ...], ok: Sequence[bool]) -> list[Play]:
        """The plays of several same-rank cards; ``ok[card]``: may that card go at the bottom."""
        groups: dict[int, list[int]] = {}
        for c in hand:
            r = RANK[c]
            group = groups.get(r)
            if group is None:
                groups[r] = [c]
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
                    if left == 0 and not self._may_go_out_on(top):
                        continue
                    out.extend(self._variants(top, left, tuple(under)))
        return tuple(out)

    def legal_actions(self, state: PageOneState) -> tuple[Action, ...]:
        s = state
        if s.phase == PLAY and not s.pending and s.exposed < 0 and not s.challenge and self._simple:
            # Hot path: an ordinary turn with the common rules.
            hand = s.hands[s.current]
            row = self._match[s.suit * 14 + RANK[s.discard[-1]] + 1]
            left = len(hand) - 1
            acts = self._acts_call if left < 2 and self._due[left] else self._acts
            out: list[Action] = []
            for c in (dict.fromkeys(hand) if self._dupes else hand):
                if row[c]:
                    out += acts[c]
            if out:
                if self._voluntary and len(s.stock) - s.drawn + len(s.discard) > 1:
                    out.append(DRAW)
                legal = tuple(out)
            else:
                legal = (DRAW,) if len(s.stock) - s.drawn + len(s.discard) > 1 else (PASS,)
        else:
            legal = self._legal_general(s)
        self._cache = (state, legal)
        return legal

    def _legal_general(self, s: PageOneState) -> tuple[Action, ...]:
        phase = s.phase
        if phase == OVER:
            return ()
        if phase == NAME:
            return NAME_ACTIONS
        p = s.current
        hand = s.hands[p]
        if phase == REDO:
            suit = s.challenge[1]
            return tuple(a for c in _unique(hand) if SUIT[c] == suit for a in self._acts[c])
        if phase == DRAWN:
            acts: list[Action] = list(self._variants(s.drawn_card, len(hand) - 1))
            if self._draw_rule != "until_playable":
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
        elif not plays or self._voluntary:
            if self.drawable(s) > 0:
                out.append(DRAW)
            elif not plays:
                out.append(PASS)
        return tuple(out)

    def is_legal(self, state: PageOneState, action: Any) -> bool:
        cached_state, legal = self._cache
        if cached_state is not state:
            legal = self.legal_actions(state)
        return action in legal

    def candidate_actions(self, state: PageOneState) -> list[Action]:
        """The non-play actions; each card in the current hand played with and without a call,
        and naming each suit (a wild card, with and without a call) or one suit (any other card);
        two cards not in the hand; and every group of same-rank cards in the hand (naming each
        suit, with and without a call; without multi_play, the pairs only)."""
        cands: list[Action] = [DRAW, PASS, CATCH, CHALLENGE, *NAME_ACTIONS]
        hand = state.hands[state.current] if state.current >= 0 else ()
        cards = sorted(set(hand))
        absent = [c for c in (0, 25, 38, 51, JOKER) if c not in hand][:2]
        for c in cards + absent:
            cands.append(PLAIN[c])
            cands.append(CALLED[c])
            if self._named[c]:
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
                if not self._multi:
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
        hand = s.hands[p]
        if phase == REDO:
            return self._explain_redo(s, action, hand)
        if phase == DRAWN:
            return self._explain_drawn(s, action, hand)
        ex = s.exposed
        if ex >= 0 and not s.hands[ex]:
            # A missed "Stop" in catchable mode: catch it or let it go, nothing else.
            if isinstance(action, Catch):
                return Verdict(True, OK_CATCH, {"player": ex, "count": self.config.penalty})
            if isinstance(action, Pass):
                return Verdict(True, OK_LET_GO, {"player": ex})
            return Verdict(False, NO_STOP_WINDOW, {"player": ex})
        if isinstance(action, Catch):
            if ex < 0 or ex == p:
                return Verdict(False, NO_NOTHING_TO_CATCH, {})
            return Verdict(True, OK_CATCH, {"player": ex, "count": self.config.penalty})
        if isinstance(action, Challenge):
            if not s.challenge:
                return Verdict(False, NO_NOTHING_TO_CHALLENGE, {})
            return Verdict(True, OK_CHALLENGE, {"player": s.challenge[0], "suit": SUIT_PARAMS[s.challenge[1]]})
        if isinstance(action, Draw):
            if s.pending:
                return Verdict(True, OK_TAKE_PENALTY, {"count": s.pending})
            if self.drawable(s) == 0:
                return Verdict(False, NO_NOTHING_TO_DRAW, {})
            plays = self._plays(s, hand)
            if plays:
                if self._voluntary:
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
        p = s.current
        top = s.discard[-1]
        cp = CARD_PARAMS[a.card]
        if not _has_cards(hand, a.cards):
            missing = next(c for c in a.cards if hand.count(c) < a.cards.count(c))
            return Verdict(False, NO_NOT_IN_HAND, {"card": CARD_PARAMS[missing], "player": p})
        if a.under and not self._multi:
            return Verdict(False, NO_MULTI_OFF, {})
        if s.pending:
            if self.config.no_counter:
                return Verdict(False, NO_NO_COUNTER, {"count": s.pending})
            if not any(self._counters(s, c) for c in a.cards):
                return Verdict(False, NO_NOT_A_COUNTER, {"card": cp, "count": s.pending, "top": CARD_PARAMS[top]})
            if a.under and not any(self._counters(s, c) for c in a.under):
                return Verdict(False, NO_MULTI_BOTTOM, {"card": cp})
            ok = Verdict(True, OK_COUNTER, {"card": cp, "count": s.pending + PENALTY_OF[self._effect[a.card]] * a.count})
        else:
            fitting = [c for c in a.cards if self._fits(s, c, hand)]
            if not fitting:
                if a.card == JOKER:
                    return Verdict(False, NO_JOKER_HOLDS_SUIT, {"suit": SUIT_PARAMS[s.suit]})
                return Verdict(False, NO_WRONG_SUIT, {"card": cp, "top": CARD_PARAMS[top], "suit": SUIT_PARAMS[s.suit]})
            if a.under and not any(self._fits(s, c, hand) for c in a.under):
                return Verdict(False, NO_MULTI_BOTTOM, {"card": cp})
            eff = self._effect[a.card]
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
        cp = CARD_PARAMS[a.card]
        if self._named[a.card] and a.suit is None:
            return Verdict(False, NO_NEEDS_SUIT, {"card": cp})
        if not self._named[a.card] and a.suit is not None:
            return Verdict(False, NO_CANNOT_NAME, {"card": cp})
        if left == 0 and not self._may_go_out_on(a.card):
            code = NO_OUT_ON_SPECIAL if self.config.last_card == "no_special" else NO_OUT_ON_EIGHT
            return Verdict(False, code, {"card": cp})
        if a.call:
            if not self._calls:
                return Verdict(False, NO_CALLS_OFF, {})
            if not may_call or left > 1 or not self._due[left]:
                return Verdict(False, NO_CALL_NOT_DUE, {"card": cp, "left": left})
        return None

    def _explain_drawn(self, s: PageOneState, action: Action, hand: tuple[int, ...]) -> Verdict:
        card = s.drawn_card
        if isinstance(action, Pass):
            if self._draw_rule == "until_playable":
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
        if self._named[action.card] and action.suit is None:
            return Verdict(False, NO_NEEDS_SUIT, {"card": CARD_PARAMS[action.card]})
        if not self._named[action.card] and action.suit is not None:
            return Verdict(False, NO_CANNOT_NAME, {"card": CARD_PARAMS[action.card]})
        if action.call:
            return Verdict(False, NO_CALLS_OFF if not self._calls else NO_CALL_NOT_DUE,
                           {} if not self._calls else {"card": CARD_PARAMS[action.card], "left": len(hand)})
        return Verdict(True, OK_REDO, {"card": CARD_PARAMS[action.card], "suit": sp})

    def action_from_code(self, code: str) -> Action:
        return from_code(code)

    # --- playing -------------------------------------------------------------------------
    def apply(self, state: PageOneState, action: Any) -> tuple[PageOneState, tuple[Event, ...]]:
        kind = type(action)
        if kind is Play:
            new, events = self._apply_play(state, action)
        elif kind is Draw:
            new, events = self._apply_draw(state)
        elif kind is Pass:
            new, events = self._apply_pass(state)
        elif kind is Catch:
            new, events = self._apply_catch(state)
        elif kind is Challenge:
            new, events = self._apply_challenge(state)
        else:
            new, events = self._apply_name(state, action)
        if new.turns >= self._round_limit and new.phase != OVER:
            return self._stall(new, list(events))
        return new, events

    def _take(self, s: PageOneState, stock: tuple[int, ...], drawn: int, discard: tuple[int, ...], k: int,
              reshuffles: int, events: list[Event]) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...], int]:
        """Draw ``k`` cards (fewer if there are not that many): (cards, stock, drawn, discard,
        reshuffles). An empty stock is refilled from the discard pile except its top card."""
        avail = len(stock) - drawn
        if avail >= k:
            return stock[drawn : drawn + k], stock, drawn + k, discard, reshuffles
        got = stock[drawn:]
        # The top card stays; so do jokers on top with the card under them, which a caught
        # joker bluff uncovers again.
        keep = len(discard) - 1
        while keep > 0 and discard[keep] == JOKER:
            keep -= 1
        if keep < 1:
            return got, stock, len(stock), discard, reshuffles
        reshuffles += 1
        stock = tuple(hash_shuffled(discard[:keep], s.seed, "reshuffle", s.round_no, reshuffles))
        discard = discard[keep:]
        events.append(_event(EV_RESHUFFLED, {"count": len(stock)}))
        more = stock[: k - avail]
        return got + more, stock, len(more), discard, reshuffles

    def _next(self, out: tuple[bool, ...], p: int, direction: int, skips: int) -> int:
        """The seat that plays after ``p`` when ``skips`` players are skipped."""
        n = self._n
        if not self._play_on:
            return (p + direction * (1 + skips)) % n
        q = p
        for _ in range(1 + skips):
            for _k in range(n):
                q = (q + direction) % n
                if not out[q]:
                    break
        return q

    def _apply_play(self, s: PageOneState, a: Play) -> tuple[PageOneState, tuple[Event, ...]]:
        p = s.current
        phase = s.phase
        top = a.card
        hands = s.hands
        if a.under:
            cards = a.cards
            hand = _without(hands[p], cards)
            discard = s.discard + cards
            k = len(cards)
            events = [_event(EV_PLAYED_MANY, {"player": p, "card": CARD_PARAMS[top], "count": k})]
        else:
            hand = hands[p]
            i = hand.index(top)
            hand = hand[:i] + hand[i + 1 :]
            discard = s.discard + (top,)
            k = 1
            events = [_event(EV_PLAYED, {"player": p, "card": CARD_PARAMS[top]})]
        eff = self._effect[top]
        old_suit = s.suit
        if a.suit is None:
            suit = SUIT[top]
        else:
            suit = a.suit
            events.append(_event(EV_NAMED, {"player": p, "suit": SUIT_PARAMS[suit]}))
        direction = s.direction
        if self._suit_reverse and suit != old_suit:
            direction = -direction
            events.append(_event(EV_SUIT_REVERSED, {"suit": SUIT_PARAMS[suit]}))
        pending = s.pending
        kind = s.pending_kind
        out = s.out
        skips = 0
        challenge: tuple[int, ...] = ()
        if eff:
            if eff == E_JUMP or (eff == E_REVERSE and self.config.two_player_q_is_skip
                                 and (self._n == 2 if not self._play_on else out.count(False) == 2)):
                skips = k
            elif eff == E_REVERSE:
                if k % 2:
                    direction = -direction
                events.append(_event(EV_REVERSED, {"effect": self._effect_param[eff], "count": k}))
            elif eff != E_WILD:
                if eff == E_JOKER and phase == PLAY and not pending and self._joker_challenge:
                    bluff = any(SUIT[c] == old_suit for c in hand)
                    challenge = (p, old_suit, s.direction, int(bluff), k)
                pending += PENALTY_OF[eff] * k
                kind = eff
        stock, drawn, reshuffles = s.stock, s.drawn, s.reshuffles
        exposed = -1
        left = len(hand)
        if phase == REDO:
            jokers = s.challenge[4]
            got, stock, drawn, discard, reshuffles = self._take(s, stock, drawn, discard, 4 * jokers, reshuffles, events)
            hand = hand + got
            events.append(_event(EV_BLUFF_PENALTY, {"player": p, "count": len(got)}))
        elif left < 2 and self._due[left]:
            call = "@page_one.call.stop" if left == 0 and not self.config.page_one_on_last else "@page_one.call.page_one"
            if a.call:
                events.append(_event(EV_CALLED, {"player": p, "call": call}))
            elif self._strict:
                got, stock, drawn, discard, reshuffles = self._take(s, stock, drawn, discard, self.config.penalty,
                                                                    reshuffles, events)
                hand = hand + got
                events.append(_event(EV_MISSED_CALL, {"player": p, "call": call, "count": len(got)}))
            else:
                exposed = p
                events.append(_event(EV_CALL_UNNOTICED, {"player": p, "call": call}))
        hands = hands[:p] + (hand,) + hands[p + 1 :]
        finish = s.finish
        if not hand and exposed < 0 and self._play_on:
            out = out[:p] + (True,) + out[p + 1 :]
            finish = finish + (p,)
            events.append(_event(EV_OUT, {"player": p}))
        nxt = self._next(out, p, direction, skips)
        if skips:
            events.append(_event(EV_SKIPPED, {"effect": self._effect_param[eff], "players": self._skipped(out, p, direction, skips)}))
        if pending > s.pending:
            events.append(_event(EV_PENALTY_UP, {"player": nxt, "count": pending}))
        new = _tuple_new(PageOneState, (
            s.seed, s.round_no, s.dealer, s.totals, stock, drawn, discard, hands, out, nxt, direction,
            suit, pending, kind, PLAY, -1, exposed, challenge, 0, p, finish, s.round_winners,
            s.round_scores, "", reshuffles, s.turns + 1,
        ))
        if hand:
            return new, tuple(events)
        # The hand is empty.
        if exposed >= 0:
            if nxt != p:
                return new, tuple(events)  # the next player may catch the missed call
            # Nobody else plays before this player again, so nobody can catch them.
            new = new._replace(exposed=-1)
            if self._play_on:
                return self._went_out_on(new, p, events)
        if self._play_on:
            if out.count(False) < 2:
                return self._end_round(new, events, END_ALL_OUT)
            return new, tuple(events)
        events.append(_event(EV_OUT, {"player": p}))
        return self._end_round(new, events, END_OUT, (p,))

    def _skipped(self, out: tuple[bool, ...], p: int, direction: int, skips: int) -> list[int]:
        seats = []
        q = p
        for _ in range(skips):
            q = self._next(out, q, direction, 0)
            seats.append(q)
        return seats

    def _went_out_on(self, s: PageOneState, p: int, events: list[Event]) -> tuple[PageOneState, tuple[Event, ...]]:
        """play_on: seat ``p`` (an empty hand whose missed call was not caught) is out now."""
        out = s.out[:p] + (True,) + s.out[p + 1 :]
        events.append(_event(EV_OUT, {"player": p}))
        current = s.current
        if current == p:
            current = self._next(out, p, s.direction, 0)
        s = s._replace(out=out, finish=s.finish + (p,), current=current)
        if out.count(False) < 2:
            return self._end_round(s, events, END_ALL_OUT)
        return s, tuple(events)

    def _apply_draw(self, s: PageOneState) -> tuple[PageOneState, tuple[Event, ...]]:
        p = s.current
        events: list[Event] = []
        hand = s.hands[p]
        stock, drawn, discard, reshuffles = s.stock, s.drawn, s.discard, s.reshuffles
        if s.pending:
            got, stock, drawn, discard, reshuffles = self._take(s, stock, drawn, discard, s.pending, reshuffles, events)
            events.append(_event(EV_PENALTY_DRAWN, {"player": p, "count": len(got)}))
            hands = s.hands[:p] + (hand + got,) + s.hands[p + 1 :]
            nxt = self._next(s.out, p, s.direction, 0)
            new = _tuple_new(PageOneState, (
                s.seed, s.round_no, s.dealer, s.totals, stock, drawn, discard, hands, s.out, nxt,
                s.direction, s.suit, 0, E_NONE, PLAY, -1, -1, (), 0, s.last_player, s.finish,
                s.round_winners, s.round_scores, "", reshuffles, s.turns + 1,
            ))
            return new, tuple(events)
        rule = self._draw_rule
        count = 0
        card = -1
        # no_special: a hand of special cards only can never go out, so its player draws on
        # until a plain card comes.
        need_plain = self._no_special_out and all(self._special[c] for c in hand)
        while True:
            if len(stock) > drawn:
                card = stock[drawn]
                drawn += 1
            else:
                got, stock, drawn, discard, reshuffles = self._take(s, stock, drawn, discard, 1, reshuffles, events)
                if not got:
                    card = -1
                    break
                card = got[0]
            hand = hand + (card,)
            count += 1
            if need_plain and self._special[card]:
                continue
            if rule != "until_playable" or self._fits_drawn(s, card, hand):
                break
        events.append(_event(EV_DREW, {"player": p, "count": count}))
        hands = s.hands[:p] + (hand,) + s.hands[p + 1 :]
        if card >= 0 and rule != "keep_drawn" and self._fits_drawn(s, card, hand):
            nxt, phase, drawn_card = p, DRAWN, card
        else:
            nxt, phase, drawn_card = self._next(s.out, p, s.direction, 0), PLAY, -1
        new = _tuple_new(PageOneState, (
            s.seed, s.round_no, s.dealer, s.totals, stock, drawn, discard, hands, s.out, nxt,
            s.direction, s.suit, 0, E_NONE, phase, drawn_card, -1, (), 0, s.last_player, s.finish,
            s.round_winners, s.round_scores, "", reshuffles, s.turns + 1,
        ))
        return new, tuple(events)

    def _fits_drawn(self, s: PageOneState, card: int, hand: tuple[int, ...]) -> bool:
        """May the card just drawn (now in ``hand``) be played this turn?"""
        if card == JOKER:
            return self._fits(s, card, hand)
        return self._match[s.suit * 14 + RANK[s.discard[-1]] + 1][card]

    def _apply_pass(self, s: PageOneState) -> tuple[PageOneState, tuple[Event, ...]]:
        p = s.current
        events: list[Event] = []
        if s.phase == DRAWN:
            events.append(_event(EV_KEPT, {"player": p}))
            nxt = self._next(s.out, p, s.direction, 0)
            return s._replace(current=nxt, phase=PLAY, drawn_card=-1, turns=s.turns + 1), tuple(events)
        ex = s.exposed
        if ex >= 0 and not s.hands[ex]:
            # Letting a missed "Stop" go: that player has gone out.
            events.append(_event(EV_LET_GO, {"player": ex}))
            s = s._replace(exposed=-1, turns=s.turns + 1)
            if self._play_on:
                return self._went_out_on(s, ex, events)
            events.append(_event(EV_OUT, {"player": ex}))
            return self._end_round(s, events, END_OUT, (ex,))
        events.append(_event(EV_PASSED, {"player": p}))
        new = s._replace(current=self._next(s.out, p, s.direction, 0), passes=s.passes + 1, challenge=(), exposed=-1,
                         turns=s.turns + 1)
        return self._check_blocked(new, events)

    def _check_blocked(self, s: PageOneState, events: list[Event]) -> tuple[PageOneState, tuple[Event, ...]]:
        if s.passes < s.out.count(False):
            return s, tuple(events)
        events.append(_event(EV_BLOCKED, {}))
        return self._end_round(s, events, END_BLOCKED, self._lowest(s))

    def _stall(self, s: PageOneState, events: list[Event]) -> tuple[PageOneState, tuple[Event, ...]]:
        """The round reached ``round_limit`` decisions: stop it and score it like a blocked one."""
        events.append(_event(EV_STALLED, {"turns": s.turns}))
        return self._end_round(s, events, END_STALLED, self._lowest(s))

    def _lowest(self, s: PageOneState) -> tuple[int, ...]:
        """The players still in whose hands are worth the least."""
        values = [self.hand_value(h) if not s.out[i] else None for i, h in enumerate(s.hands)]
        low = min(v for v in values if v is not None)
        return tuple(i for i, v in enumerate(values) if v == low)

    def _apply_catch(self, s: PageOneState) -> tuple[PageOneState, tuple[Event, ...]]:
        ex = s.exposed
        events: list[Event] = []
        got, stock, drawn, discard, reshuffles = self._take(s, s.stock, s.drawn, s.discard, self.config.penalty,
                                                            s.reshuffles, events)
        events.append(_event(EV_CAUGHT, {"player": ex, "by": s.current, "count": len(got)}))
        hands = s.hands[:ex] + (s.hands[ex] + got,) + s.hands[ex + 1 :]
        new = s._replace(stock=stock, drawn=drawn, discard=discard, reshuffles=reshuffles, hands=hands, exposed=-1,
                         passes=0 if got else s.passes, turns=s.turns + 1)
        if not hands[ex]:
            # Nothing to draw: the caught player keeps an empty hand and has gone out after all.
            if self._play_on:
                return self._went_out_on(new, ex, events)
            events.append(_event(EV_OUT, {"player": ex}))
            return self._end_round(new, events, END_OUT, (ex,))
        return new, tuple(events)

    def _apply_challenge(self, s: PageOneState) -> tuple[PageOneState, tuple[Event, ...]]:
        q = s.current
        joker_player, old_suit, old_direction, bluff, jokers = s.challenge
        events: list[Event] = []
        if bluff:
            events.append(_event(EV_CHALLENGE_WON, {"player": q, "target": joker_player, "suit": SUIT_PARAMS[old_suit]}))
            discard = s.discard[:-jokers]
            hand = s.hands[joker_player] + (JOKER,) * jokers
            hands = s.hands[:joker_player] + (hand,) + s.hands[joker_player + 1 :]
            new = s._replace(discard=discard, hands=hands, suit=old_suit, direction=old_direction, pending=0,
                             pending_kind=E_NONE, phase=REDO, current=joker_player, exposed=-1, turns=s.turns + 1)
            return new, tuple(events)
        got, stock, drawn, discard, reshuffles = self._take(s, s.stock, s.drawn, s.discard,
                                                            s.pending + self.config.penalty, s.reshuffles, events)
        events.append(_event(EV_CHALLENGE_LOST, {"player": q, "target": joker_player, "count": len(got)}))
        hands = s.hands[:q] + (s.hands[q] + got,) + s.hands[q + 1 :]
        new = s._replace(stock=stock, drawn=drawn, discard=discard, reshuffles=reshuffles, hands=hands, pending=0,
                         pending_kind=E_NONE, challenge=(), exposed=-1, passes=0,
                         current=self._next(s.out, q, s.direction, 0), turns=s.turns + 1)
        return new, tuple(events)

    def _apply_name(self, s: PageOneState, action: NameSuit) -> tuple[PageOneState, tuple[Event, ...]]:
        events = [_event(EV_NAMED, {"player": s.current, "suit": SUIT_PARAMS[action.suit]})]
        first = (s.dealer + 1) % self._n
        return s._replace(suit=action.suit, phase=PLAY, current=first, turns=s.turns + 1), tuple(events)

    # --- the end of a round and of the match ---------------------------------------------
    def _end_round(self, s: PageOneState, events: list[Event], reason: str,
                   winners: tuple[int, ...] = ()) -> tuple[PageOneState, tuple[Event, ...]]:
        cfg = self.config
        n = self._n
        hands = s.hands
        stock, drawn, discard, reshuffles = s.stock, s.drawn, s.discard, s.reshuffles
        if reason == END_OUT and s.pending and cfg.final_penalty_drawn:
            victim = s.current
            got, stock, drawn, discard, reshuffles = self._take(s, stock, drawn, discard, s.pending, reshuffles, events)
            hands = hands[:victim] + (hands[victim] + got,) + hands[victim + 1 :]
            events.append(_event(EV_PENALTY_DRAWN, {"player": victim, "count": len(got)}))
        values = [self.hand_value(h) for h in hands]
        scores = [0] * n
        if reason == END_ALL_OUT:
            first = s.finish[0]
            last = s.out.index(False)
            winners = (first,)
            scores[first] = values[last]
            scores[last] = -values[last]
        else:
            contenders = [i for i in range(n) if not s.out[i]]
            losers = [i for i in contenders if i not in winners]
            won = sum(values[i] for i in losers)
            for i in losers:
                scores[i] = -values[i]
            for w in winners:
                scores[w] = won // len(winners)
        totals = tuple(t + sc for t, sc in zip(s.totals, scores))
        round_no = s.round_no
        events.append(_event(EV_ROUND_OVER, {"round": round_no + 1, "players": list(winners), "points": max(scores)}))
        d = s._asdict()
        d.update(hands=hands, stock=stock, drawn=drawn, discard=discard, reshuffles=reshuffles, totals=totals,
                 round_winners=s.round_winners + winners, round_scores=tuple(scores), exposed=-1,
                 challenge=(), pending=0, pending_kind=E_NONE, drawn_card=-1)
        termination = ""
        if round_no + 1 >= cfg.rounds:
            termination = reason if cfg.rounds == 1 else END_ROUNDS
        elif cfg.target and any(abs(t) >= cfg.target for t in totals):
            termination = END_TARGET
        if termination:
            d.update(phase=OVER, current=-1, termination=termination)
            if cfg.rounds > 1:
                events.append(_event(EV_MATCH_OVER, {"players": list(self._match_winners(totals))}))
        else:
            d.update(round_no=round_no + 1, dealer=(s.dealer + 1) % n)
            self._deal(d, events)
        return PageOneState(**d), tuple(events)

    @staticmethod
    def _match_winners(totals: tuple[int, ...]) -> tuple[int, ...]:
        best = max(totals)
        return tuple(i for i, t in enumerate(totals) if t == best)

    # --- results -------------------------------------------------------------------------
    def outcome(self, state: PageOneState) -> Outcome | None:
        if state.current >= 0:
            return None
        cfg = self.config
        if cfg.rounds == 1:
            winners = tuple(sorted(state.round_winners))
        else:
            winners = self._match_winners(state.totals)
        details: dict[str, Any] = {
            "rounds": state.round_no + 1,
            "round_winners": list(state.round_winners),
            "last_round_scores": list(state.round_scores),
            "hand_values": [self.hand_value(h) for h in state.hands],
        }
        return Outcome(state.termination, winners, tuple(float(t) for t in state.totals), details)

    # --- information ---------------------------------------------------------------------
    def observe(self, state: PageOneState, player: int | None) -> dict[str, Any]:
        n = self._n
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
        hidden = [i for i in range(self._n) if i != player]
        unknown = list(s.stock[s.drawn :])
        for i in hidden:
            unknown.extend(s.hands[i])
        rng.shuffle(unknown)
        pos = s.stock_count
        stock = s.stock[: s.drawn] + tuple(unknown[:pos])
        hands = list(s.hands)
        for i in hidden:
            size = len(hands[i])
            hands[i] = tuple(unknown[pos : pos + size])
            pos += size
        challenge = s.challenge
        drawn_card = s.drawn_card
        if challenge and challenge[0] != player:
            owner, suit = challenge[0], challenge[1]
            if s.phase == REDO:
                stock = self._give_suit(hands, stock, s.drawn, owner, suit, hidden)
            else:
                bluff = any(SUIT[c] == suit for c in hands[owner])
                challenge = challenge[:3] + (int(bluff),) + challenge[4:]
        if s.phase == DRAWN and s.current != player:
            drawn_card = hands[s.current][-1]
        # Future deals and reshuffles come from the seed, which no player knows.
        return s._replace(stock=stock, hands=tuple(hands), challenge=challenge, drawn_card=drawn_card,
                          seed=rng.getrandbits(63))

    @staticmethod
    def _give_suit(hands: list[tuple[int, ...]], stock: tuple[int, ...], drawn: int, owner: int, suit: int,
                   hidden: list[int]) -> tuple[int, ...]:
        """Make ``owner``'s resampled hand hold a card of ``suit`` (a caught bluffer must), by
        swapping one in from another hidden hand or the stock; returns the stock."""
        hand = hands[owner]
        if any(SUIT[c] == suit for c in hand):
            return stock
        for i in hidden:
            other = hands[i]
            if i == owner:
                continue
            for j, c in enumerate(other):
                if SUIT[c] == suit:
                    hands[i] = other[:j] + (hand[0],) + other[j + 1 :]
                    hands[owner] = (c,) + hand[1:]
                    return stock
        for j in range(drawn, len(stock)):
            c = stock[j]
            if SUIT[c] == suit:
                hands[owner] = (c,) + hand[1:]
                return stock[:j] + (hand[0],) + stock[j + 1 :]
        return stock

    def census(self, state: PageOneState) -> Counter[Any]:
        count: Counter[int] = Counter(state.stock[state.drawn :])
        count.update(state.discard)
        for hand in state.hands:
            count.update(hand)
        return count

    def codes(self) -> frozenset[str]:
        return REASON_CODES | EVENT_CODES | END_CODES | LABEL_CODES | ACTION_LABEL_CODES | HINT_CODES


__all__ = ["PRESETS", "PageOne", "PageOneConfig", "PageOneState"]
