"""Up&Down (アップんダウン): Basic, Carry-over, Cul-de-sac and solo. Rules: ``rules.py``."""

from tablekit.core.config import GameConfig
from tablekit.core.registry import GameSpec
from tablekit.games.up_and_down.actions import PASS, SHOT, TURN, Play, from_code
from tablekit.games.up_and_down.bots import HeuristicBot
from tablekit.games.up_and_down.encoding import UpAndDownEncoder
from tablekit.games.up_and_down.config import DEFAULT_PRESET, PRESETS, UpAndDownConfig
from tablekit.games.up_and_down.lessons import LESSONS
from tablekit.games.up_and_down.rules import UpAndDown, UpAndDownState, standing
from tablekit.games.up_and_down.solver import solver
from tablekit.games.up_and_down.view import round_summary, view_model


def _human_seats(config: GameConfig, seat: int) -> frozenset[int]:
    # Solo: one person plays every open hand.
    assert isinstance(config, UpAndDownConfig)
    return frozenset(range(config.players)) if config.solo else frozenset({seat})

SPEC = GameSpec(
    name="up_and_down",
    game_class=UpAndDown,
    presets=PRESETS,
    default_preset=DEFAULT_PRESET,
    players=(2, 7),
    view=view_model,
    lessons=LESSONS,
    bots={"heuristic": HeuristicBot},
    deal_prefix="UD",
    deal_letters={"B": "basic", "C": "carry_over", "D": "cul_de_sac", "S": "solo"},
    ui_options=("single_game", "target_wins", "special_on_empty_field", "starting_chips"),
    mode_options=("mode",),
    human_seats=_human_seats,
    round_summary=round_summary,
    solver=solver,
    standing=standing,
    encoder=UpAndDownEncoder,
)

__all__ = [
    "DEFAULT_PRESET",
    "PASS",
    "PRESETS",
    "SPEC",
    "SHOT",
    "TURN",
    "Play",
    "UpAndDown",
    "UpAndDownConfig",
    "UpAndDownState",
    "from_code",
]
