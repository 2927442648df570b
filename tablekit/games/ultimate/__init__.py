"""Ultimate (アルティメット): a trick-taking game with an auction, a kitty, trumps and an
optional secret partner. Rules: ``rules.py``.

>>> from tablekit import make
>>> game = make("ultimate", preset="partner")
>>> game.config.partner_call, game.num_players
(True, 4)
"""

from tablekit.core.registry import GameSpec
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
from tablekit.games.ultimate.rules import Ultimate, UltimateState, standing

from tablekit.games.ultimate.bots import HeuristicBot
from tablekit.games.ultimate.encoding import UltimateEncoder
from tablekit.games.ultimate.lessons import LESSONS
from tablekit.games.ultimate.view import round_summary, view_model

GAME_CLASS = Ultimate

SPEC = GameSpec(
    name="ultimate",
    game_class=Ultimate,
    presets=PRESETS,
    default_preset=DEFAULT_PRESET,
    players=(3, 8),
    preset_players=PLAYER_RANGE,
    view=view_model,
    lessons=LESSONS,
    bots={"heuristic": HeuristicBot},
    deal_prefix="UL",
    deal_letters={"B": "basic", "P": "partner", "C": "circle"},
    ui_options=("points", "partner_call", "allow_no_trump", "all_pass"),
    display_options=("four_colour",),
    round_summary=round_summary,
    standing=standing,
    encoder=UltimateEncoder,
)

__all__ = [
    "DEFAULT_PRESET", "GAME_CLASS", "PASS", "PLAYER_RANGE", "PRESETS", "Bid", "CallPartner", "Discard",
    "NameTrump", "Pass", "Play", "SPEC", "Ultimate", "UltimateConfig", "UltimateState", "card_code", "card_from_code",
    "from_code",
]
