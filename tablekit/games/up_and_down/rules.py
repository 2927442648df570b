"""Up&Down (アップんダウン): the rules as tablekit plays them.

Overview
    A shedding-and-survival game for 2 to 7 players, from the rules of its author on the Mosaic
    Games blog. Each player in turn lays one card on a shared pile. A number card must beat the
    number on the pile, unless it shares the ones digit. A player who cannot lay a card is out
    of the game; the last player in wins it. Three ways to play: Basic (a match to three game
    wins), Carry-over (chips, an ante and a pot that can roll over) and Cul-de-sac (everyone
    plays with open hands and works together); Cul-de-sac also works as a solo puzzle with four
    open hands.

Setup
    108 cards: the numbers 1 to 100 once each, three Pass, three Turn and two Shot cards. The
    dealer shuffles and deals five cards to each seated player; the rest is the face-down stock.
    The field (the number to beat) starts empty. The first dealer is the highest seat, so seat
    0, on the dealer's left, plays first. Play runs clockwise (seat numbers increasing). In Cul-de-sac all hands lie face up and the holder of the lowest
    number card on the table opens by playing exactly that card.

Turn
    The player to act must play one legal card (there is no voluntary pass), then draws one card
    while the stock lasts, so hands stay at five until it runs out. A player who holds no legal
    card when their turn comes (an empty hand included) is eliminated: their hand is turned
    down and they sit out the rest of the game. Turns then go to the next player still in.

Legality
    On an empty field any card may be played. A number n on a field f is legal when n > f or
    when n and f have the same ones digit (85 then 25; 100 then 30). Special cards may always be
    played and never change the field; so a player holding a special card cannot be eliminated.

Special cards
    A special card leaves the field as it is; its player says the number in force aloud, so
    the next player knows what to beat (the event of every special card carries it).
    Pass: the turn simply moves on to the next player (nobody is skipped).
    Turn: the direction of play reverses.
    Shot: the player names another player still in the game, who plays next; afterwards play
    continues from that player in the unchanged direction. If the named player cannot play,
    they are eliminated and the turn goes to their neighbour in the current direction.

Scoring
    Basic: the survivor of a game scores one win point and deals the next game.
    Carry-over: everyone starts with ``starting_chips`` and pays ``ante`` into the pot before
    each game. A player who is eliminated pays one chip to whoever made the latest play (the
    one who knocked them out). The survivor takes the whole pot only if they could now lay one
    more legal card from their hand on the pile; otherwise the pot carries over to the next
    game. The survivor deals the next game.
    Cul-de-sac: phase 1 (the mission) is to draw the whole stock without anyone being
    eliminated; an elimination before then fails the mission and ends the game. Once the last
    stock card is drawn, phase 2 (the score challenge) begins: an eliminated player turns their
    hand down and the game goes on; a player who lays their last card has finished and is
    skipped. The game ends when every player has finished or been eliminated. The team score is
    (players who emptied their hand) / (players); between equal teams, fewer face-down cards
    and then a lower sum of face-down numbers rank higher (specials count
    ``special_tiebreak_value``, 0 by default).

End
    Basic: the first player to ``target_wins`` game wins (3) takes the match.
    Carry-over: the match ends when, before a game, some player cannot pay the ante. If a pot
    is waiting then, the players who can pay play one more game, and again until someone takes
    the pot; if fewer than two can pay, the match stops and an unclaimed pot is left. The most
    chips win; a tie is shared. ``max_games`` (200) caps a match in any mode.
    With ``single_game`` the state ends after one game. Cul-de-sac is always one game.

Options (decisions where the source is silent; see shared/rules/up_and_down.md (g))
    special_on_empty_field   "free" (default) or "forbidden": may a special open a game.
    two_player_turn_is_skip  False: Turn only reverses, so with two players it acts like Pass.
    shot_may_name_self       False: a Shot names another player still in. When nobody else is
                             left (Cul-de-sac phase 2) the Shot names its own player.
    payee                    "last_play" (whoever made the latest play, a special included) or
                             "last_number". With nobody to pay, or the payee being the
                             eliminated player themselves, no chip moves.
    allow_debt               False: a player with no chips pays nothing when eliminated.
    pot_claim_allows_special True: a special card counts as the survivor's extra card. A
                             survivor with an empty hand cannot claim.
    inflation                False; when on, the ante after a carry-over is ``inflation_ante``.
    buy_in                   0: no buying. The source lets players agree on buying more chips
                             during a Carry-over match; with ``buy_in`` > 0 a player who cannot
                             pay the ante before a game buys ``buy_in`` chips (at most
                             ``max_buys`` times per match) and plays on. Chips bought are
                             counted: the outcome ranks by chips minus chips bought.
    removed_cards            Cul-de-sac: this many cards are removed at random before the deal.
    solo                     Cul-de-sac played by one person controlling every open hand.

Action codes
    "37" plays the number 37, "P" a Pass, "T" a Turn, "S2" a Shot naming seat 2 (seats are
    numbered from 0 in codes and from 1 for people).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache, partial
from typing import Any, Final, Iterable

from tablekit.core.deck import redeal_unseen
from tablekit.core.errors import ConfigError, InvalidActionError
from tablekit.core.game import Game, Outcome
from tablekit.core.rng import hash_shuffled
from tablekit.core.setup import check_options, check_seed
from tablekit.core.seats import next_seat
from tablekit.core.verdict import Event, SharedParams, Verdict
from tablekit.games.up_and_down.actions import (
    CARD_CODES,
    NUMBER_ACTIONS,
    PASS,
    PASS_ACTION,
    SHOT,
    SHOT_ACTIONS,
    TURN,
    TURN_ACTION,
    Play,
    card_param,
    from_code,
    full_deck,
)
from tablekit.games.up_and_down.config import HAND_SIZE, MAX_PLAYERS, PRESETS, UpAndDownConfig
from tablekit.games.up_and_down.state import (
    ACTIVE,
    CHALLENGE,
    FINISHED,
    MISSION,
    OUT,
    OVER,
    PLAY,
    SITTING_OUT,
    UpAndDownState,
    after_play,
    new_state,
)

NS: Final = "up_and_down"
# Terminations
END_TARGET: Final = f"{NS}.end.target_wins"
END_SINGLE: Final = f"{NS}.end.single_game"
END_CANNOT_ANTE: Final = f"{NS}.end.cannot_ante"
END_GAME_LIMIT: Final = f"{NS}.end.game_limit"
END_MISSION_FAILED: Final = f"{NS}.end.mission_failed"
END_CHALLENGE: Final = f"{NS}.end.challenge_done"
# Events
EV_DEAL: Final = f"{NS}.event.deal"
EV_ANTE: Final = f"{NS}.event.ante"
EV_SITS_OUT: Final = f"{NS}.event.sits_out"
EV_NUMBER: Final = f"{NS}.event.played_number"
EV_PASS: Final = f"{NS}.event.played_pass"
EV_TURN: Final = f"{NS}.event.played_turn"
EV_SHOT: Final = f"{NS}.event.played_shot"
EV_STOCK_EMPTY: Final = f"{NS}.event.stock_empty"
EV_ELIMINATED: Final = f"{NS}.event.eliminated"
EV_PAID: Final = f"{NS}.event.paid"
EV_CANNOT_PAY: Final = f"{NS}.event.cannot_pay"
EV_GAME_WON: Final = f"{NS}.event.game_won"
EV_POT_CLAIMED: Final = f"{NS}.event.pot_claimed"
EV_POT_CARRIED: Final = f"{NS}.event.pot_carried"
EV_CHALLENGE: Final = f"{NS}.event.challenge_begins"
EV_FINISHED: Final = f"{NS}.event.finished"
EV_MISSION_FAILED: Final = f"{NS}.event.mission_failed"
EV_SCORE: Final = f"{NS}.event.score"
EV_MATCH_OVER: Final = f"{NS}.event.match_over"
EV_BOUGHT: Final = f"{NS}.event.bought"
# Reasons
OK_OPENING: Final = f"{NS}.ok.opening"
OK_EMPTY: Final = f"{NS}.ok.empty_field"
OK_HIGHER: Final = f"{NS}.ok.higher"
OK_SAME_DIGIT: Final = f"{NS}.ok.same_digit"
OK_PASS: Final = f"{NS}.ok.pass"
OK_TURN: Final = f"{NS}.ok.turn"
OK_SHOT: Final = f"{NS}.ok.shot"
NO_GAME_OVER: Final = f"{NS}.illegal.game_over"
NO_NOT_IN_HAND: Final = f"{NS}.illegal.not_in_hand"
NO_MUST_OPEN: Final = f"{NS}.illegal.must_open_lowest"
NO_SPECIAL_EMPTY: Final = f"{NS}.illegal.special_on_empty_field"
NO_NOT_HIGHER: Final = f"{NS}.illegal.not_higher"
NO_SHOT_TARGET: Final = f"{NS}.illegal.shot_needs_target"
NO_SHOT_SEAT: Final = f"{NS}.illegal.no_such_seat"
NO_SHOT_SELF: Final = f"{NS}.illegal.shot_self"
NO_SHOT_INACTIVE: Final = f"{NS}.illegal.shot_inactive"

REASON_CODES: Final = frozenset({
    OK_OPENING, OK_EMPTY, OK_HIGHER, OK_SAME_DIGIT, OK_PASS, OK_TURN, OK_SHOT, NO_GAME_OVER,
    NO_NOT_IN_HAND, NO_MUST_OPEN, NO_SPECIAL_EMPTY, NO_NOT_HIGHER, NO_SHOT_TARGET, NO_SHOT_SEAT,
    NO_SHOT_SELF, NO_SHOT_INACTIVE,
})
EVENT_CODES: Final = frozenset({
    EV_DEAL, EV_ANTE, EV_SITS_OUT, EV_NUMBER, EV_PASS, EV_TURN, EV_SHOT, EV_STOCK_EMPTY,
    EV_ELIMINATED, EV_PAID, EV_CANNOT_PAY, EV_GAME_WON, EV_POT_CLAIMED, EV_POT_CARRIED,
    EV_CHALLENGE, EV_FINISHED, EV_MISSION_FAILED, EV_SCORE, EV_MATCH_OVER, EV_BOUGHT,
})
END_CODES: Final = frozenset({
    END_TARGET, END_SINGLE, END_CANNOT_ANTE, END_GAME_LIMIT, END_MISSION_FAILED, END_CHALLENGE,
})
LABEL_CODES: Final = frozenset(
    {f"{NS}.card.{c}" for c in "PTS"}
    | {f"{NS}.action.{k}" for k in ("number", "pass", "turn", "shot", "shot_untargeted")}
    | {f"{NS}.status.{s}" for s in (ACTIVE, OUT, FINISHED, SITTING_OUT)}
    | {f"{NS}.phase.{p}" for p in (PLAY, MISSION, CHALLENGE, OVER)}
    | {f"{NS}.label.{k}" for k in (
        "field", "field_empty", "no_number", "stock", "pot", "ante", "game_no", "direction", "clockwise",
        "counterclockwise", "wins", "chips", "hand", "hand_count", "removed", "dealer", "turn",
        "pile", "last_player", "game_winners", "phase", "mode", "mode.basic", "mode.carry_over",
        "mode.cul_de_sac", "mode.solo")}
    | {"up_and_down.title"}
)
HINT_CODES: Final = frozenset(f"{NS}.hint.{k}" for k in (
    "opening", "open_low", "attack", "same_digit_drop", "keep_options", "lifeline",
    "shot_weakest", "shot_helper", "help_next",
))


FULL_DECK: Final = full_deck()
#: ``_fast_event((code, params))`` is ``Event(code, params)`` without NamedTuple's Python-level
#: ``__new__``: the play event is built on every step of every playout.
_fast_event: Final = partial(tuple.__new__, Event)
#: Every seat's play of every number card (1 to 100), as its event (``_NUMBER[seat * 101 + card]``),
#: made once: most steps are these, and a new dict at each was a tenth of a playout's time.
_NUMBER: Final = tuple(_fast_event((EV_NUMBER, SharedParams(player=p, card=c)))
                       for p in range(MAX_PLAYERS) for c in range(101))
#: The ``number`` parameter of a special card's event while the field is still empty.
EMPTY_FIELD: Final = f"@{NS}.label.no_number"


@lru_cache(maxsize=1 << 14)  # a pure function of few distinct arguments, asked on most steps
def _next_active(status: tuple[str, ...], seat: int, direction: int) -> int:
    """The next seat still in the game after ``seat`` (``seat`` itself if it is the only one
    in; -1 if nobody is)."""
    out = tuple(map(ACTIVE.__ne__, status))
    return -1 if all(out) else next_seat(seat, len(status), direction, 0, out)


def _replace_at(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return values[:i] + (value,) + values[i + 1 :]


def _hand_codes(hands: tuple[tuple[int, ...], ...]) -> list[list[str]]:
    """Every seat's hand as card codes, in the order observations show them."""
    return [list(map(CARD_CODES.__getitem__, sorted(hand))) for hand in hands]


class UpAndDown(Game[UpAndDownState]):
    """The Up&Down game object (see the module docstring for the rules).

    >>> from tablekit import make
    >>> game = make("up_and_down", players=3)
    >>> s = game.initial_state(seed=3)
    >>> [a.code for a in game.legal_actions(s)]
    ['13', '22', '53', '95', 'P']
    """

    name = NS
    config_class = UpAndDownConfig
    config: UpAndDownConfig

    def __init__(self, config: UpAndDownConfig, preset: str = "custom") -> None:
        if not isinstance(config, UpAndDownConfig):
            raise ConfigError(NS, "config", config, "an UpAndDownConfig")
        super().__init__(config, preset)
        self._open = config.open_hands
        self._specials_free = config.special_on_empty_field == "free"

    # --- setup ---------------------------------------------------------------------------
    def initial_state(self, seed: int, **setup: Any) -> UpAndDownState:
        """The state before the first decision.

        The only setup option is ``deck``: it stacks the first game's deck (108 cards, in the
        order: seat 0's five cards, seat 1's five, ..., then the stock from the top; in
        Cul-de-sac the last ``removed_cards`` cards are the removed ones). Later games are
        shuffled from ``seed``.
        """
        check_options(setup, ("deck",))
        deck: Iterable[int] | None = setup.get("deck")
        check_seed(seed)
        cfg = self.config
        n = cfg.players
        stacked = None
        if deck is not None:
            stacked = tuple(deck)
            if Counter(stacked) != Counter(full_deck()):
                raise ValueError("a stacked deck must hold the 108 Up&Down cards exactly once each "
                                 "(numbers 1..100, 3 Pass=101, 3 Turn=102, 2 Shot=103)")
        d: dict[str, Any] = dict(
            seed=seed, game_no=0, dealer=n - 1, wins=(0,) * n,
            chips=(cfg.starting_chips if cfg.uses_chips else 0,) * n, pot=0, ante=0,
            carried=False, deck=(), drawn=0, removed=(), hands=((),) * n, status=(ACTIVE,) * n,
            pile=(), field=0, direction=1, current=-1, last_player=-1, last_number_player=-1,
            phase=PLAY, termination="", game_winners=(), bought=(0,) * n,
        )
        events: list[Event] = []
        self._deal(d, events, stacked)
        state, _ = self._settle(new_state(**d), events)
        return state

    def _deal(self, d: dict[str, Any], events: list[Event], stacked: tuple[int, ...] | None = None) -> None:
        """Start game number d['game_no'] with dealer d['dealer'] (antes, shuffle, deal)."""
        cfg = self.config
        n = cfg.players
        seated = list(range(n))
        if cfg.uses_chips:
            ante = cfg.inflation_ante if (cfg.inflation and d["carried"]) else cfg.ante
            if cfg.buy_in:
                self._buy(d, events, ante)
            can_pay = [i for i in range(n) if d["chips"][i] >= ante]
            if len(can_pay) < n:
                # Somebody cannot ante: the match ends, unless a pot is waiting and at least two
                # players can still pay, who then play on for it.
                if d["pot"] > 0 and len(can_pay) >= 2:
                    seated = can_pay
                    for i in range(n):
                        if i not in can_pay:
                            events.append(Event(EV_SITS_OUT, {"player": i}))
                else:
                    self._finish(d, events, END_CANNOT_ANTE)
                    return
            d["chips"] = tuple(c - ante if i in seated else c for i, c in enumerate(d["chips"]))
            d["pot"] += ante * len(seated)
            d["ante"] = ante
            events.append(Event(EV_ANTE, {"amount": ante, "pot": d["pot"]}))
        if stacked is not None:
            cards = list(stacked)
        else:
            cards = hash_shuffled(FULL_DECK, d["seed"], "deal", d["game_no"])
        removed: tuple[int, ...] = ()
        if cfg.removed_cards:
            removed = tuple(cards[-cfg.removed_cards :])
            del cards[-cfg.removed_cards :]
        hands: list[tuple[int, ...]] = [()] * n
        pos = 0
        for seat in seated:
            hands[seat] = tuple(cards[pos : pos + HAND_SIZE])
            pos += HAND_SIZE
        d.update(
            deck=tuple(cards[pos:]), drawn=0, removed=removed, hands=tuple(hands),
            status=tuple(ACTIVE if i in seated else SITTING_OUT for i in range(n)),
            pile=(), field=0, direction=1, last_player=-1, last_number_player=-1,
            phase=MISSION if self._open else PLAY,
        )
        if self._open:
            lowest = min(c for h in hands for c in h if c <= 100)
            d["current"] = next(i for i, h in enumerate(hands) if lowest in h)
        else:
            d["current"] = _next_active(d["status"], d["dealer"], 1)
        events.append(Event(EV_DEAL, {"game": d["game_no"] + 1, "dealer": d["dealer"]}))
        if self._open and not d["deck"]:
            # Every card not removed was dealt: there is no stock to draw, so the mission is
            # already complete and the score challenge starts at once.
            d["phase"] = CHALLENGE
            events.append(Event(EV_CHALLENGE, {}))

    def _buy(self, d: dict[str, Any], events: list[Event], ante: int) -> None:
        """Carry-over with ``buy_in``: every player who cannot pay the ante buys ``buy_in``
        chips while they have purchases left (``max_buys`` per match)."""
        cfg = self.config
        chips, bought = list(d["chips"]), list(d["bought"])
        for i in range(cfg.players):
            while chips[i] < ante and bought[i] < cfg.buy_in * cfg.max_buys:
                chips[i] += cfg.buy_in
                bought[i] += cfg.buy_in
                events.append(Event(EV_BOUGHT, {"player": i, "amount": cfg.buy_in, "chips": chips[i]}))
        d["chips"], d["bought"] = tuple(chips), tuple(bought)

    # --- queries -------------------------------------------------------------------------
    def current_player(self, state: UpAndDownState) -> int | None:
        return None if state.current < 0 else state.current

    def is_terminal(self, state: UpAndDownState) -> bool:
        return state.current < 0

    def can_play(self, hand: Iterable[int], field: int) -> bool:
        """Could a player holding ``hand`` lay a card on ``field`` (0: the field is empty)?

        >>> from tablekit import make
        >>> game = make("up_and_down")
        >>> game.can_play((25, 40), 85), game.can_play((24, 40), 85), game.can_play((101,), 85)
        (True, False, True)
        """
        return self._can_play(tuple(hand), field)

    def _can_play(self, hand: tuple[int, ...], field: int) -> bool:
        if field == 0:
            return bool(hand) if self._specials_free else any(c <= 100 for c in hand)
        f10 = field % 10
        for c in hand:
            if c > field or c % 10 == f10:  # specials (101..103) are always > field
                return True
        return False

    def _shot_targets(self, state: UpAndDownState, seat: int) -> tuple[int, ...]:
        others = tuple(i for i, st in enumerate(state.status) if st == ACTIVE and i != seat)
        if not others or self.config.shot_may_name_self:
            return tuple(sorted(others + (seat,)))
        return others

    def legal_actions(self, state: UpAndDownState) -> tuple[Play, ...]:
        p = state.current
        if p < 0:
            return ()
        hand = state.hands[p]
        field = state.field
        if self._open and not state.pile:
            return (NUMBER_ACTIONS[min(c for c in hand if c <= 100)],)
        out: list[Play] = []
        specials_ok = field != 0 or self._specials_free
        f10 = field % 10
        seen_pass = seen_turn = seen_shot = False
        for c in sorted(hand):
            if c <= 100:
                if field == 0 or c > field or c % 10 == f10:
                    out.append(NUMBER_ACTIONS[c])
            elif not specials_ok:
                break
            elif c == PASS:
                if not seen_pass:
                    out.append(PASS_ACTION)
                    seen_pass = True
            elif c == TURN:
                if not seen_turn:
                    out.append(TURN_ACTION)
                    seen_turn = True
            elif not seen_shot:
                out.extend(SHOT_ACTIONS[t] for t in self._shot_targets(state, p))
                seen_shot = True
        return tuple(out)

    def is_legal(self, state: UpAndDownState, action: Any) -> bool:
        p = state.current
        if p < 0 or type(action) is not Play:
            return False
        card = action.card
        hand = state.hands[p]
        if card not in hand:
            return False
        field = state.field
        if self._open and not state.pile:
            return card == min(c for c in hand if c <= 100)
        if card > 100:
            if field == 0 and not self._specials_free:
                return False
            if card == SHOT:
                return action.target in self._shot_targets(state, p)
            return True
        return field == 0 or card > field or card % 10 == field % 10

    def candidate_actions(self, state: UpAndDownState) -> list[Play]:
        cands = [NUMBER_ACTIONS[n] for n in range(1, 101)] + [PASS_ACTION, TURN_ACTION, Play(SHOT)]
        cands += SHOT_ACTIONS
        return cands

    def explain(self, state: UpAndDownState, action: Any) -> Verdict:
        if type(action) is not Play:
            raise InvalidActionError(f"{action!r} is not an Up&Down action")
        p = state.current
        card = action.card
        cp = card_param(card)
        if p < 0:
            return Verdict(False, NO_GAME_OVER, {})
        hand = state.hands[p]
        if card not in hand:
            return Verdict(False, NO_NOT_IN_HAND, {"card": cp, "player": p})
        field = state.field
        if self._open and not state.pile:
            lowest = min(c for c in hand if c <= 100)
            if card != lowest:
                return Verdict(False, NO_MUST_OPEN, {"card": cp, "lowest": lowest})
            return Verdict(True, OK_OPENING, {"card": cp})
        if card > 100:
            if field == 0 and not self._specials_free:
                return Verdict(False, NO_SPECIAL_EMPTY, {"card": cp})
            if card == PASS:
                return Verdict(True, OK_PASS, {})
            if card == TURN:
                return Verdict(True, OK_TURN, {})
            target = action.target
            if target is None:
                return Verdict(False, NO_SHOT_TARGET, {})
            if target >= self.config.players:
                return Verdict(False, NO_SHOT_SEAT, {"target": target, "players": self.config.players})
            if target not in self._shot_targets(state, p):
                if target == p:
                    return Verdict(False, NO_SHOT_SELF, {})
                return Verdict(False, NO_SHOT_INACTIVE, {"target": target})
            return Verdict(True, OK_SHOT, {"target": target})
        if field == 0:
            return Verdict(True, OK_EMPTY, {"card": cp})
        if card > field:
            return Verdict(True, OK_HIGHER, {"card": cp, "field": field})
        if card % 10 == field % 10:
            return Verdict(True, OK_SAME_DIGIT, {"card": cp, "field": field, "digit": field % 10})
        return Verdict(False, NO_NOT_HIGHER, {"card": cp, "field": field, "digit": field % 10})

    def action_from_code(self, code: str) -> Play:
        return from_code(code)

    # --- playing -------------------------------------------------------------------------
    def apply(self, state: UpAndDownState, action: Play) -> tuple[UpAndDownState, tuple[Event, ...]]:  # type: ignore[override]
        p = state.current
        card = action.card
        hand = state.hands[p]
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
        field = state.field
        direction = state.direction
        last_number = state.last_number_player
        status = state.status
        if card <= 100:
            field = card
            last_number = p
            events = [_NUMBER[p * 101 + card]]
        else:
            # The player says the number in force aloud: it stays the field.
            said = field or EMPTY_FIELD
            if card == PASS:
                events = [_fast_event((EV_PASS, {"player": p, "field": field, "number": said}))]
            elif card == TURN:
                direction = -direction
                events = [_fast_event((EV_TURN, {"player": p, "field": field, "number": said}))]
            else:
                events = [_fast_event((EV_SHOT, {"player": p, "target": action.target, "field": field, "number": said}))]
        deck = state.deck
        drawn = state.drawn
        settle = False
        if drawn < len(deck):
            hand = hand + (deck[drawn],)
            drawn += 1
            if drawn == len(deck):
                events.append(Event(EV_STOCK_EMPTY, {"player": p}))
                settle = self._open
        elif self._open and not hand:
            settle = True  # finished in phase 2
        hands = state.hands[:p] + (hand,) + state.hands[p + 1 :]
        nxt: int
        if card == SHOT:
            nxt = action.target  # type: ignore[assignment]  # a legal Shot always names a seat
        elif card == TURN and self.config.two_player_turn_is_skip and status.count(ACTIVE) == 2:
            nxt = p
        else:
            nxt = next_seat(p, len(status), direction)
            if status[nxt] != ACTIVE:
                nxt = _next_active(status, p, direction)
        new = after_play(state, hands, drawn, card, field, direction, nxt, last_number)
        if not settle and self._can_play(hands[nxt], field):
            return new, tuple(events)
        if self._open:
            phase = state.phase
            if phase == MISSION and drawn == len(deck):
                phase = CHALLENGE
                events.append(Event(EV_CHALLENGE, {}))
            if phase == CHALLENGE and not hand:
                status = _replace_at(status, p, FINISHED)
                events.append(Event(EV_FINISHED, {"player": p}))
                if nxt == p or status[nxt] != ACTIVE:
                    nxt = _next_active(status, p, direction)
            new = new._replace(phase=phase, status=status, current=nxt)
        return self._settle(new, events)

    def _settle(self, s: UpAndDownState, events: list[Event]) -> tuple[UpAndDownState, tuple[Event, ...]]:
        """Resolve everything that needs no decision: eliminations, the end of a game, the end
        of the match and the next deal, until someone must decide or the match is over."""
        uses_chips = self.config.uses_chips
        while s.phase != OVER:
            status = s.status
            active = status.count(ACTIVE)
            if self._open:
                if not active:
                    s = self._via_dict(s, events, self._end_cul_de_sac, END_CHALLENGE)
                    continue
            elif active == 1:
                s = self._via_dict(s, events, self._end_game, status.index(ACTIVE))
                continue
            seat = s.current
            if self._can_play(s.hands[seat], s.field):
                break
            events.append(Event(EV_ELIMINATED, {"player": seat}))
            status = _replace_at(status, seat, OUT)
            chips = self._pay(s, events, seat) if uses_chips else s.chips
            s = s._replace(status=status, chips=chips, current=_next_active(status, seat, s.direction))
            if s.phase == MISSION:
                # The game ends: every hand is shown (see _end_game).
                events.append(Event(EV_MISSION_FAILED, {"player": seat, "hands": _hand_codes(s.hands),
                                                        "status": list(status)}))
                s = self._via_dict(s, events, self._end_cul_de_sac, END_MISSION_FAILED)
        return s, tuple(events)

    @staticmethod
    def _via_dict(s: UpAndDownState, events: list[Event], fn: Any, arg: Any) -> UpAndDownState:
        """Run a once-per-game step (end of game, next deal) that edits the fields as a dict."""
        d = s._asdict()
        fn(d, events, arg)
        return new_state(**d)

    def _pay(self, s: UpAndDownState, events: list[Event], seat: int) -> tuple[int, ...]:
        """The chips after ``seat`` pays for being eliminated (Carry-over)."""
        cfg = self.config
        payee = s.last_player if cfg.payee == "last_play" else s.last_number_player
        chips = s.chips
        if payee < 0 or payee == seat:
            return chips
        if chips[seat] <= 0 and not cfg.allow_debt:
            events.append(Event(EV_CANNOT_PAY, {"player": seat, "payee": payee}))
            return chips
        chips = _replace_at(chips, seat, chips[seat] - 1)
        events.append(Event(EV_PAID, {"player": seat, "payee": payee, "amount": 1}))
        return _replace_at(chips, payee, chips[payee] + 1)

    def _end_game(self, d: dict[str, Any], events: list[Event], survivor: int) -> None:
        cfg = self.config
        d["wins"] = _replace_at(d["wins"], survivor, d["wins"][survivor] + 1)
        d["game_winners"] = d["game_winners"] + (survivor,)
        # The game is over, so the hands are shown: the event carries them, the field and the
        # standings after this game for the end-of-game reveal (the next game is dealt within
        # this same step). Carry-over adds the chips and the pot once the pot is settled below.
        won: dict[str, Any] = {"player": survivor, "game": d["game_no"] + 1, "hands": _hand_codes(d["hands"]),
                               "status": list(d["status"]), "field": d["field"], "wins": list(d["wins"])}
        events.append(Event(EV_GAME_WON, won))
        if cfg.uses_chips:
            hand = d["hands"][survivor]
            if not cfg.pot_claim_allows_special:
                hand = tuple(c for c in hand if c <= 100)
            if self._can_play(hand, d["field"]):
                events.append(Event(EV_POT_CLAIMED, {"player": survivor, "pot": d["pot"]}))
                d["chips"] = _replace_at(d["chips"], survivor, d["chips"][survivor] + d["pot"])
                d["pot"] = 0
                d["carried"] = False
            else:
                events.append(Event(EV_POT_CARRIED, {"player": survivor, "pot": d["pot"]}))
                d["carried"] = True
            won.update(chips=list(d["chips"]), pot=d["pot"])
        if cfg.single_game:
            self._finish(d, events, END_SINGLE)
        elif cfg.mode == "basic" and d["wins"][survivor] >= cfg.target_wins:
            self._finish(d, events, END_TARGET)
        elif d["game_no"] + 1 >= cfg.max_games:
            self._finish(d, events, END_GAME_LIMIT)
        else:
            d["game_no"] += 1
            d["dealer"] = survivor
            self._deal(d, events)

    def _end_cul_de_sac(self, d: dict[str, Any], events: list[Event], termination: str) -> None:
        finished = sum(st == FINISHED for st in d["status"])
        if termination == END_CHALLENGE:
            events.append(Event(EV_SCORE, {"finished": finished, "players": self.config.players,
                                           "hands": _hand_codes(d["hands"]), "status": list(d["status"])}))
        self._finish(d, events, termination)

    def _finish(self, d: dict[str, Any], events: list[Event], termination: str) -> None:
        d["phase"] = OVER
        d["current"] = -1
        d["termination"] = termination
        if termination != END_MISSION_FAILED and termination != END_CHALLENGE:
            winners = self._winners(d["wins"], d["chips"], d["bought"])
            # The final standings (wins; chips, and chips bought, in Carry-over).
            params: dict[str, Any] = {"players": list(winners), "end": termination, "wins": list(d["wins"])}
            if self.config.uses_chips:
                params.update(chips=list(d["chips"]), bought=list(d["bought"]), pot=d["pot"])
            events.append(Event(EV_MATCH_OVER, params))

    def _winners(self, wins: tuple[int, ...], chips: tuple[int, ...], bought: tuple[int, ...]) -> tuple[int, ...]:
        scores = wins
        if self.config.uses_chips:
            scores = tuple(c - b for c, b in zip(chips, bought))  # bought chips are not winnings
        best = max(scores)
        return tuple(i for i, s in enumerate(scores) if s == best)

    # --- results -------------------------------------------------------------------------
    def outcome(self, state: UpAndDownState) -> Outcome | None:
        if state.current >= 0:
            return None
        cfg = self.config
        details: dict[str, Any] = {"games": len(state.game_winners), "game_winners": list(state.game_winners)}
        if self._open:
            finished = tuple(i for i, st in enumerate(state.status) if st == FINISHED)
            down = [c for i, st in enumerate(state.status) if st != FINISHED for c in state.hands[i]]
            failed = state.termination == END_MISSION_FAILED
            details.update(
                result="failed" if failed else "scored",
                finished=0 if failed else len(finished),
                players=cfg.players,
                score=0.0 if failed else len(finished) / cfg.players,
                face_down_cards=len(down),
                face_down_sum=sum(c if c <= 100 else cfg.special_tiebreak_value for c in down),
            )
            scores = tuple(1.0 if i in finished else 0.0 for i in range(cfg.players))
            team = (tuple(range(cfg.players)),)  # everyone plays together
            return Outcome(state.termination, () if failed else finished, scores, details, teams=team)
        if cfg.uses_chips:
            details["pot_left"] = state.pot
            if cfg.buy_in:
                details["bought"] = list(state.bought)
                details["net"] = [c - b for c, b in zip(state.chips, state.bought)]
            scores_t = tuple(float(c) for c in state.chips)
        else:
            scores_t = tuple(float(w) for w in state.wins)
        return Outcome(state.termination, self._winners(state.wins, state.chips, state.bought), scores_t, details)

    @staticmethod
    def team_rank_key(outcome: Outcome) -> tuple[float, int, int]:
        """Sort key for Cul-de-sac teams of equal size: best first (higher score, then fewer
        face-down cards, then a lower face-down sum).

        >>> a = Outcome("x", (), (), {"score": 0.6, "face_down_cards": 4, "face_down_sum": 90})
        >>> b = Outcome("x", (), (), {"score": 0.6, "face_down_cards": 4, "face_down_sum": 80})
        >>> sorted([a, b], key=UpAndDown.team_rank_key)[0] is b
        True
        """
        d = outcome.details
        return (-d["score"], d["face_down_cards"], d["face_down_sum"])

    # --- information ---------------------------------------------------------------------
    def _visible(self, state: UpAndDownState, seat: int, viewer: int | None) -> bool:
        if viewer is None or viewer == seat:
            return True
        return self._open and state.status[seat] != OUT

    def observe(self, state: UpAndDownState, player: int | None) -> dict[str, Any]:
        cfg = self.config
        if player is not None and not (isinstance(player, int) and 0 <= player < cfg.players):
            raise ValueError(f"player must be a seat from 0 to {cfg.players - 1} or None (got {player!r})")
        players = []
        for i in range(cfg.players):
            hand = state.hands[i]
            entry: dict[str, Any] = {
                "seat": i,
                "status": state.status[i],
                "hand_count": len(hand),
                "hand": list(map(CARD_CODES.__getitem__, sorted(hand))) if self._visible(state, i, player) else None,
                "wins": state.wins[i],
            }
            if cfg.uses_chips:
                entry["chips"] = state.chips[i]
                if cfg.buy_in:
                    entry["bought"] = state.bought[i]
            players.append(entry)
        obs: dict[str, Any] = {
            "game": NS,
            "mode": "solo" if cfg.solo else cfg.mode,
            "viewer": player,
            "players": players,
            "current": self.current_player(state),
            "phase": state.phase,
            "game_no": state.game_no + 1,
            "dealer": state.dealer,
            "direction": state.direction,
            "field": state.field or None,
            "pile": list(map(CARD_CODES.__getitem__, state.pile)),
            "stock": state.stock_count,
            "last_player": None if state.last_player < 0 else state.last_player,
            "game_winners": list(state.game_winners),
            "termination": state.termination or None,
        }
        if cfg.uses_chips:
            obs["pot"] = state.pot
            obs["ante"] = state.ante
        if cfg.removed_cards:
            obs["removed"] = len(state.removed)
        return obs

    def determinize(self, state: UpAndDownState, player: int, rng: random.Random) -> UpAndDownState:
        # Zones: the undrawn stock, the removed cards, then each seat's hand.
        zones = [state.deck[state.drawn :], state.removed, *state.hands]
        hidden = {0, 1} | {2 + i for i in range(self.config.players) if not self._visible(state, i, player)}
        # Everybody knows the player to decide holds a card they can play (a player who cannot
        # is out at once), so a resampled hand of theirs must too: deal again until it does.
        # The true deal is such a sample, and stands in if 100 tries find none.
        for _attempt in range(100):
            dealt = redeal_unseen(zones, hidden, rng)
            # Future deals come from the seed, which no player knows: resample it too.
            sample = state._replace(deck=state.deck[: state.drawn] + dealt[0], removed=dealt[1],
                                    hands=tuple(dealt[2:]), seed=rng.getrandbits(63))
            if state.current < 0 or self.legal_actions(sample):
                return sample
        return state._replace(seed=rng.getrandbits(63))

    def census(self, state: UpAndDownState) -> Counter[Any]:
        count: Counter[int] = Counter(state.deck[state.drawn :])
        count.update(state.removed)
        count.update(state.pile)
        for hand in state.hands:
            count.update(hand)
        return count

    def public_seats(self, state: UpAndDownState) -> tuple[int, ...]:
        if not self._open:
            return ()
        return tuple(i for i, st in enumerate(state.status) if st != OUT)

    def codes(self) -> frozenset[str]:
        return REASON_CODES | EVENT_CODES | END_CODES | LABEL_CODES | HINT_CODES


def standing(game: Game[Any], state: UpAndDownState) -> tuple[float, ...]:
    """Each seat's standing now, from public information only (higher is better): the match
    score (game wins, or chips less chips bought where chips are played; 0 in the open-hand
    modes, a single game) plus 0.5 while the seat is still in the game in progress. In the
    open-hand modes, where shedding the hand finishes, a finished seat gets 0.25 more and each
    card in hand costs 0.001. The in-game part is below 1, so the match score always counts
    first.

    >>> from tablekit import make
    >>> game = make("up_and_down", preset="basic", players=3)
    >>> standing(game, game.initial_state(1))
    (0.5, 0.5, 0.5)
    """
    assert isinstance(game, UpAndDown)
    cfg = game.config
    out = []
    for seat, status in enumerate(state.status):
        if cfg.open_hands:
            value = 0.25 * (status == FINISHED) - 0.001 * len(state.hands[seat])
        elif cfg.uses_chips:
            value = float(state.chips[seat] - state.bought[seat])
        else:
            value = float(state.wins[seat])
        out.append(value + 0.5 * (status in (ACTIVE, FINISHED)))
    return tuple(out)


__all__ = ["PRESETS", "UpAndDown", "UpAndDownConfig", "UpAndDownState", "standing"]
