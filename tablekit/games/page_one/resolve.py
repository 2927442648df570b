"""American Page One: what actions do. Dealing a round, a play and its effects, drawing,
passing, catching a missed call, challenging a joker, naming the starter's suit, and the end of
a round and of the match with its scoring (the rules are in ``rules.py``'s docstring).

Every function takes the rule table (``table.Rules``) and a state, and returns the next state
with the events it caused. Actions reach here only after ``rules.PageOne`` found them legal.

>>> from tablekit.games.page_one.config import PageOneConfig
>>> from tablekit.games.page_one.table import rules_from
>>> r = rules_from(PageOneConfig(players=3))
>>> s = deal(r, seed=1, round_no=0, dealer=0, totals=(0, 0, 0), round_winners=(), round_scores=(), events=[])
>>> s.current, [len(h) for h in s.hands], s.stock_count
(1, [7, 7, 7], 30)
>>> t, events = draw(r, s)
>>> [e.code for e in events], len(t.hands[1])
(['page_one.event.drew'], 8)
"""

from __future__ import annotations

from typing import Any, Final, Sequence

from tablekit.core.rng import hash_shuffled
from tablekit.core.seats import seats_after
from tablekit.core.verdict import Event, SharedParams
from tablekit.games.page_one.actions import (
    CARD_PARAMS,
    JOKER,
    NUM_CARDS,
    SUIT_PARAMS,
    Catch,
    Challenge,
    Draw,
    NameSuit,
    Pass,
    Play,
    card_code,
)
from tablekit.games.page_one.codes import (
    END_ALL_OUT,
    END_BLOCKED,
    END_OUT,
    END_ROUNDS,
    END_STALLED,
    END_TARGET,
    EV_BLOCKED,
    EV_BLUFF_PENALTY,
    EV_CALL_UNNOTICED,
    EV_CALLED,
    EV_CAUGHT,
    EV_CHALLENGE_LOST,
    EV_CHALLENGE_WON,
    EV_DEAL,
    EV_DREW,
    EV_KEPT,
    EV_LET_GO,
    EV_MATCH_OVER,
    EV_MISSED_CALL,
    EV_NAMED,
    EV_NOT_CAUGHT,
    EV_OUT,
    EV_PASSED,
    EV_PENALTY_DRAWN,
    EV_PENALTY_UP,
    EV_PLAYED,
    EV_PLAYED_MANY,
    EV_RESHUFFLED,
    EV_REVERSED,
    EV_ROUND_OVER,
    EV_SKIPPED,
    EV_STALLED,
    EV_STARTER,
    EV_STARTER_COVERED,
    EV_STARTER_EFFECT,
    EV_STARTER_JOKER,
    EV_SUIT_REVERSED,
    event,
)
from tablekit.games.page_one.config import MAX_PLAYERS
from tablekit.games.page_one.state import (
    CATCH_WINDOW,
    DRAWN,
    NAME,
    OVER,
    PLAY,
    REDO,
    PageOneState,
    after_draw,
    after_keep,
    after_play,
    new_state,
)
from tablekit.games.page_one.table import (
    E_JOKER,
    E_JUMP,
    E_NONE,
    E_REVERSE,
    E_THREE,
    E_TWO,
    E_WILD,
    PENALTY_OF,
    SUIT,
    Rules,
)

Result = tuple[PageOneState, tuple[Event, ...]]

#: The commonest events, made once (a new dict at every step was a tenth of a random playout's
#: time): every seat's play of every card (``PLAYED[seat * NUM_CARDS + card]``) and every
#: seat's draw of one card (``DREW_ONE[seat]``).
PLAYED: Final = tuple(event(EV_PLAYED, SharedParams(player=p, card=param))
                      for p in range(MAX_PLAYERS) for param in CARD_PARAMS)
DREW_ONE: Final = tuple(event(EV_DREW, SharedParams(player=p, count=1)) for p in range(MAX_PLAYERS))

# --- the deal ----------------------------------------------------------------------------------
def deal(r: Rules, *, seed: int, round_no: int, dealer: int, totals: tuple[int, ...],
         round_winners: tuple[int, ...], round_scores: tuple[int, ...], events: list[Event],
         stacked: Sequence[int] | None = None) -> PageOneState:
    """Deal round ``round_no`` (shuffled from ``seed``, or the ``stacked`` deck) and turn the
    starter; the match-level fields are carried over as given."""
    cfg = r.config
    n = cfg.players
    h = cfg.cards_per_hand
    cards = list(stacked) if stacked is not None else hash_shuffled(r.deck, seed, "deal", round_no)
    hands = tuple(tuple(cards[i * h : (i + 1) * h]) for i in range(n))
    stock = cards[n * h :]
    events.append(event(EV_DEAL, {"round": round_no + 1, "dealer": dealer, "cards": h}))
    effect = r.effect
    discard: list[int] = []
    attempts = 0
    while True:
        card = stock.pop(0)
        if card == JOKER and cfg.starter_effect and any(c != JOKER for c in stock):
            # A joker starter goes back into the stock, which is shuffled; turn again.
            attempts += 1
            events.append(event(EV_STARTER_JOKER, {}))
            stock = hash_shuffled(stock + [card], seed, "starter", round_no, attempts)
            continue
        if effect[card] != E_NONE and not cfg.starter_effect and stock:
            discard.append(card)
            events.append(event(EV_STARTER_COVERED, {"card": CARD_PARAMS[card]}))
            continue
        discard.append(card)
        break
    starter = discard[-1]
    events.append(event(EV_STARTER, {"card": CARD_PARAMS[starter]}))
    eff = effect[starter] if cfg.starter_effect else E_NONE
    first = (dealer + 1) % n
    current = first
    direction = 1
    phase = PLAY
    pending = 0
    kind = E_NONE
    if eff == E_WILD:
        phase = NAME
        current = dealer if cfg.starter_namer == "dealer" else first  # names the suit; `first` plays
    elif eff == E_JUMP or (eff == E_REVERSE and n == 2 and cfg.two_player_q_is_skip):
        current = (dealer + 2) % n
    elif eff == E_REVERSE:
        direction = -1
        current = dealer if cfg.reverse_starter == "dealer" else (dealer - 1) % n
    elif eff in (E_TWO, E_THREE):
        pending = PENALTY_OF[eff]
        kind = eff
    if eff != E_NONE:
        events.append(event(EV_STARTER_EFFECT, {"card": CARD_PARAMS[starter], "effect": r.effect_param[eff],
                                                "player": current}))
    return new_state(
        seed=seed, round_no=round_no, dealer=dealer, totals=totals, stock=tuple(stock), drawn=0,
        discard=tuple(discard), hands=hands, out=(False,) * n, current=current, direction=direction,
        suit=SUIT[starter], pending=pending, pending_kind=kind, phase=phase, drawn_card=-1, exposed=-1,
        asking=(), challenge=(), passes=0, last_player=-1, finish=(), round_winners=round_winners,
        round_scores=round_scores, termination="", reshuffles=0, turns=0,
    )


# --- actions -----------------------------------------------------------------------------------
def apply(r: Rules, s: PageOneState, action: Any) -> Result:
    """Apply a legal action."""
    kind = type(action)
    if kind is Play:
        new, events = play(r, s, action)
    elif kind is Draw:
        new, events = draw(r, s)
    elif kind is Pass:
        new, events = pass_turn(r, s)
    elif kind is Catch:
        new, events = catch(r, s)
    elif kind is Challenge:
        new, events = challenge(r, s)
    else:
        assert isinstance(action, NameSuit)
        new, events = name_suit(r, s, action)
    if new.turns >= r.round_limit and new.phase != OVER:
        return stall(r, new, list(events))
    return new, events


def take(s: PageOneState, stock: tuple[int, ...], drawn: int, discard: tuple[int, ...], k: int,
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
    events.append(event(EV_RESHUFFLED, {"count": len(stock)}))
    more = stock[: k - avail]
    return got + more, stock, len(more), discard, reshuffles


def askers(r: Rules, out: tuple[bool, ...], offender: int, direction: int, nxt: int) -> tuple[int, ...]:
    """Who is asked, in turn, whether to catch ``offender``'s missed call before ``nxt`` (who
    plays next, and may catch it on their own turn) does anything. catch_by="next": nobody,
    unless ``nxt`` is the offender again (a Jump with two players): then the seat after them.
    catch_by="any": every other player still in, in playing order."""
    if r.config.catch_by == "any":
        order = seats_after(offender, r.config.players, direction, out if r.config.play_on else ())
        return tuple(q for q in order if q != offender and q != nxt)
    if nxt != offender:
        return ()
    q = r.seat_after(out, offender, direction)
    return (q,) if q != offender else ()


def play(r: Rules, s: PageOneState, a: Play) -> Result:
    cfg = r.config
    p = s.current
    phase = s.phase
    top = a.card
    hands = s.hands
    if a.under:
        cards = a.cards
        hand = hands[p]
        for c in cards:
            i = hand.index(c)
            hand = hand[:i] + hand[i + 1 :]
        discard = s.discard + cards
        k = len(cards)
        events = [event(EV_PLAYED_MANY, {"player": p, "card": CARD_PARAMS[top], "count": k})]
    else:
        hand = hands[p]
        i = hand.index(top)
        hand = hand[:i] + hand[i + 1 :]
        discard = s.discard + (top,)
        k = 1
        events = [PLAYED[p * NUM_CARDS + top]]
    eff = r.effect[top]
    old_suit = s.suit
    if a.suit is None:
        suit = SUIT[top]
    else:
        suit = a.suit
        events.append(event(EV_NAMED, {"player": p, "suit": SUIT_PARAMS[suit]}))
    direction = s.direction
    if r.reverse_on_suit_change and suit != old_suit:
        direction = -direction
        events.append(event(EV_SUIT_REVERSED, {"suit": SUIT_PARAMS[suit]}))
    pending = s.pending
    kind = s.pending_kind
    out = s.out
    skips = 0
    challenge: tuple[int, ...] = ()
    if eff:
        if eff == E_JUMP or (eff == E_REVERSE and cfg.two_player_q_is_skip
                             and (cfg.players == 2 if not r.play_on else out.count(False) == 2)):
            skips = k
        elif eff == E_REVERSE:
            if k % 2:
                direction = -direction
            events.append(event(EV_REVERSED, {"effect": r.effect_param[eff], "count": k}))
        elif eff != E_WILD:
            # A joker played as an ordinary play, from the hand or just drawn, is open to a
            # challenge; one that answers a joker penalty is not.
            if eff == E_JOKER and not pending and phase != REDO and cfg.joker_rule == "challenge":
                bluff = any(SUIT[c] == old_suit for c in hand)
                challenge = (p, old_suit, s.direction, int(bluff), k)
            pending += PENALTY_OF[eff] * k
            kind = eff
    exposed = -1
    left = len(hand)
    taken: tuple[int, ...] | None = None  # cards the player had to draw at once (else None)
    if phase == REDO:
        taken, stock, drawn, discard, reshuffles = take(s, s.stock, s.drawn, discard, 4 * s.challenge[4],
                                                        s.reshuffles, events)
        events.append(event(EV_BLUFF_PENALTY, {"player": p, "count": len(taken)}))
    elif left < 2 and r.due[left]:
        call = "@page_one.call.stop" if left == 0 and not cfg.page_one_on_last else "@page_one.call.page_one"
        if a.call:
            events.append(event(EV_CALLED, {"player": p, "call": call}))
        elif r.strict:
            taken, stock, drawn, discard, reshuffles = take(s, s.stock, s.drawn, discard, cfg.penalty,
                                                            s.reshuffles, events)
            events.append(event(EV_MISSED_CALL, {"player": p, "call": call, "count": len(taken)}))
        else:
            exposed = p
            events.append(event(EV_CALL_UNNOTICED, {"player": p, "call": call}))
    if taken is not None:
        hand = hand + taken
    new_hands = list(hands)
    new_hands[p] = hand
    hands = tuple(new_hands)
    if not hand and exposed < 0 and r.play_on:
        out = out[:p] + (True,) + out[p + 1 :]
        events.append(event(EV_OUT, {"player": p}))
    if r.play_on and True in out:  # (nobody is ever out without play_on)
        nxt = r.seat_after(out, p, direction, skips)
    else:
        nxt = r.turn_table[direction][skips][p]  # r.seat_after without the call (the hot path)
    if skips:
        events.append(event(EV_SKIPPED, {"effect": r.effect_param[eff], "players": r.skipped(out, p, direction, skips)}))
    if pending > s.pending:
        events.append(event(EV_PENALTY_UP, {"player": nxt, "count": pending}))
    new = after_play(
        s, discard=discard, hands=hands, current=nxt, direction=direction, suit=suit, pending=pending,
        pending_kind=kind, phase=PLAY, drawn_card=-1, exposed=exposed, challenge=challenge, passes=0,
        last_player=p, turns=s.turns + 1,
    )
    # Rarer changes, kept out of the common build above.
    if taken is not None:
        new = new_state(new, stock=stock, drawn=drawn, reshuffles=reshuffles)
    if out is not s.out:
        new = new_state(new, out=out, finish=s.finish + (p,))
    if exposed >= 0:
        ask = askers(r, out, p, direction, nxt)
        if ask:
            new = new_state(new, current=ask[0], phase=CATCH_WINDOW, asking=ask[1:] + (nxt,))
    if hand:
        return new, tuple(events)
    # The hand is empty.
    if exposed >= 0:
        if new.asking or nxt != p:
            return new, tuple(events)  # someone may still catch the missed call
        # Nobody else is in to catch it.
        new = new_state(new, exposed=-1)
        if cfg.play_on:
            return went_out(r, new, p, events)
    if cfg.play_on:
        if out.count(False) < 2:
            return end_round(r, new, events, END_ALL_OUT)
        return new, tuple(events)
    events.append(event(EV_OUT, {"player": p}))
    return end_round(r, new, events, END_OUT, (p,))


def went_out(r: Rules, s: PageOneState, p: int, events: list[Event]) -> Result:
    """play_on: seat ``p`` (an empty hand whose missed call was not caught) is out now."""
    out = s.out[:p] + (True,) + s.out[p + 1 :]
    events.append(event(EV_OUT, {"player": p}))
    current = s.current
    if current == p:
        current = r.seat_after(out, p, s.direction)
    s = new_state(s, out=out, finish=s.finish + (p,), current=current)
    if out.count(False) < 2:
        return end_round(r, s, events, END_ALL_OUT)
    return s, tuple(events)


def draw(r: Rules, s: PageOneState) -> Result:
    p = s.current
    events: list[Event] = []
    hand = s.hands[p]
    stock, drawn, discard, reshuffles = s.stock, s.drawn, s.discard, s.reshuffles
    if s.pending:
        got, stock, drawn, discard, reshuffles = take(s, stock, drawn, discard, s.pending, reshuffles, events)
        events.append(event(EV_PENALTY_DRAWN, {"player": p, "count": len(got)}))
        hands = s.hands[:p] + (hand + got,) + s.hands[p + 1 :]
        new = after_draw(
            s, stock=stock, drawn=drawn, discard=discard, hands=hands, current=r.seat_after(s.out, p, s.direction),
            pending=0, pending_kind=E_NONE, phase=PLAY, drawn_card=-1, exposed=-1, challenge=(), passes=0,
            reshuffles=reshuffles, turns=s.turns + 1,
        )
        return new, tuple(events)
    rule = r.draw_rule
    count = 0
    card = -1
    # no_special, draw_to_plain: a hand of special cards only can never go out, so its player
    # draws on until a plain card comes.
    special = r.special
    need_plain = r.last_card in ("no_special", "draw_to_plain") and all(special[c] for c in hand)
    suit, top = s.suit, s.discard[-1]
    while True:
        if len(stock) > drawn:
            card = stock[drawn]
            drawn += 1
        else:
            got, stock, drawn, discard, reshuffles = take(s, stock, drawn, discard, 1, reshuffles, events)
            if not got:
                card = -1
                break
            card = got[0]
        hand = hand + (card,)
        count += 1
        if need_plain and special[card]:
            continue
        if rule != "until_playable" or r.fits(suit, top, card, hand):
            break
    events.append(DREW_ONE[p] if count == 1 else event(EV_DREW, {"player": p, "count": count}))
    new_hands = list(s.hands)
    new_hands[p] = hand
    hands = tuple(new_hands)
    if card >= 0 and rule != "keep_drawn" and r.fits(suit, top, card, hand):
        nxt, phase, drawn_card = p, DRAWN, card
    else:
        if r.play_on and True in s.out:
            nxt = r.seat_after(s.out, p, s.direction)
        else:
            nxt = r.turn_table[s.direction][0][p]  # (as in play)
        phase, drawn_card = PLAY, -1
    new = after_draw(
        s, stock=stock, drawn=drawn, discard=discard, hands=hands, current=nxt, pending=0, pending_kind=E_NONE,
        phase=phase, drawn_card=drawn_card, exposed=-1, challenge=(), passes=0, reshuffles=reshuffles,
        turns=s.turns + 1,
    )
    return new, tuple(events)


def pass_turn(r: Rules, s: PageOneState) -> Result:
    """Keep the drawn card; decline to catch a missed call; let a missed "Stop" go; pass with
    nothing to draw."""
    p = s.current
    events: list[Event] = []
    turns = s.turns + 1
    if s.phase == DRAWN:
        events.append(event(EV_KEPT, {"player": p}))
        nxt = r.seat_after(s.out, p, s.direction)
        return after_keep(s, current=nxt, phase=PLAY, drawn_card=-1, turns=turns), tuple(events)
    ex = s.exposed
    if s.phase == CATCH_WINDOW:
        events.append(event(EV_NOT_CAUGHT, {"player": ex, "by": p}))
        if len(s.asking) > 1:
            return new_state(s, current=s.asking[0], asking=s.asking[1:], turns=turns), tuple(events)
        holder = s.asking[0]
        s = new_state(s, current=holder, asking=(), phase=PLAY, turns=turns)
        if holder != ex:
            return s, tuple(events)  # the player to play may still catch it on their turn
        s = new_state(s, exposed=-1)  # the offender plays next: the chance has passed
        if s.hands[ex]:
            return s, tuple(events)
    elif ex >= 0 and not s.hands[ex]:
        s = new_state(s, exposed=-1, turns=turns)
    else:
        events.append(event(EV_PASSED, {"player": p}))
        new = new_state(s, current=r.seat_after(s.out, p, s.direction), passes=s.passes + 1, challenge=(),
                        exposed=-1, turns=turns)
        return check_blocked(r, new, events)
    # Letting a missed "Stop" go: that player has gone out.
    events.append(event(EV_LET_GO, {"player": ex}))
    if r.config.play_on:
        return went_out(r, s, ex, events)
    events.append(event(EV_OUT, {"player": ex}))
    return end_round(r, s, events, END_OUT, (ex,))


def catch(r: Rules, s: PageOneState) -> Result:
    ex = s.exposed
    events: list[Event] = []
    got, stock, drawn, discard, reshuffles = take(s, s.stock, s.drawn, s.discard, r.config.penalty,
                                                  s.reshuffles, events)
    events.append(event(EV_CAUGHT, {"player": ex, "by": s.current, "count": len(got)}))
    hands = s.hands[:ex] + (s.hands[ex] + got,) + s.hands[ex + 1 :]
    # The window closes; the player whose turn it is goes on (the catcher, unless someone
    # else was asked first).
    current = s.asking[-1] if s.asking else s.current
    new = new_state(s, stock=stock, drawn=drawn, discard=discard, reshuffles=reshuffles, hands=hands, exposed=-1,
                    asking=(), phase=PLAY, current=current, passes=0 if got else s.passes, turns=s.turns + 1)
    if not hands[ex]:
        # Nothing to draw: the caught player keeps an empty hand and has gone out after all.
        if r.config.play_on:
            return went_out(r, new, ex, events)
        events.append(event(EV_OUT, {"player": ex}))
        return end_round(r, new, events, END_OUT, (ex,))
    return new, tuple(events)


def challenge(r: Rules, s: PageOneState) -> Result:
    q = s.current
    joker_player, old_suit, old_direction, bluff, jokers = s.challenge
    events: list[Event] = []
    if bluff:
        events.append(event(EV_CHALLENGE_WON, {"player": q, "target": joker_player, "suit": SUIT_PARAMS[old_suit]}))
        hand = s.hands[joker_player] + (JOKER,) * jokers
        hands = s.hands[:joker_player] + (hand,) + s.hands[joker_player + 1 :]
        new = new_state(s, discard=s.discard[:-jokers], hands=hands, suit=old_suit, direction=old_direction,
                        pending=0, pending_kind=E_NONE, phase=REDO, current=joker_player, exposed=-1,
                        turns=s.turns + 1)
        return new, tuple(events)
    got, stock, drawn, discard, reshuffles = take(s, s.stock, s.drawn, s.discard, s.pending + r.config.penalty,
                                                  s.reshuffles, events)
    events.append(event(EV_CHALLENGE_LOST, {"player": q, "target": joker_player, "count": len(got)}))
    hands = s.hands[:q] + (s.hands[q] + got,) + s.hands[q + 1 :]
    new = new_state(s, stock=stock, drawn=drawn, discard=discard, reshuffles=reshuffles, hands=hands, pending=0,
                    pending_kind=E_NONE, challenge=(), exposed=-1, passes=0,
                    current=r.seat_after(s.out, q, s.direction), turns=s.turns + 1)
    return new, tuple(events)


def name_suit(r: Rules, s: PageOneState, action: NameSuit) -> Result:
    """The suit of an Eight starter is named; the dealer's left plays first (whoever named it)."""
    events = [event(EV_NAMED, {"player": s.current, "suit": SUIT_PARAMS[action.suit]})]
    first = (s.dealer + 1) % r.config.players
    return new_state(s, suit=action.suit, phase=PLAY, current=first, turns=s.turns + 1), tuple(events)


# --- the end of a round and of the match -------------------------------------------------------
def check_blocked(r: Rules, s: PageOneState, events: list[Event]) -> Result:
    if s.passes < s.out.count(False):
        return s, tuple(events)
    events.append(event(EV_BLOCKED, {}))
    return end_round(r, s, events, END_BLOCKED, lowest(r, s))


def stall(r: Rules, s: PageOneState, events: list[Event]) -> Result:
    """The round reached ``round_limit`` decisions: stop it and score it like a blocked one."""
    events.append(event(EV_STALLED, {"turns": s.turns}))
    return end_round(r, s, events, END_STALLED, lowest(r, s))


def lowest(r: Rules, s: PageOneState) -> tuple[int, ...]:
    """The players still in whose hands are worth the least."""
    values = [r.hand_value(h) if not s.out[i] else None for i, h in enumerate(s.hands)]
    low = min(v for v in values if v is not None)
    return tuple(i for i, v in enumerate(values) if v == low)


def share(points: int, winners: Sequence[int], dealer: int, players: int) -> dict[int, int]:
    """Split ``points`` among tied ``winners`` so that the shares add up: each gets the same
    whole number, and the points left over go one each to the winners nearest the dealer's
    left (seat order from the first player of the round).

    >>> share(7, (3, 1), dealer=2, players=4)
    {3: 4, 1: 3}
    """
    base, extra = divmod(points, len(winners))
    order = sorted(winners, key=lambda w: (w - dealer - 1) % players)
    return {w: base + (1 if k < extra else 0) for k, w in enumerate(order)}


def end_round(r: Rules, s: PageOneState, events: list[Event], reason: str, winners: tuple[int, ...] = ()) -> Result:
    cfg = r.config
    n = cfg.players
    hands = s.hands
    stock, drawn, discard, reshuffles = s.stock, s.drawn, s.discard, s.reshuffles
    penalty: dict[str, Any] | None = None
    if reason == END_OUT and s.pending and cfg.final_penalty_drawn:
        victim = s.current
        got, stock, drawn, discard, reshuffles = take(s, stock, drawn, discard, s.pending, reshuffles, events)
        hands = hands[:victim] + (hands[victim] + got,) + hands[victim + 1 :]
        events.append(event(EV_PENALTY_DRAWN, {"player": victim, "count": len(got)}))
        penalty = {"player": victim, "cards": [card_code(c) for c in got]}
    values = [r.hand_value(h) for h in hands]
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
        for i in losers:
            scores[i] = -values[i]
        for w, points in share(sum(values[i] for i in losers), winners, s.dealer, n).items():
            scores[w] = points
    totals = tuple(t + sc for t, sc in zip(s.totals, scores))
    round_no = s.round_no
    # The hands are shown to everyone now, so the event carries them (and the scoring) for the
    # end-of-round reveal: the next round is dealt within this same step.
    events.append(event(EV_ROUND_OVER, {
        "round": round_no + 1, "players": list(winners), "points": max(scores), "end": reason,
        "hands": [[card_code(c) for c in sorted(h)] for h in hands], "values": values, "scores": scores,
        "totals": list(totals), "penalty": penalty,
    }))
    round_winners = s.round_winners + winners
    termination = ""
    if round_no + 1 >= cfg.rounds:
        termination = reason if cfg.rounds == 1 else END_ROUNDS
    elif cfg.target and any(abs(t) >= cfg.target for t in totals):
        termination = END_TARGET
    if not termination:
        new = deal(r, seed=s.seed, round_no=round_no + 1, dealer=(s.dealer + 1) % n, totals=totals,
                   round_winners=round_winners, round_scores=tuple(scores), events=events)
        return new, tuple(events)
    if cfg.rounds > 1:
        events.append(event(EV_MATCH_OVER, {"players": list(match_winners(totals))}))
    new = new_state(
        s, hands=hands, stock=stock, drawn=drawn, discard=discard, reshuffles=reshuffles, totals=totals,
        round_winners=round_winners, round_scores=tuple(scores), exposed=-1, asking=(), challenge=(), pending=0,
        pending_kind=E_NONE, drawn_card=-1, phase=OVER, current=-1, termination=termination,
    )
    return new, tuple(events)


def match_winners(totals: tuple[int, ...]) -> tuple[int, ...]:
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)


__all__ = ["apply", "askers", "deal", "end_round", "match_winners", "share", "take"]
