"""Up&Down options and presets. Every "option? yes" row of the spec is a field here."""

from __future__ import annotations

from dataclasses import dataclass

from tablekit.core.config import GameConfig, option
from tablekit.core.errors import ConfigError

HAND_SIZE = 5
DECK_SIZE = 108
MAX_PLAYERS = 7


@dataclass(frozen=True)
class UpAndDownConfig(GameConfig):
    GAME = "up_and_down"

    mode: str = option("basic", choices=("basic", "carry_over", "cul_de_sac"),
                       doc="basic: a match to target_wins; carry_over: chips and a pot; cul_de_sac: co-op with open hands")
    players: int = option(4, between=(2, MAX_PLAYERS), doc="number of seats (hands, in solo)")
    solo: bool = option(False, doc="cul-de-sac only: one person controls every open hand")
    single_game: bool = option(False, doc="stop after one game instead of playing a whole match")
    target_wins: int = option(3, between=(1, 20), doc="basic: game wins needed to take the match")
    max_games: int = option(200, between=(1, 10_000), doc="safety cap on the games of one match")
    special_on_empty_field: str = option("free", choices=("free", "forbidden"),
                                         doc="may a special card be played while the field is empty")
    two_player_turn_is_skip: bool = option(False, doc="with two players left, Turn gives the player another turn")
    shot_may_name_self: bool = option(False, doc="Shot may name the player who plays it")
    # Carry-over
    starting_chips: int = option(10, between=(1, 1000), doc="carry-over: chips each player starts with")
    ante: int = option(1, between=(1, 100), doc="carry-over: chips each player pays into the pot before a game")
    inflation: bool = option(False, doc="carry-over: after a carry-over the next ante is inflation_ante")
    inflation_ante: int = option(2, between=(1, 100), doc="carry-over: the ante after a carry-over when inflation is on")
    payee: str = option("last_play", choices=("last_play", "last_number"),
                        doc="carry-over: who an eliminated player pays: whoever made the latest play, or the latest number play")
    allow_debt: bool = option(False, doc="carry-over: a player with no chips still pays and goes below zero")
    pot_claim_allows_special: bool = option(True, doc="carry-over: a special card counts as the survivor's extra card")
    buy_in: int = option(0, between=(0, 1000),
                         doc="carry-over: chips a player who cannot pay the ante buys to play on (0: no buying)")
    max_buys: int = option(1, between=(1, 100), doc="carry-over: how many times each player may buy chips in a match")
    # Cul-de-sac
    removed_cards: int = option(0, between=(0, 98),
                                doc="cul-de-sac: cards taken out at random before the deal (at most 108 - 5 x players)")
    special_tiebreak_value: int = option(0, between=(0, 100), doc="cul-de-sac: value of a face-down special card in the tie-break sum")

    def validate(self) -> None:
        if self.solo and self.mode != "cul_de_sac":
            raise ConfigError(self.GAME, "solo", self.solo, "False unless mode is 'cul_de_sac'")
        if self.removed_cards and self.mode != "cul_de_sac":
            raise ConfigError(self.GAME, "removed_cards", self.removed_cards, "0 unless mode is 'cul_de_sac'")
        if self.buy_in and self.mode != "carry_over":
            raise ConfigError(self.GAME, "buy_in", self.buy_in, "0 unless mode is 'carry_over'")
        if self.mode == "carry_over" and self.starting_chips < self.ante:
            raise ConfigError(self.GAME, "starting_chips", self.starting_chips,
                              f"at least the ante ({self.ante})")
        most = DECK_SIZE - HAND_SIZE * self.players
        if self.removed_cards > most:
            raise ConfigError(self.GAME, "removed_cards", self.removed_cards,
                              f"an integer from 0 to {most} with {self.players} players")

    @property
    def open_hands(self) -> bool:
        return self.mode == "cul_de_sac"

    @property
    def uses_chips(self) -> bool:
        return self.mode == "carry_over"

    @property
    def is_match(self) -> bool:
        return self.mode != "cul_de_sac" and not self.single_game


PRESETS: dict[str, UpAndDownConfig] = {
    "basic": UpAndDownConfig(mode="basic"),
    "carry_over": UpAndDownConfig(mode="carry_over"),
    "cul_de_sac": UpAndDownConfig(mode="cul_de_sac"),
    "solo": UpAndDownConfig(mode="cul_de_sac", solo=True, players=4),
}
DEFAULT_PRESET = "basic"
