"""Ultimate (アルティメット): a trick-taking game with an auction, a kitty, trumps and an
optional secret partner. Rules: ``rules.py``.

The engine only, for now: the package exports the game class, its config and presets, but no
``SPEC`` yet (a registered game needs a view, lessons and bots, which come next), so it is not
in ``tablekit.core.registry``'s list. Build a game directly:

>>> game = Ultimate(PRESETS["partner"], "partner")
>>> game.config.partner_call, game.num_players
(True, 4)
"""

from tablekit.games.ultimate.actions import (
    PASS,
    Bid,
    CallPartner,
    Discard,
    NameTrump,
    Pass,
    Play,
    card_code,
    card_from_code,
    from_code,
)
from tablekit.games.ultimate.config import DEFAULT_PRESET, PLAYER_RANGE, PRESETS, UltimateConfig
from tablekit.games.ultimate.rules import Ultimate, UltimateState

GAME_CLASS = Ultimate

__all__ = [
    "DEFAULT_PRESET", "GAME_CLASS", "PASS", "PLAYER_RANGE", "PRESETS", "Bid", "CallPartner", "Discard",
    "NameTrump", "Pass", "Play", "Ultimate", "UltimateConfig", "UltimateState", "card_code", "card_from_code",
    "from_code",
]
