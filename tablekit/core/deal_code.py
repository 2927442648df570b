"""Deal codes: a short text naming game, preset, player count and seed, so a whole class can
play the same deal (``UD-B4-7F3A9``: Up&Down, Basic, 4 players, seed 0x7F3A9).

A fresh deal's seed has 64 random bits (:func:`random_seed`), so its code ends in up to 16 hex
digits: far too many seeds to try them all against the cards a player sees. Short codes
(fewer digits, like the 5 of earlier versions) name small seeds and still decode.

>>> encode("up_and_down", "basic", 4, 0x7F3A9)
'UD-B4-7F3A9'
>>> decode("ud-b4-7f3a9")
('up_and_down', 'basic', 4, 521129)
>>> code = encode("page_one", "classic", 4, 0xFEDCBA9876543210)
>>> code
'PO-C4-FEDCBA9876543210'
>>> decode(code) == ("page_one", "classic", 4, 0xFEDCBA9876543210)
True
"""

from __future__ import annotations

import re

from tablekit.core.errors import ConfigError
from tablekit.core.registry import list_games, spec
from tablekit.core.rng import MAX_SEED, is_seed, random_seed

_PATTERN = re.compile(r"^([A-Z]{2})-([A-Z])([2-9])-([0-9A-F]{1,16})$")
_SHAPE = "like UD-B4-7F3A9 (game, preset letter and players, then a seed of 1 to 16 hex digits)"


def _coded_games() -> dict[str, str]:
    """Deal-code prefix -> game name, for every registered game that has deal codes."""
    return {spec(g).deal_prefix: g for g in list_games() if spec(g).deal_prefix}


def _check_players(game: str, players: object, preset: str | None = None) -> int:
    low, high = spec(game).players_for(preset)
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise ConfigError("deal_code", "players", players, f"an integer from {low} to {high}", low=low, high=high)
    return players


def encode(game: str, preset: str, players: int, seed: int) -> str:
    """The deal code of a game's preset, player count and seed (the letters come from the
    game's ``SPEC``); ConfigError when that game or preset has none, or when the player count
    or the seed (0 to 2**64 - 1) cannot be written in a code.

    >>> encode("up_and_down", "basic", 4, 2**64)
    Traceback (most recent call last):
    ...
    tablekit.core.errors.ConfigError: deal_code: option 'seed' must be an integer from 0 to 2**64 - 1 (got 18446744073709551616)
    """
    game_spec = spec(game)
    if not game_spec.deal_prefix:
        raise ConfigError("deal_code", "game", game, sorted(_coded_games().values()))
    letter = game_spec.deal_letter(preset)
    if letter is None:
        raise ConfigError("deal_code", "preset", preset, sorted(game_spec.deal_letters.values()))
    _check_players(game, players, preset)
    if not is_seed(seed):
        raise ConfigError("deal_code", "seed", seed, "an integer from 0 to 2**64 - 1")
    return f"{game_spec.deal_prefix}-{letter}{players}-{seed:X}"


def decode(code: str) -> tuple[str, str, int, int]:
    """(game, preset, players, seed) from a deal code; ConfigError says what is wrong.

    >>> decode("UD-B9-1")
    Traceback (most recent call last):
    ...
    tablekit.core.errors.ConfigError: deal_code: option 'players' must be an integer from 2 to 7 (got 9)
    """
    if not isinstance(code, str):
        raise ConfigError("deal_code", "deal_code", code, _SHAPE)
    match = _PATTERN.match(code.strip().upper())
    if match is None:
        raise ConfigError("deal_code", "deal_code", code, _SHAPE)
    prefix, letter, players, seed = match.groups()
    games = _coded_games()
    if prefix not in games:
        raise ConfigError("deal_code", "game prefix", prefix, sorted(games))
    game = games[prefix]
    letters = spec(game).deal_letters
    if letter not in letters:
        raise ConfigError("deal_code", "preset letter", letter, sorted(letters))
    value = int(seed, 16)
    assert value <= MAX_SEED  # 16 hex digits at most
    return game, letters[letter], _check_players(game, int(players), letters[letter]), value


__all__ = ["decode", "encode", "random_seed"]
