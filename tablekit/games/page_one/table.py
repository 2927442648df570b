"""American Page One's rule table: what the engine looks up on every decision, computed once
from a config (``rules_from``): each card's effect, value and what it fits on, which calls are
due, the play actions to hand out. ``rules.PageOne`` keeps one as ``self.rules``; every function
of ``resolve`` takes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Iterable, Sequence

from tablekit.core.seats import next_seat, skipped_seats
from tablekit.games.page_one.actions import (
    CALLED,
    JOKER,
    NAMED,
    NAMED_CALLED,
    NUM_CARDS,
    PLAIN,
    RANKS,
    Play,
    full_deck,
)
from tablekit.games.page_one.config import RANK_FIELDS, PageOneConfig

# Effects of a card
E_NONE: Final = 0
E_WILD: Final = 1
E_JUMP: Final = 2
E_REVERSE: Final = 3
E_TWO: Final = 4
E_THREE: Final = 5
E_JOKER: Final = 6
EFFECT_NAMES: Final = ("none", "wild", "jump", "reverse", "two", "three", "joker")
PENALTY_OF: Final = {E_TWO: 2, E_THREE: 3, E_JOKER: 4}
SUIT: Final = tuple(c // 13 if c < 52 else -1 for c in range(NUM_CARDS))  # a joker has no suit (-1)
RANK: Final = tuple(c % 13 if c < 52 else -1 for c in range(NUM_CARDS))  # nor a rank


@dataclass(frozen=True, slots=True)
class Rules:
    """What the engine looks up on every decision, computed once from a config by
    ``rules_from``: per-card tables (effect, value, fits on what), which calls are due, the
    play actions to hand out, and the options read on every decision. Other options the engine
    reads as they are in ``config``.

    >>> from tablekit.games.page_one.actions import card_from_code as c
    >>> r = rules_from(PageOneConfig(players=3))
    >>> EFFECT_NAMES[r.effect[c("JH")]], r.value[c("8S")], r.fits(1, c("7H"), c("7C"), ())
    ('jump', 50, True)
    >>> r.seat_after((False,) * 3, 2, direction=1, skips=1)
    1
    """

    config: PageOneConfig
    deck: tuple[int, ...]  # every card of the game in a fixed order
    effect: tuple[int, ...]  # effect[card]: E_NONE .. E_JOKER under the rank options
    special: tuple[bool, ...]  # the card has an effect
    named: tuple[bool, ...]  # playing the card names a suit (a wild card, a joker)
    value: tuple[int, ...]  # points left in a hand under the ``values`` option
    # match[suit * 14 + top rank + 1][card]: does the card fit on that top card and suit to
    # follow? (A joker's entry is True; whether a joker may be played is decided by ``fits``.)
    match: tuple[tuple[bool, ...], ...]
    # counter[kind * 4 + suit][card]: does the card answer a penalty of that kind (E_TWO,
    # E_THREE, E_JOKER) when that suit is to follow?
    counter: tuple[tuple[bool, ...], ...]
    calls: bool  # call_mode is not "off"
    strict: bool  # call_mode is "strict"
    due: tuple[bool, ...]  # due[k]: is a call due when a play leaves k cards (k = 0 or 1)?
    simple: bool  # ordinary turns need none of the general path's house rules (the fast path)
    dupes: bool  # a hand may hold identical cards (two decks, several jokers)
    acts: tuple[tuple[Play, ...], ...]  # acts[card]: the ways to play it alone, no call
    acts_call: tuple[tuple[Play, ...], ...]  # ... and with the call too (when one is due)
    effect_param: tuple[str, ...]  # effect_param[effect]: its name as an i18n parameter
    # turn_table[direction][skips][seat]: ``seat_after`` while nobody is out, made once from
    # core.seats for the hot paths.
    turn_table: dict[int, tuple[tuple[int, ...], ...]]
    # The options read on every decision, as in ``config`` (the compiled engine reads a field
    # of this table directly, an option of the config by name).
    play_on: bool
    reverse_on_suit_change: bool
    voluntary_draw: bool
    draw_rule: str
    last_card: str
    round_limit: int

    def hand_value(self, hand: Iterable[int]) -> int:
        value = self.value
        return sum(value[c] for c in hand)

    def fits(self, suit: int, top: int, card: int, hand: Sequence[int]) -> bool:
        """May ``card`` be played alone on an ordinary turn (no penalty pending) with ``suit``
        to follow and ``top`` on the pile, its player holding ``hand`` besides? (Whether
        the player may go out on it is ``may_go_out_on``.)"""
        if card == JOKER and self.config.joker_rule == "no_suit":
            return not any(SUIT[c] == suit for c in hand)
        return self.match[suit * 14 + RANK[top] + 1][card]

    def counters(self, kind: int, suit: int, card: int) -> bool:
        """Does ``card`` answer a pending penalty of ``kind`` with ``suit`` to follow?"""
        return self.counter[kind * 4 + suit][card]

    def may_go_out_on(self, card: int) -> bool:
        rule = self.config.last_card
        if rule == "any":
            return True
        if rule == "no_eight":
            return self.effect[card] != E_WILD
        return not self.special[card]  # no_special, draw_to_plain

    def seat_after(self, out: tuple[bool, ...], seat: int, direction: int, skips: int = 0) -> int:
        """The seat that plays after ``seat`` when ``skips`` players are skipped (players who
        are out are passed over with play_on)."""
        if self.play_on and True in out:  # (nobody is ever out without play_on)
            return next_seat(seat, self.config.players, direction, skips, out)
        return self.turn_table[direction][skips][seat]

    def skipped(self, out: tuple[bool, ...], seat: int, direction: int, skips: int) -> list[int]:
        return skipped_seats(seat, self.config.players, direction, skips, out if True in out else ())


def rules_from(config: PageOneConfig) -> Rules:
    """The rule table of a config (see ``Rules``)."""
    cfg = config
    effect = [E_NONE] * NUM_CARDS
    for field, eff in zip(RANK_FIELDS, (E_WILD, E_JUMP, E_REVERSE, E_TWO, E_THREE)):
        for r in getattr(cfg, field):
            for s in range(4):
                effect[s * 13 + RANKS.index(r)] = eff
    effect[JOKER] = E_JOKER
    special = tuple(e != E_NONE for e in effect)
    named = tuple(e in (E_WILD, E_JOKER) for e in effect)

    def card_value(c: int) -> int:
        r = RANK[c]
        if cfg.values == "crazy_eights":
            return 50 if c == JOKER or r == 7 else 10 if r >= 9 else r + 1
        return 20 if special[c] else 10 if r >= 9 else r + 1

    match = tuple(
        tuple(c == JOKER or effect[c] == E_WILD or SUIT[c] == suit or RANK[c] == trank for c in range(NUM_CARDS))
        for suit in range(4) for trank in range(-1, 13)
    )
    # The challenge rule's own variant: nothing passes a joker's draw four on.
    joker_final = cfg.challenge_no_counter and cfg.joker_rule == "challenge"
    counter = tuple(
        tuple(
            not (kind == E_JOKER and joker_final) and (
                effect[c] == kind != E_NONE
                or (cfg.linked_two_three and {kind, effect[c]} == {E_TWO, E_THREE} and SUIT[c] == suit))
            for c in range(NUM_CARDS))
        for kind in range(7) for suit in range(4)
    )
    calls = cfg.call_mode != "off"
    if not calls:
        due = (False, False)
    elif cfg.page_one_on_last:
        due = (True, False)
    else:
        due = (not cfg.play_on, True)
    acts = tuple(NAMED[c] if named[c] else (PLAIN[c],) for c in range(NUM_CARDS))
    acts_call = tuple(NAMED[c] + NAMED_CALLED[c] if named[c] else (PLAIN[c], CALLED[c]) for c in range(NUM_CARDS))
    return Rules(
        config=cfg,
        deck=full_deck(cfg.decks, cfg.jokers),
        effect=tuple(effect),
        special=special,
        named=named,
        value=tuple(card_value(c) for c in range(NUM_CARDS)),
        match=match,
        counter=counter,
        calls=calls,
        strict=cfg.call_mode == "strict",
        due=due,
        simple=cfg.jokers == 0 and not cfg.multi_play and cfg.last_card == "any",
        dupes=cfg.decks == 2 or cfg.jokers > 1,
        acts=acts,
        acts_call=acts_call if calls else acts,
        effect_param=tuple(f"@page_one.effect.{cfg.effect_names}.{e}" for e in EFFECT_NAMES),
        turn_table={
            d: tuple(tuple(next_seat(seat, cfg.players, d, skips) for seat in range(cfg.players))
                     for skips in range(4 * cfg.decks + 1))
            for d in (1, -1)},
        play_on=cfg.play_on,
        reverse_on_suit_change=cfg.reverse_on_suit_change,
        voluntary_draw=cfg.voluntary_draw,
        draw_rule=cfg.draw_rule,
        last_card=cfg.last_card,
        round_limit=cfg.round_limit,
    )
