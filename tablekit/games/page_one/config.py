"""American Page One options and presets. Every "option? yes" row of the spec and every house
rule of its section (f) is a field here; each can be switched on alone.

Rank options (``wild_ranks``, ``jump_ranks``, ``reverse_ranks``, ``two_ranks``, ``three_ranks``)
take a tuple of rank names ``A 2 3 4 5 6 7 8 9 T J Q K`` ("10" is accepted for "T"), a list, or a
string of letters; they are stored as a tuple in rank order (``("J", "A")`` becomes
``("A", "J")``). An empty tuple switches the effect off (``wild_ranks=()``: Eights are not
wild; ``three_ranks=()``: only Two is in use). A rank carries at most one effect.

Presets:

* ``classic``: the spec's defaults: one 52-card deck, hand size by player count, Eight wild,
  Jack Jump, Queen Quick Turn, Two and Three stacking penalties, a drawn card that fits may be
  played at once, strict calls with a 5-card penalty, Crazy Eights card values, one round.
* ``crazy_eights``: close to OpenSpiel's ``crazy_eights`` (without its optional special
  cards): 5 cards each (7 with two players), only the Eight is special, a player may draw
  even when holding a playable card, no calls, Crazy Eights values, one hand. Differences
  from OpenSpiel: one draw per turn (OpenSpiel allows up to five and then a pass), the first
  player is the dealer's left and play goes clockwise, and the winner also collects the
  others' points. OpenSpiel's special cards are ``jump_ranks=("Q",)``,
  ``reverse_ranks=("A",)``, ``two_ranks=("2",)``, ``three_ranks=()``.
* ``family``: a forgiving table for children: a missed call only costs something if another
  player catches it, and then 2 cards; only the Two gives a penalty (no Three); a player may
  always draw instead of playing.
* ``house``: the many-house-rules table common in Japan: two jokers as Wild Draw Four with
  the challenge rule, several cards of one rank played together, a special starter applies
  its effect, Two and Three linked by suit, no going out on an Eight, Japanese card values,
  and a match of five rounds.
* ``party``: two decks (104 cards) for a big table (6 players by default, up to 8), 7 cards
  each, play on until everyone has gone out.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from tablekit.core.config import GameConfig, option
from tablekit.core.errors import ConfigError
from tablekit.games.page_one.actions import RANKS, Play

RANK_NAMES = tuple(RANKS)
RANK_FIELDS = ("wild_ranks", "jump_ranks", "reverse_ranks", "two_ranks", "three_ranks")
_RANK_ALLOWED = "a tuple of ranks from A 2 3 4 5 6 7 8 9 T J Q K (may be empty)"

# Hand size by player count (spec (b)); two decks: 7 for everyone.
MAX_PLAYERS = 8
PAGE_ONE_TABLE = {2: 7, 3: 7, 4: 6, 5: 6, 6: 5, 7: 5, 8: 4}
CRAZY_EIGHTS_TABLE = {2: 7, 3: 5, 4: 5, 5: 5, 6: 5, 7: 5, 8: 5}


def _ranks(game: str, field: str, value: Any) -> tuple[str, ...]:
    """A rank option as a tuple of rank names in rank order; ConfigError if it is not one."""
    if isinstance(value, str):
        items: list[Any] = list(value.replace("10", "T"))
    elif isinstance(value, (tuple, list)):
        items = ["T" if v == "10" else v for v in value]
    else:
        raise ConfigError(game, field, value, _RANK_ALLOWED)
    if any(not isinstance(v, str) or v not in RANK_NAMES for v in items):
        raise ConfigError(game, field, value, _RANK_ALLOWED)
    return tuple(r for r in RANK_NAMES if r in items)


@dataclass(frozen=True)
class PageOneConfig(GameConfig):
    GAME = "page_one"

    players: int = option(4, between=(2, MAX_PLAYERS), doc="number of players")
    decks: int = option(1, choices=(1, 2), doc="one 52-card deck, or two (104 cards)")
    hand_size: int = option(0, between=(0, 15), doc="cards dealt to each player; 0: by the deal table")
    deal_table: str = option("page_one", choices=("page_one", "crazy_eights"),
                             doc="hand size when hand_size is 0: page_one (2-3 players 7, 4-5 6, 6-7 5, 8 4; two "
                                 "decks 7) or crazy_eights (7 with two players, else 5)")
    values: str = option("crazy_eights", choices=("crazy_eights", "pageone_jp"),
                         doc="card values for scoring: crazy_eights (8 = 50, K Q J T = 10, A = 1, others pip) "
                             "or pageone_jp (special cards 20, other T J Q K 10, others pip)")
    rounds: int = option(1, between=(1, 1000), doc="rounds in the match (1: a single round is scored)")
    target: int = option(0, between=(0, 10_000),
                         doc="0: off; else the match also ends after a round in which someone's total "
                             "reaches +target or -target")
    call_mode: str = option("strict", choices=("strict", "catchable", "off"),
                            doc="strict: a play without its due call draws the penalty at once; catchable: "
                                "only if the next player catches it in time; off: no calls")
    penalty: int = option(5, choices=(5, 3, 2), doc="cards drawn for a missed call")
    catch_by: str = option("next", choices=("next", "any"),
                           doc="with call_mode=catchable, who may catch a missed call: the next player, or any "
                               "other player (each is asked in turn before the next card)")
    page_one_on_last: bool = option(False, doc="'Page One' is called with the last card instead (no Stop)")
    play_on: bool = option(False, doc="no Stop: the round goes on until every player but one has gone out")
    draw_rule: str = option("play_drawn", choices=("play_drawn", "keep_drawn", "until_playable"),
                            doc="play_drawn: draw one and play it at once if it fits; keep_drawn: draw one, "
                                "it waits for the next turn; until_playable: draw until a card fits, then play it")
    voluntary_draw: bool = option(False, doc="a player may draw even when holding a playable card")
    wild_ranks: tuple[str, ...] = option(("8",), doc="ranks that are wild and name a suit (Eight)")
    jump_ranks: tuple[str, ...] = option(("J",), doc="ranks that skip the next player (Jump)")
    reverse_ranks: tuple[str, ...] = option(("Q",), doc="ranks that reverse the direction (Quick Turn)")
    two_ranks: tuple[str, ...] = option(("2",), doc="ranks that make the next player draw 2 (Two)")
    three_ranks: tuple[str, ...] = option(("3",), doc="ranks that make the next player draw 3 (Three)")
    linked_two_three: bool = option(False, doc="a Two penalty may also be answered with a Three of the same "
                                               "suit, and a Three penalty with a Two of the same suit")
    reverse_on_suit_change: bool = option(False, doc="no Quick Turn card: the direction reverses whenever the "
                                                     "suit to follow changes")
    jokers: int = option(0, between=(0, 4), doc="jokers added to the deck, each a Wild Draw Four")
    joker_rule: str = option("challenge", choices=("challenge", "no_suit", "free"),
                             doc="challenge: a joker may be bluffed while holding the suit, and the next player "
                                 "may challenge it; no_suit: only when holding no card of the suit; free: any time")
    last_card: str = option("any", choices=("any", "no_special", "no_eight", "draw_to_plain"),
                            doc="cards one may go out on: any; no_special: not a special card; no_eight: not a wild "
                                "card (Eight); draw_to_plain: not a special card, and a hand of only special cards "
                                "draws until it holds a plain card")
    multi_play: bool = option(False, doc="several cards of one rank may be played together; effects add up")
    starter_effect: bool = option(False, doc="a special starter applies its effect instead of being covered")
    starter_namer: str = option("dealer", choices=("dealer", "first_player"),
                                doc="with starter_effect, an Eight starter: the dealer names the suit and the "
                                    "dealer's left plays first, or the first player names it and plays")
    reverse_starter: str = option("right", choices=("right", "dealer"),
                                  doc="with starter_effect, a Quick Turn starter: play goes counter-clockwise from "
                                      "the dealer's right, or from the dealer")
    no_counter: bool = option(False, doc="Two, Three and joker penalties cannot be countered")
    challenge_no_counter: bool = option(False, doc="with joker_rule=challenge, a joker's draw four cannot be passed "
                                                   "on with a Two, Three or joker: challenge it or draw")
    two_player_q_is_skip: bool = option(False, doc="with two players in, Quick Turn acts as Jump")
    final_penalty_drawn: bool = option(False, doc="when the last card is a Two/Three/joker, the next player "
                                                  "draws the penalty before the hands are scored")
    round_limit: int = option(5000, between=(50, 100_000),
                              doc="decisions after which a round that cannot end (the rules force the same "
                                  "moves again and again) is stopped and scored like a blocked round")
    effect_names: str = option("page_one", choices=("page_one", "uno"),
                               doc="names of the special cards in messages: page_one (Jump, Quick Turn, Two, "
                                   "Three) or uno (Skip, Reverse, Draw Two, Draw Three)")

    def __post_init__(self) -> None:
        for name in RANK_FIELDS:
            object.__setattr__(self, name, _ranks(self.GAME, name, getattr(self, name)))
        super().__post_init__()

    def validate(self) -> None:
        seen: dict[str, str] = {}
        for name in RANK_FIELDS:
            for rank in getattr(self, name):
                if rank in seen:
                    raise ConfigError(self.GAME, name, getattr(self, name),
                                      f"ranks that carry no other effect ({rank} is already in {seen[rank]})")
                seen[rank] = name
        if self.reverse_on_suit_change and self.reverse_ranks:
            raise ConfigError(self.GAME, "reverse_ranks", self.reverse_ranks,
                              "() when reverse_on_suit_change is on (there is no Quick Turn card then)")
        deck = 52 * self.decks + self.jokers
        most = (deck - 1) // self.players
        if self.hand_size > most:
            raise ConfigError(self.GAME, "hand_size", self.hand_size,
                              f"an integer from 0 to {most} with {self.players} players and {deck} cards")

    @classmethod
    def from_dict(cls, data: Any, base: Any = None) -> PageOneConfig:
        # reverse_on_suit_change has no Quick Turn card: switching it on alone drops the default Q.
        data = dict(data)
        if data.get("reverse_on_suit_change") is True and "reverse_ranks" not in data:
            data["reverse_ranks"] = ()
        result: PageOneConfig = super().from_dict(data, base)
        return result

    def to_dict(self) -> dict[str, Any]:
        # Rank tuples become lists, as they come back from JSON (records compare equal).
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v
                for f in dataclasses.fields(self)}

    @property
    def cards_per_hand(self) -> int:
        if self.hand_size:
            return self.hand_size
        if self.deal_table == "crazy_eights":
            return CRAZY_EIGHTS_TABLE[self.players]
        return 7 if self.decks == 2 else PAGE_ONE_TABLE[self.players]

    @property
    def deck_size(self) -> int:
        return 52 * self.decks + self.jokers

    @property
    def is_match(self) -> bool:
        return self.rounds > 1


PRESETS: dict[str, PageOneConfig] = {
    "classic": PageOneConfig(),
    "crazy_eights": PageOneConfig(
        deal_table="crazy_eights", jump_ranks=(), reverse_ranks=(), two_ranks=(), three_ranks=(),
        voluntary_draw=True, call_mode="off",
    ),
    "family": PageOneConfig(call_mode="catchable", penalty=2, three_ranks=(), voluntary_draw=True),
    "house": PageOneConfig(
        jokers=2, joker_rule="challenge", multi_play=True, starter_effect=True, linked_two_three=True,
        last_card="no_eight", values="pageone_jp", rounds=5,
    ),
    "party": PageOneConfig(decks=2, players=6, play_on=True),
}
DEFAULT_PRESET = "classic"
