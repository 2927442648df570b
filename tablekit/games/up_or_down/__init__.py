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
from tablekit.core.registry import GameSpec
from tablekit.games.up_or_down.rules import UpOrDown, UpOrDownState, colour, standing

from tablekit.games.up_or_down.bots import HeuristicBot
from tablekit.games.up_or_down.encoding import UpOrDownEncoder
from tablekit.games.up_or_down.lessons import LESSONS
from tablekit.games.up_or_down.view import round_summary, view_model

SPEC = GameSpec(
    name="up_or_down",
    game_class=UpOrDown,
    presets=PRESETS,
    default_preset=DEFAULT_PRESET,
    players=(2, 6),
    view=view_model,
    lessons=LESSONS,
    bots={"heuristic": HeuristicBot},
    deal_prefix="UO",
    deal_letters={"B": "base", "S": "short", "R": "rainbow", "P": "pure_colour", "G": "greenhorn",
                  "H": "greenhorn_pro", "C": "special_colour", "D": "special_colour_pro", "T": "take_special",
                  "A": "take_any", "X": "remove_one"},
    ui_options=("length", "discard_value", "rainbow", "pure_colour", "greenhorn", "special", "take", "remove_one"),
    round_summary=round_summary,
    standing=standing,
    encoder=UpOrDownEncoder,
    search_horizon=30,  # a whole roll-out is ~250 heuristic moves: too slow for a move in a second
)

__all__ = [
    "COLOURS", "DEFAULT_PRESET", "DRAW_DOWN", "DRAW_UP", "NEW_COLUMN", "PRESETS", "Abandon", "Draw", "NewColumn",
    "Place", "Play", "RemoveAndPlace", "SPEC", "Take", "UpOrDown", "UpOrDownConfig", "UpOrDownState", "colour", "from_code",
]
