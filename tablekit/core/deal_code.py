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

# game -> (prefix, {letter: preset}); a new game adds one line.
CODES: dict[str, tuple[str, dict[str, str]]] = {
    "up_and_down": ("UD", {"B": "basic", "C": "carry_over", "D": "cul_de_sac", "S": "solo"}),
    "page_one": ("PO", {"C": "classic", "E": "crazy_eights", "F": "family", "H": "house", "P": "party"}),
}
_PATTERN = re.compile(r"^([A-Z]{2})-([A-Z])([2-9])-([0-9A-F]{1,12})$")


def encode(game: str, preset: str, players: int, seed: int) -> str:
    if game not in CODES:
        raise ConfigError("deal_code", "game", game, sorted(CODES))
    prefix, letters = CODES[game]
    letter = next((k for k, v in letters.items() if v == preset), None)
    if letter is None:
        raise ConfigError("deal_code", "preset", preset, sorted(letters.values()))
    return f"{prefix}-{letter}{players}-{seed:X}"


def decode(code: str) -> tuple[str, str, int, int]:
    """(game, preset, players, seed) from a deal code; ConfigError says what is wrong."""
    match = _PATTERN.match(code.strip().upper())
    if match is None:
        raise ConfigError("deal_code", "deal_code", code, "like UD-B4-7F3A9 (game, preset letter and players, seed)")
    prefix, letter, players, seed = match.groups()
    for game, (game_prefix, letters) in CODES.items():
        if game_prefix == prefix:
            if letter not in letters:
                raise ConfigError("deal_code", "preset letter", letter, sorted(letters))
            return game, letters[letter], int(players), int(seed, 16)
    raise ConfigError("deal_code", "game prefix", prefix, sorted(p for p, _ in CODES.values()))


def random_seed() -> int:
    """A fresh 20-bit seed (five hex digits in a deal code), from the operating system."""
    return int.from_bytes(os.urandom(3), "big") & 0xFFFFF
