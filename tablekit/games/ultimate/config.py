"""Ultimate options and presets. Every "option? yes" row of ``shared/rules/ultimate.md`` (f)
and (g) is a field here, with the spec's default.

Presets:

* ``basic``: the seed's rules: 4 to 8 players, seed point values (deck total 56), no partner.
* ``partner``: ``basic`` with the partner call (応用ルール): after naming trumps the declarer
  names a card, and its holder is the declarer's secret partner.
* ``circle``: the circle9tym rewrite: doubled point values (A 10, K/Q/J 5, 10 1, 5 -1; deck
  total 100, so bids go up to 104) and 3 to 8 players.

>>> PRESETS["circle"].deck_points, PRESETS["basic"].deck_points
(100, 56)
>>> UltimateConfig(players=3)
Traceback (most recent call last):
...
tablekit.core.errors.ConfigError: ultimate: option 'players' must be an integer from 4 to 8 unless allow_three is on (got 3)
>>> hand_layout(5), hand_layout(3), hand_layout(4, "to_kitty")
((9, 5, 2), (15, 5, 2), (11, 8, 0))
"""

from __future__ import annotations

from dataclasses import dataclass

from tablekit.core.config import GameConfig, option
from tablekit.core.errors import ConfigError

DECK_SIZE = 52
MAX_PLAYERS = 8
KITTY_SIZE = 5
#: Point values by rank letter (ranks not listed are worth 0), per ``points`` table.
POINT_TABLES: dict[str, dict[str, int]] = {
    "seed": {"A": 5, "K": 3, "Q": 3, "J": 3, "T": 1, "5": -1},
    "doubled": {"A": 10, "K": 5, "Q": 5, "J": 5, "T": 1, "5": -1},
}


def hand_layout(players: int, remainder: str = "out_of_play") -> tuple[int, int, int]:
    """(hand size, kitty size, leftover cards) for a player count: the largest equal hand from
    the 47 cards after the kitty; ``to_kitty`` adds the leftovers to the kitty."""
    hand = (DECK_SIZE - KITTY_SIZE) // players
    rest = DECK_SIZE - KITTY_SIZE - hand * players
    if remainder == "to_kitty":
        return hand, KITTY_SIZE + rest, 0
    return hand, KITTY_SIZE, rest


@dataclass(frozen=True)
class UltimateConfig(GameConfig):
    GAME = "ultimate"

    players: int = option(4, between=(3, MAX_PLAYERS), doc="number of players (3 only with allow_three)")
    allow_three: bool = option(False, doc="allow a three-player table (circle9tym)")
    points: str = option("seed", choices=tuple(POINT_TABLES),
                         doc="point values: seed (A 5, K/Q/J 3, 10 1, 5 -1) or doubled (A 10, K/Q/J 5, 10 1, 5 -1)")
    remainder: str = option("out_of_play", choices=("out_of_play", "to_kitty"),
                            doc="cards left over after the equal deal: set aside unseen, or added to the kitty")
    min_bid: int = option(1, between=(1, 104), doc="the lowest first bid")
    max_bid: int = option(60, between=(1, 104), doc="the highest bid (at most the sum of the positive point values)")
    all_pass: str = option("redeal", choices=("redeal", "last_forced_min_bid"),
                           doc="when nobody has bid and the last player passes: throw the deal in, or the last player may not pass")
    first_lead: str = option("dealer", choices=("dealer", "declarer", "dealer_left"),
                             doc="who leads the first trick")
    discards_count_for: str = option("nobody", choices=("nobody", "declarer"),
                                     doc="whether the declarer's discarded point cards count toward the contract")
    show_running_points: bool = option(False, doc="teaching: everyone sees the declarer's points taken so far")
    allow_no_trump: bool = option(False, doc="the declarer may name no trump")
    partner_call: bool = option(False, doc="the declarer names a card whose holder is a secret partner")
    call_timing: str = option("after_trump", choices=("after_trump", "before_kitty"),
                              doc="partner call: after the discard and trump, or before taking the kitty")
    forbid_own_card: bool = option(False, doc="partner call: the declarer may not name a card they hold")
    partner_tricks: str = option("combined", choices=("combined", "declarer_only"),
                                 doc="partner call: whose tricks count toward the contract")
    partner_on_fail: str = option("zero", choices=("zero", "half_bid"),
                                  doc="partner call: what the partner scores when the contract fails")
    target: int = option(150, between=(1, 10_000), doc="the game ends when a total reaches this")
    tie: str = option("share", choices=("share", "play_on"),
                      doc="equal highest totals at the end: share the win, or play more deals")
    single_deal: bool = option(False, doc="stop after one deal instead of playing to the target")
    max_deals: int = option(200, between=(1, 10_000), doc="safety cap on the deals of one game (thrown-in deals count)")

    def validate(self) -> None:
        if self.players == 3 and not self.allow_three:
            raise ConfigError(self.GAME, "players", self.players, "an integer from 4 to 8 unless allow_three is on",
                              low=4, high=8)
        if self.min_bid > self.max_bid:
            raise ConfigError(self.GAME, "min_bid", self.min_bid, f"at most max_bid ({self.max_bid})")
        if self.max_bid > self.positive_points:
            raise ConfigError(self.GAME, "max_bid", self.max_bid,
                              f"an integer from {self.min_bid} to {self.positive_points} (all positive points "
                              f"of the {self.points!r} table)", low=self.min_bid, high=self.positive_points)

    @property
    def point_table(self) -> dict[str, int]:
        return POINT_TABLES[self.points]

    @property
    def deck_points(self) -> int:
        """The point value of the whole deck (56 with the seed table)."""
        return 4 * sum(self.point_table.values())

    @property
    def positive_points(self) -> int:
        return 4 * sum(v for v in self.point_table.values() if v > 0)

    @property
    def layout(self) -> tuple[int, int, int]:
        """(hand size, kitty size, leftovers) for this table."""
        return hand_layout(self.players, self.remainder)

    @property
    def is_match(self) -> bool:
        return not self.single_deal


PRESETS: dict[str, UltimateConfig] = {
    "basic": UltimateConfig(),
    "partner": UltimateConfig(partner_call=True),
    "circle": UltimateConfig(points="doubled", allow_three=True, max_bid=104),
}
DEFAULT_PRESET = "basic"
#: The player counts each preset allows (the registry spec will use the widest: 3 to 8).
PLAYER_RANGE: dict[str, tuple[int, int]] = {"basic": (4, 8), "partner": (4, 8), "circle": (3, 8)}

__all__ = ["DEFAULT_PRESET", "KITTY_SIZE", "PLAYER_RANGE", "POINT_TABLES", "PRESETS", "UltimateConfig", "hand_layout"]
