"""Up&Down (アップんダウン): Basic, Carry-over, Cul-de-sac and solo. Rules: ``rules.py``."""

from tablekit.games.up_and_down.actions import PASS, SHOT, TURN, Play, from_code
from tablekit.games.up_and_down.config import DEFAULT_PRESET, PRESETS, UpAndDownConfig
from tablekit.games.up_and_down.rules import UpAndDown, UpAndDownState

GAME_CLASS = UpAndDown

__all__ = [
    "DEFAULT_PRESET",
    "GAME_CLASS",
    "PASS",
    "PRESETS",
    "SHOT",
    "TURN",
    "Play",
    "UpAndDown",
    "UpAndDownConfig",
    "UpAndDownState",
    "from_code",
]
