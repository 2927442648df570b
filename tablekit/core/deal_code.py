"""Deal codes: a short text naming game, preset, player count and seed, so a whole class can
play the same deal (``UD-B4-7F3A9``: Up&Down, Basic, 4 players, seed 0x7F3A9).

>>> encode("up_and_down", "basic", 4, 0x7F3A9)
'UD-B4-7F3A9'
>>> decode("ud-b4-7f3a9")
('up_and_down', 'basic', 4, 521129)
"""

from __future__ import annotations

import os
import re

from tablekit.core.errors import ConfigError
from tablekit.core.registry import list_games, spec

_PATTERN = re.compile(r"^([A-Z]{2})-([A-Z])([2-9])-([0-9A-F]{1,12})$")


def _coded_games() -> dict[str, str]:
    """Deal-code prefix -> game name, for every registered game that has deal codes."""
    return {spec(g).deal_prefix: g for g in list_games() if spec(g).deal_prefix}


def encode(game: str, preset: str, players: int, seed: int) -> str:
    """The deal code of a game's preset, player count and seed (the letters come from the
    game's ``SPEC``); ConfigError when that game or preset has none."""
    game_spec = spec(game)
    if not game_spec.deal_prefix:
        raise ConfigError("deal_code", "game", game, sorted(_coded_games().values()))
    letter = game_spec.deal_letter(preset)
    if letter is None:
        raise ConfigError("deal_code", "preset", preset, sorted(game_spec.deal_letters.values()))
    return f"{game_spec.deal_prefix}-{letter}{players}-{seed:X}"


def decode(code: str) -> tuple[str, str, int, int]:
    """(game, preset, players, seed) from a deal code; ConfigError says what is wrong."""
    match = _PATTERN.match(code.strip().upper())
    if match is None:
        raise ConfigError("deal_code", "deal_code", code, "like UD-B4-7F3A9 (game, preset letter and players, seed)")
    prefix, letter, players, seed = match.groups()
    games = _coded_games()
    if prefix not in games:
        raise ConfigError("deal_code", "game prefix", prefix, sorted(games))
    letters = spec(games[prefix]).deal_letters
    if letter not in letters:
        raise ConfigError("deal_code", "preset letter", letter, sorted(letters))
    return games[prefix], letters[letter], int(players), int(seed, 16)


def random_seed() -> int:
    """A fresh 20-bit seed (five hex digits in a deal code), from the operating system."""
    return int.from_bytes(os.urandom(3), "big") & 0xFFFFF
