"""Up or Down? (Kramer & Kiesling): a ring of six cards, three up-or-down columns per player,
colour scoring and nine variants. Rules: ``rules.py``.

>>> game = UpOrDown(UpOrDownConfig(length="short", players=3))
>>> game.config.top_card, game.num_players
(60, 3)
"""

from tablekit.games.up_or_down.actions import (
    DRAW_DOWN,
    DRAW_UP,
    NEW_COLUMN,
    Abandon,
    Draw,
    NewColumn,
    Place,
    Play,
    RemoveAndPlace,
    Take,
    from_code,
)
from tablekit.games.up_or_down.config import COLOURS, DEFAULT_PRESET, PRESETS, UpOrDownConfig
from tablekit.games.up_or_down.rules import UpOrDown, UpOrDownState, colour

__all__ = [
    "COLOURS", "DEFAULT_PRESET", "DRAW_DOWN", "DRAW_UP", "NEW_COLUMN", "PRESETS", "Abandon", "Draw", "NewColumn",
    "Place", "Play", "RemoveAndPlace", "Take", "UpOrDown", "UpOrDownConfig", "UpOrDownState", "colour", "from_code",
]
