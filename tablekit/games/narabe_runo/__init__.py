"""並べRUNO (Narabe RUNO): UNO cards laid as roads on a grid from a start card toward face-down
scoring cards. Rules: ``rules.py``.

>>> game = NarabeRuno(NarabeRunoConfig(players=3))
>>> game.num_players, len(game.scoring_cells)
(3, 6)
"""

from tablekit.core.registry import GameSpec
from tablekit.games.narabe_runo.actions import PASS, Discard, Pass, Play, from_code
from tablekit.games.narabe_runo.bots import HeuristicBot
from tablekit.games.narabe_runo.config import DEFAULT_PRESET, LAYOUTS, PRESETS, NarabeRunoConfig
from tablekit.games.narabe_runo.encoding import NarabeRunoEncoder
from tablekit.games.narabe_runo.lessons import LESSONS
from tablekit.games.narabe_runo.rules import NarabeRuno, NarabeRunoState, matches, standing
from tablekit.games.narabe_runo.view import round_summary, view_model

SPEC = GameSpec(
    name="narabe_runo",
    game_class=NarabeRuno,
    presets=PRESETS,
    default_preset=DEFAULT_PRESET,
    players=(2, 4),
    view=view_model,
    lessons=LESSONS,
    bots={"heuristic": HeuristicBot},
    deal_prefix="NR",
    deal_letters={"B": "basic", "O": "official", "S": "small_board", "L": "large_board"},
    ui_options=("layout", "wd4_rule", "discard_only_if_stuck", "boundary", "hand_limit", "stall_limit"),
    round_summary=round_summary,
    standing=standing,
    encoder=NarabeRunoEncoder,
)

__all__ = ["DEFAULT_PRESET", "LAYOUTS", "PASS", "PRESETS", "SPEC", "Discard", "NarabeRuno", "NarabeRunoConfig",
           "NarabeRunoState", "Pass", "Play", "from_code", "matches"]
